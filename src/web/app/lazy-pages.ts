import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { dashboardQueryOptions } from '../features/dashboard/api';
import { warmFormats } from '../lib/format';
import { preloadable } from '../lib/preloadable';

/**
 * Every screen but sign-in loads on demand, so the sign-in page's first download stays small. Sign-in itself is
 * in that first download (app/routes.tsx): it is every visitor's first screen, and loading it on demand cost
 * a phone a further round of requests before anything could be typed.
 */
export const RegisterPage = lazy(() =>
  import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('../features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const PublicBookingPage = lazy(() =>
  import('../features/public-booking/public-booking-page').then((m) => ({ default: m.PublicBookingPage })),
);
export const DemoBookingPage = lazy(() =>
  import('../features/public-booking/public-booking-page').then((m) => ({ default: m.DemoBookingPage })),
);
export const PublicBookingsPage = lazy(() =>
  import('../features/public-booking/requests-page').then((m) => ({ default: m.PublicBookingsPage })),
);
export const NotBuiltPage = lazy(() =>
  import('../features/placeholder/not-built-page').then((m) => ({ default: m.NotBuiltPage })),
);
/** Screens of care between visits are behind it; it asks for the clinic's features, which first paint need not. */
export const CareBetweenVisitsGate = lazy(() =>
  import('./care-between-visits-gate').then((m) => ({ default: m.CareBetweenVisitsGate })),
);
/** Screens of video visits are behind it, for the same reason. */
export const VideoVisitsGate = lazy(() =>
  import('./care-between-visits-gate').then((m) => ({ default: m.VideoVisitsGate })),
);
export const TelehealthPage = lazy(() =>
  import('../features/telehealth/telehealth-page').then((m) => ({ default: m.TelehealthPage })),
);
export const CallPage = lazy(() =>
  import('../features/telehealth/call-page').then((m) => ({ default: m.CallPage })),
);
export const ExerciseLibraryPage = lazy(() =>
  import('../features/exercise-library/library-page').then((m) => ({ default: m.ExerciseLibraryPage })),
);
export const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
export const DashboardScreen = preloadable(() =>
  import('../features/dashboard/dashboard-screen').then((m) => m.DashboardScreen),
);
export const SettingsPage = lazy(() =>
  import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })),
);
export const MessagesPage = lazy(() =>
  import('../features/messaging/messages-page').then((m) => ({ default: m.MessagesPage })),
);
export const PatientsPage = lazy(() =>
  import('../features/patients/patients-page').then((m) => ({ default: m.PatientsPage })),
);
export const RecoveryNotesPage = lazy(() =>
  import('../features/recovery-notes/notes-page').then((m) => ({ default: m.RecoveryNotesPage })),
);
export const CheckInsPage = lazy(() =>
  import('../features/check-ins/check-ins-page').then((m) => ({ default: m.CheckInsPage })),
);
export const CheckInPage = lazy(() =>
  import('../features/check-ins/check-in-form').then((m) => ({ default: m.CheckInPage })),
);
export const RecoveryNotePage = lazy(() =>
  import('../features/recovery-notes/note-page').then((m) => ({ default: m.RecoveryNotePage })),
);
export const MyExercisesPage = lazy(() => import('../features/exercise-programmes/my-exercises-page'));
export const OnboardingPage = lazy(() =>
  import('../features/onboarding/onboarding-page').then((m) => ({ default: m.OnboardingPage })),
);
export const AppShell = preloadable(() => import('./shell/app-shell').then((m) => m.AppShell));

/**
 * A browser holding a session token will most likely show the shell next, and at / a dashboard: fetching their
 * code and the dashboard's figures while the session is checked saves a phone two rounds of requests
 * (bench/lighthouse.ts), and the dashboard then renders once, with its figures, instead of a spinner first. It
 * costs a member, whose pages have no shell, one unused download; a token the server no longer accepts ends the
 * session through the session check, as it would anyway.
 */
export function preloadSignedInScreens(pathname: string, queryClient: QueryClient): Promise<unknown> {
  const code: Promise<unknown>[] = [AppShell.preload()];
  if (pathname === '/') {
    code.push(DashboardScreen.preload());
    void queryClient.prefetchQuery(dashboardQueryOptions);
  }
  startedPreloads.push(...code);
  // While the code and the session check are on their way the main thread is free: the formats are made now.
  window.setTimeout(warmFormats, 0);
  return Promise.allSettled(code);
}

