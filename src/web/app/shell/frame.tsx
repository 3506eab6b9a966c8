import type { ReactNode } from 'react';
import { isKeptFrom, screenHeading } from '../../../shared/routes';
import type { Role } from '../../../shared/vocabulary/roles';
import { Brand } from '../../ui/brand';
import { PageHeading } from '../../ui/page-heading';
import { LoadingState } from '../../ui/spinner';
import { isFullScreen, useRouteKey } from '../route-info';
import { SkipLink } from './skip-link';

/**
 * The layouts of the signed-in pages, without their controls. They come with the first download, so a reload can
 * paint the frame and the screen's heading while the session check and the shell's code are still on their way
 * (SessionFrame, docs/decisions/0017); the shell and the member layout fill the same frames once they arrive.
 */

/**
 * Sidebar on large screens (none on a full-screen page), header, and the page. `inert` leaves out the skip link and
 * the brand's link: the frame shown during the session check holds nothing the keyboard could reach, so no focus
 * is lost when the shell takes its place.
 */
export function ShellFrame({
  fullScreen,
  navigation,
  header,
  children,
  inert = false,
}: {
  fullScreen: boolean;
  navigation?: ReactNode;
  header: ReactNode;
  children: ReactNode;
  inert?: boolean;
}) {
  return (
    <div className="flex min-h-screen bg-background">
      {inert ? null : <SkipLink />}
      {fullScreen ? null : (
        // The column carries the colour and the border down the whole page, however tall; the sidebar inside
        // it stays in view as the page scrolls.
        <div className="hidden w-64 shrink-0 border-border border-r bg-sidebar lg:block">
          <aside className="sticky top-0 flex max-h-screen flex-col gap-6 overflow-y-auto p-4">
            <Brand asText={inert} />
            {navigation}
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        {header}
        <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The shell's header: a control at the start, the screen's heading, the actions at the end. */
export function HeaderFrame({
  start,
  title,
  subtitle,
  actions,
}: {
  start: ReactNode;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-40 flex min-h-16 flex-wrap items-center gap-x-3 gap-y-1 border-border border-b bg-background px-4 py-2">
      {start}
      <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
        <h1 className="truncate font-semibold text-lg leading-tight">{title}</h1>
        {subtitle ? (
          <p className="hidden truncate text-muted-foreground text-sm sm:block">{subtitle}</p>
        ) : null}
      </div>
      <div className="ml-auto flex min-h-10 items-center gap-1 sm:gap-2">{actions}</div>
    </header>
  );
}

/** Holds the place of the header's first control (the menu button on small screens) until it loads. */
export function HeaderStartPlaceholder({ fullScreen }: { fullScreen: boolean }) {
  return <span aria-hidden="true" className={fullScreen ? 'size-10' : 'size-10 lg:hidden'} />;
}

/** A member's pages: a top bar with the brand and the actions, then the heading and the page (`inert` as above). */
export function MemberFrame({
  actions,
  title,
  subtitle,
  children,
  inert = false,
}: {
  actions?: ReactNode;
  title: string;
  subtitle?: string;
  children: ReactNode;
  inert?: boolean;
}) {
  return (
    <div className="min-h-screen bg-background">
      {inert ? null : <SkipLink />}
      <header className="border-border border-b">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          <div className="flex-1">
            <Brand asText={inert} />
          </div>
          {actions}
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 outline-none"
      >
        <PageHeading title={title} subtitle={subtitle} />
        {children}
      </main>
    </div>
  );
}

/**
 * What a reload with a session token shows while the session check runs: the frame of the role last signed in
 * here, with the screen's heading, and the session's loading status where the page goes. A phone paints the
 * heading (its largest text) after the first download instead of after the check, the shell's files and a render.
 * Nothing in it can be used or focused before the check answers: no skip link, no links, no controls.
 */
export function SessionFrame({ role }: { role: Role }) {
  const routeKey = useRouteKey();
  // Where the answer will send this role: home, from a route kept for another.
  const key = isKeptFrom(routeKey, role) ? 'home' : routeKey;
  const { title } = screenHeading(key, role);
  const loading = <LoadingState label="Loading your session…" />;
  if (role === 'member')
    return (
      <MemberFrame title={title} inert>
        {loading}
      </MemberFrame>
    );
  const fullScreen = isFullScreen(key);
  return (
    <ShellFrame
      inert
      fullScreen={fullScreen}
      header={<HeaderFrame start={<HeaderStartPlaceholder fullScreen={fullScreen} />} title={title} />}
    >
      {loading}
    </ShellFrame>
  );
}
