import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteDefinition, type RouteKey } from '../../shared/routes';
import { LoginPage } from '../features/auth/login-page';
import { AppRoot } from './app-root';
import { RedirectIfSignedIn, RequireRole, RequireUser } from './guards';
import {
  AdminActivityPage,
  AdminDonationsPage,
  AdminEventsPage,
  AdminOrdersPage,
  AdminOverviewPage,
  AdminPeoplePage,
  AdminQuotesPage,
  AppointmentsPage,
  BillingPage,
  CalendarPage,
  CallPage,
  CareBetweenVisitsGate,
  CheckInPage,
  CheckInsPage,
  CheckoutPage,
  CheckoutSuccessPage,
  DashboardScreen,
  DemoBookingPage,
  ExerciseLibraryPage,
  ForgotPasswordPage,
  ImportPage,
  MemberEventsPage,
  MemberOnboardingPage,
  MemberProfilePage,
  MemberQuotesPage,
  MessagesPage,
  MyDonationsPage,
  MyExercisesPage,
  MyOrdersPage,
  NotBuiltPage,
  NotFoundPage,
  OnboardingPage,
  PatientPortalPage,
  PatientsPage,
  PrintfulPage,
  ProductPage,
  PublicBookingPage,
  PublicBookingsPage,
  RecoveryNotePage,
  RecoveryNotesPage,
  RegisterPage,
  ReportsPage,
  ResetPasswordPage,
  SettingsPage,
  StorePage,
  TelehealthPage,
  TransactionsPage,
  VideoVisitsGate,
} from './lazy-pages';
import { RoleLayout, RoleScreen } from './role-screen';
import { RouteError } from './route-error';

const keysWith = (access: RouteDefinition['access']) =>
  (Object.keys(ROUTES) as RouteKey[]).filter((key) => ROUTES[key].access === access && key !== 'notFound');

const route = (key: RouteKey, element: ReactNode): RouteObject => ({
  path: ROUTES[key].path,
  handle: { route: key },
  element,
});

const BUILT_SCREENS: Partial<Record<RouteKey, ReactNode>> = {
  settings: <SettingsPage />,
  messages: <MessagesPage />,
  clients: <PatientsPage listName="Clients" />,
  patients: <PatientsPage listName="Patients" />,
  recoveryNotes: <RecoveryNotesPage />,
  recoveryNote: <RecoveryNotePage />,
  patientPortal: <PatientPortalPage />,
  appointments: <AppointmentsPage />,
  calendar: <CalendarPage />,
  practitionerPublicBookings: <PublicBookingsPage />,
  adminPublicBookings: <PublicBookingsPage />,
  memberDonate: <MyDonationsPage />,
  reports: <ReportsPage />,
  adminReports: <ReportsPage admin />,
  billing: <BillingPage />,
  admin: <AdminOverviewPage />,
  adminStaff: <AdminPeoplePage key="staff" accountRole="staff" />,
  adminPractitioners: <AdminPeoplePage key="practitioner" accountRole="practitioner" />,
  adminPatients: <AdminPeoplePage key="patient" accountRole="patient" />,
  adminMembers: <AdminPeoplePage key="member" accountRole="member" />,
  adminAdmins: <AdminPeoplePage key="admin" accountRole="admin" />,
  adminActivity: <AdminActivityPage />,
  adminTransactions: <TransactionsPage />,
  adminDonations: <AdminDonationsPage />,
  adminEvents: <AdminEventsPage />,
  // The member's own dashboard: the one their home (/) shows.
  member: <DashboardScreen kind="member" />,
  memberEvents: <MemberEventsPage />,
  memberQuotes: <MemberQuotesPage />,
  memberProfile: <MemberProfilePage />,
  memberOnboarding: <MemberOnboardingPage />,
  memberMessages: <MessagesPage />,
  memberSettings: <SettingsPage />,
  adminQuotes: <AdminQuotesPage />,
  store: <StorePage />,
  memberProduct: <StorePage />,
  product: <ProductPage />,
  checkout: <CheckoutPage />,
  checkoutSuccess: <CheckoutSuccessPage />,
  orders: <MyOrdersPage />,
  memberOrders: <MyOrdersPage />,
  adminOrders: <AdminOrdersPage />,
  adminPrintful: <PrintfulPage />,
  adminImport: <ImportPage />,
};

// The exercise library is a screen of care between visits: behind its gate, not among the spec's screens.
/** Screens of care between visits: not found (as the spec has it) while the clinic has the capability off. */
const CARE_BETWEEN_VISITS_KEYS: readonly RouteKey[] = [
  'exerciseLibrary',
  'checkIns',
  'checkIn',
  'myExercises',
];
/** Screens of video visits: not found (as the spec has it) while the clinic has the capability off. */
const VIDEO_VISITS_KEYS: readonly RouteKey[] = ['telehealth', 'telehealthSession'];
const signedInKeys = keysWith('signed-in').filter(
  (key) => key !== 'home' && !CARE_BETWEEN_VISITS_KEYS.includes(key) && !VIDEO_VISITS_KEYS.includes(key),
);

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [route('login', <LoginPage />), route('register', <RegisterPage />)],
      },
      route('forgotPassword', <ForgotPasswordPage />),
      route('resetPassword', <ResetPasswordPage />),
      route('patientOnboarding', <OnboardingPage />),
      route('publicBooking', <PublicBookingPage />),
      route('bookingDemo', <DemoBookingPage rehearsal={false} />),
      route('dummyBooking', <DemoBookingPage rehearsal />),
      {
        element: <RequireUser />,
        children: [
          {
            element: <CareBetweenVisitsGate roles={['practitioner', 'staff', 'admin']} />,
            children: [
              { element: <RoleLayout />, children: [route('exerciseLibrary', <ExerciseLibraryPage />)] },
            ],
          },
          {
            element: <CareBetweenVisitsGate roles={['patient']} />,
            children: [
              {
                element: <RoleLayout />,
                children: [
                  route('checkIns', <CheckInsPage />),
                  route('checkIn', <CheckInPage />),
                  route('myExercises', <MyExercisesPage />),
                ],
              },
            ],
          },
          {
            element: <VideoVisitsGate roles={['patient', 'practitioner', 'staff', 'admin']} />,
            children: [
              {
                element: <RoleLayout />,
                children: [route('telehealth', <TelehealthPage />), route('telehealthSession', <CallPage />)],
              },
            ],
          },
          {
            element: <RoleLayout />,
            children: [
              { index: true, handle: { route: 'home' }, element: <RoleScreen route="home" /> },
              ...signedInKeys.map((key) => route(key, <RoleScreen route={key} page={BUILT_SCREENS[key]} />)),
              {
                element: <RequireRole />,
                children: keysWith('admin').map((key) =>
                  route(key, BUILT_SCREENS[key] ?? <NotBuiltPage route={key} />),
                ),
              },
              {
                element: <RequireRole />,
                children: keysWith('member').map((key) =>
                  route(key, BUILT_SCREENS[key] ?? <NotBuiltPage route={key} />),
                ),
              },
            ],
          },
        ],
      },
      route('notFound', <NotFoundPage />),
    ],
  },
];