/**
 * The downloads preloadSignedInScreens started. Nothing waits on them in the app; the web tests' setup lets them
 * finish before a test file's environment is torn down, which a module still loading would not survive.
 */
export const startedPreloads: Promise<unknown>[] = [];
export const MemberLayout = lazy(() =>
  import('./shell/member-layout').then((m) => ({ default: m.MemberLayout })),
);
export const PatientPortalPage = lazy(() =>
  import('../features/patient-portal/patient-portal-page').then((m) => ({ default: m.PatientPortalPage })),
);
export const AppointmentsPage = lazy(() =>
  import('../features/appointments/appointments-page').then((m) => ({ default: m.AppointmentsPage })),
);
export const CalendarPage = lazy(() =>
  import('../features/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })),
);
export const MyDonationsPage = lazy(() =>
  import('../features/donations/my-donations-page').then((m) => ({ default: m.MyDonationsPage })),
);
export const AdminOverviewPage = lazy(() =>
  import('../features/admin/overview-page').then((m) => ({ default: m.AdminOverviewPage })),
);
export const AdminPeoplePage = lazy(() =>
  import('../features/admin/people-page').then((m) => ({ default: m.PeoplePage })),
);
export const AdminActivityPage = lazy(() =>
  import('../features/admin/activity-page').then((m) => ({ default: m.ActivityPage })),
);
export const ImportPage = lazy(() =>
  import('../features/imports/import-page').then((m) => ({ default: m.ImportPage })),
);
export const BillingPage = lazy(() =>
  import('../features/billing/billing-page').then((m) => ({ default: m.BillingPage })),
);
export const ReportsPage = lazy(() =>
  import('../features/reports/reports-page').then((m) => ({ default: m.ReportsPage })),
);
export const TransactionsPage = lazy(() =>
  import('../features/transactions/transactions-page').then((m) => ({ default: m.TransactionsPage })),
);
export const AdminDonationsPage = lazy(() =>
  import('../features/donations/admin-donations-page').then((m) => ({ default: m.AdminDonationsPage })),
);
export const MemberEventsPage = lazy(() =>
  import('../features/events/member-events-page').then((m) => ({ default: m.MemberEventsPage })),
);
export const AdminEventsPage = lazy(() =>
  import('../features/events/admin-events-page').then((m) => ({ default: m.AdminEventsPage })),
);
export const MemberQuotesPage = lazy(() =>
  import('../features/quotes/member-quotes-page').then((m) => ({ default: m.MemberQuotesPage })),
);
export const AdminQuotesPage = lazy(() =>
  import('../features/quotes/admin-quotes-page').then((m) => ({ default: m.AdminQuotesPage })),
);
export const MemberProfilePage = lazy(() =>
  import('../features/member-profile/member-profile-page').then((m) => ({ default: m.MemberProfilePage })),
);
export const MemberOnboardingPage = lazy(() =>
  import('../features/member-profile/member-onboarding-page').then((m) => ({
    default: m.MemberOnboardingPage,
  })),
);
export const StorePage = lazy(() =>
  import('../features/store/store-page').then((m) => ({ default: m.StorePage })),
);
export const ProductPage = lazy(() =>
  import('../features/store/product-page').then((m) => ({ default: m.ProductPage })),
);
export const CheckoutPage = lazy(() =>
  import('../features/store/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
export const CheckoutSuccessPage = lazy(() =>
  import('../features/store/orders-pages').then((m) => ({ default: m.CheckoutSuccessPage })),
);
export const MyOrdersPage = lazy(() =>
  import('../features/store/orders-pages').then((m) => ({ default: m.MyOrdersPage })),
);
export const AdminOrdersPage = lazy(() =>
  import('../features/store/admin-orders-page').then((m) => ({ default: m.AdminOrdersPage })),
);
export const PrintfulPage = lazy(() =>
  import('../features/printful/printful-page').then((m) => ({ default: m.PrintfulPage })),
);
