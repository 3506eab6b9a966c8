import { useQueryClient } from '@tanstack/react-query';
import { Suspense, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { STORAGE_KEYS } from '../../shared/constants';
import { isKeptFrom, isSafeReturnPath } from '../../shared/routes';
import { useSession } from '../features/auth/session';
import { readStorage, rememberReturnPath, removeStorage } from '../lib/storage';
import { roleHint } from '../lib/token-store';
import { LoadingState } from '../ui/spinner';
import { preloadSignedInScreens } from './lazy-pages';
import { useRouteKey } from './route-info';
import { SessionFrame } from './shell/frame';

function FullPageLoading() {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center">
      <LoadingState label="Loading your session…" />
    </main>
  );
}

/**
 * The frame of the signed-in user's role, or while the session check runs of the role last signed in here, when
 * this browser knows it; otherwise the page-wide status.
 */
function SessionLoading() {
  const { user } = useSession();
  const role = user?.role ?? roleHint.get();
  return role ? <SessionFrame role={role} /> : <FullPageLoading />;
}

/** Signed-in routes: a visitor goes to /login, and we remember where they were going. */
export function RequireUser() {
  const { status, isLoggingOut } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Once inside, the remembered destination has been served.
  useEffect(() => {
    if (status === 'signed-in') removeStorage(STORAGE_KEYS.redirectAfterLogin);
  }, [status]);
  // The screens' code fetched during the session check is waited for, so they render once, complete, rather
  // than suspending on it and showing the frame a moment longer (lib/preloadable.ts).
  const [codeComing, setCodeComing] = useState(false);
  useEffect(() => {
    if (status !== 'loading') return;
    setCodeComing(true);
    void preloadSignedInScreens(location.pathname, queryClient).then(() =>
      startTransition(() => setCodeComing(false)),
    );
  }, [status, location.pathname, queryClient]);
  // The session's answer comes through a store, which React renders at once and in one piece; the whole
  // signed-in page it reveals is built in a deferred render instead, in slices a phone's main thread can breathe between.
  const revealed = useDeferredValue(status !== 'loading' && !codeComing);
  if (status === 'loading' || codeComing || (status === 'signed-in' && !revealed)) return <SessionLoading />;
  if (status === 'signed-out') {
    if (!isLoggingOut) rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  // The shell's or the member layout's code may still be on its way: the frame stays until it has come.
  return (
    <Suspense fallback={<SessionLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** Admin-only and member-only routes: anyone else signed in goes home. The server still decides. */
export function RequireRole() {
  const { user } = useSession();
  const key = useRouteKey();
  if (!user || isKeptFrom(key, user.role)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Where a user goes after signing in: where they were heading, else home. */
export function returnPathAfterLogin(): string {
  const stored = readStorage(STORAGE_KEYS.redirectAfterLogin);
  return isSafeReturnPath(stored) ? stored : '/';
}

/** /login and /register: a signed-in user is sent on to where they were going. */
export function RedirectIfSignedIn() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageLoading />;
  if (status === 'signed-in') return <Navigate to={returnPathAfterLogin()} replace />;
  return <Outlet />;
}
