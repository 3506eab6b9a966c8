import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { Outlet } from 'react-router';
import { AppUpdate } from '../features/app-update/app-update';
import { AccountStatusListener } from '../features/auth/account-status-listener';
import { LogoutOverlay } from '../features/auth/logout-overlay';
import { SessionProvider } from '../features/auth/session';
import { MessagingProvider } from '../features/messaging/messaging-provider';
import { NotificationListener } from '../features/notifications/notification-listener';
import { useAppearance } from '../features/preferences/appearance-applier';
import { LoadingState } from '../ui/spinner';
import { DocumentTitle } from './document-title';

// Loaded after the first screen: toasts come only after something has been done.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

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

/** The root route: session, appearance, the account-status channel, toasts, the sign-out overlay and the update prompt. */
export function AppRoot() {
  return (
    <SessionProvider>
      <AppearanceAndToasts />
      <AccountStatusListener />
      <NotificationListener />
      <DocumentTitle />
      <MessagingProvider>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </MessagingProvider>
      <LogoutOverlay />
      <AppUpdate />
    </SessionProvider>
  );
}
