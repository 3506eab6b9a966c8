import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';
import { APP_NAME, type RouteKey, screenHeading, withName } from '../../shared/routes';
import { useSession } from '../features/auth/session';

export type RouteHandle = { route: RouteKey };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/**
 * A screen that is not there after all (a capability the clinic has off) names itself `notFound` through
 * this, so the page, its heading and its document title are those of an unknown address.
 */
export const RouteKeyOverride = createContext<RouteKey | null>(null);

/** The route-table entry of the deepest matched route. */
export function useRouteKey(): RouteKey {
  const override = useContext(RouteKeyOverride);
  const matches = useMatches();
  if (override) return override;
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return 'notFound';
}

/**
 * /messages and a video visit's call take the whole screen: no sidebar, and a way back in the header's place of
 * the menu (a call needs the width for the video, above all on a phone).
 */
export function isFullScreen(key: RouteKey): boolean {
  return key === 'messages' || key === 'telehealthSession';
}

/** Title and subtitle of what the user sees here, with {name} filled in. */
export function useScreenHeading(): { title: string; subtitle: string; documentTitle: string } {
  const key = useRouteKey();
  const { user } = useSession();
  const heading = screenHeading(key, user?.role ?? null);
  const subtitle = withName(heading.subtitle, user?.firstName ?? '');
  return { title: heading.title, subtitle, documentTitle: `${heading.title} | ${APP_NAME}` };
}
