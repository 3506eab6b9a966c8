import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '../../features/auth/session';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { LoadingState } from '../../ui/spinner';
import { isFullScreen, useRouteKey } from '../route-info';
import { ShellFrame } from './frame';
import { Header } from './header';
import { SidebarNav } from './sidebar-nav';

// Loaded once the page has painted: the automatic sign-out waits minutes before it shows anything, and its
// warning (a dialog) brings the controls' code (docs/decisions/0044).
const IdleSignOut = lazy(() =>
  import('../../features/devices/idle-sign-out').then((module) => ({ default: module.IdleSignOut })),
);

/** The signed-in shell: sidebar on large screens, header, and the page. /messages is full screen. */
export function AppShell() {
  const user = useUser();
  const fullScreen = isFullScreen(useRouteKey());
  const afterPaint = useAfterFirstPaint();
  return (
    <ShellFrame
      fullScreen={fullScreen}
      navigation={<SidebarNav role={user.role} label="Main navigation" />}
      header={<Header isFullScreen={fullScreen} />}
    >
      {/* The page renders with the frame, in one pass: RequireUser reveals both once their code is in (decision 0044). */}
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
      {afterPaint ? (
        <Suspense fallback={null}>
          <IdleSignOut />
        </Suspense>
      ) : null}
    </ShellFrame>
  );
}
