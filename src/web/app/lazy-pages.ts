import { lazy } from 'react';

/** Every screen loads on demand, so the sign-in page's first download stays small. */
export const LoginPage = lazy(() =>
  import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })),
);
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
export const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
export const DashboardScreen = lazy(() =>
  import('../features/dashboard/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
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
export const RecoveryNotePage = lazy(() =>
  import('../features/recovery-notes/note-page').then((m) => ({ default: m.RecoveryNotePage })),
);
export const OnboardingPage = lazy(() =>
  import('../features/onboarding/onboarding-page').then((m) => ({ default: m.OnboardingPage })),
);
export const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
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
