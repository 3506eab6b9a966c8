import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { Outlet } from 'react-router';
import { LogoutOverlay } from '../features/auth/logout-overlay';
import { SessionProvider, useSession } from '../features/auth/session';
import { MessagingProvider } from '../features/messaging/messaging-provider';
import { useAppearance } from '../features/preferences/appearance-applier';
import { LoadingState } from '../ui/spinner';
import { DocumentTitle } from './document-title';

// Loaded after the first screen: toasts come only after something has been done. The listeners and the
// update prompt follow it, so the sign-in page's first download carries none of them (scripts/bundle-budget.ts).
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));
const AccountStatusListener = lazy(() =>
  import('../features/auth/account-status-listener').then((module) => ({
    default: module.AccountStatusListener,
  })),
);
const NotificationListener = lazy(() =>
  import('../features/notifications/notification-listener').then((module) => ({
    default: module.NotificationListener,
  })),
);
const AppUpdate = lazy(() =>
  import('../features/app-update/app-update').then((module) => ({ default: module.AppUpdate })),
);

function AppearanceAndToasts() {
  const appearance = useAppearance();
  // Outside #root, which an open dialog makes inert: a toast raised from a dialog is still seen and read out
  // (its live region is one of those a modal dialog leaves visible to assistive technology).
  return createPortal(
    <Suspense fallback={null}>
      <Toaster theme={appearance.theme} visibleToasts={1} position="bottom-right" closeButton />
    </Suspense>,
    document.body,
  );
}

/**
 * The account-status and notification sockets open as soon as there is a token, before the session check
 * answers: a push sent while a signed-in page is still loading its data is not missed. A visitor's page never
 * loads them, and their code carries no schemas (docs/decisions/0015).
 */
function SessionChannels() {
  const { token } = useSession();
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <AccountStatusListener />
      <NotificationListener />
    </Suspense>
  );
}

/** The root route: session, appearance, the account-status channel, toasts, the sign-out overlay and the update prompt. */
export function AppRoot() {
  return (
    <SessionProvider>
      <AppearanceAndToasts />
      <SessionChannels />
      <DocumentTitle />
      <MessagingProvider>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </MessagingProvider>
      <LogoutOverlay />
      <Suspense fallback={null}>
        <AppUpdate />
      </Suspense>
    </SessionProvider>
  );
}
