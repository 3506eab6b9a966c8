import { Suspense, useDeferredValue } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '../../features/auth/session';
import { Brand } from '../../ui/brand';
import { LoadingState } from '../../ui/spinner';
import { useRouteKey } from '../route-info';
import { Header } from './header';
import { SidebarNav } from './sidebar-nav';
import { SkipLink } from './skip-link';

/** The signed-in shell: sidebar on large screens, header, and the page. /messages is full screen. */
export function AppShell() {
  const user = useUser();
  const isFullScreen = useRouteKey() === 'messages';
  // The frame (heading, navigation) paints at once; the page inside it is built in a second, interruptible
  // render, so a phone shows the screen's title first and its main thread is never held for the whole page.
  const showPage = useDeferredValue(true, false);
  return (
    <div className="flex min-h-screen bg-background">
      <SkipLink />
      {isFullScreen ? null : (
        <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col gap-6 overflow-y-auto border-border border-r bg-sidebar p-4 lg:flex">
          <Brand />
          <SidebarNav role={user.role} label="Main navigation" />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header isFullScreen={isFullScreen} />
        <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          <Suspense fallback={<LoadingState />}>{showPage ? <Outlet /> : <LoadingState />}</Suspense>
        </main>
      </div>
    </div>
  );
}
