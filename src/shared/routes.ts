import type { Role } from './roles';

/** The browser's route table (specification section 2): paths, who may reach them, titles and subtitles. */
export const APP_NAME = 'Clinic Portal';

/** Who may reach a route: anyone, any signed-in user, admins only, or members only. */
export type RouteAccess = 'public' | 'signed-in' | 'admin' | 'member';

/** What a role sees instead of the screen itself (specification section 2, signed-in routes). */
export type DashboardKind = 'patient' | 'practitioner' | 'member' | 'general';

export type RouteDefinition = {
  path: string;
  access: RouteAccess;
  title: string;
  /** {name} is replaced by the signed-in user's first name. */
  subtitle: string;
  /** Roles that see a dashboard here instead of the screen. */
  shows?: Partial<Record<Role, DashboardKind>>;
  /** The screen's own title for a role that names it differently (specification, sidebar by role). */
  titles?: Partial<Record<Role, string>>;
};

const MEMBER_SEES_DASHBOARD = { member: 'member' } as const;
const PATIENT_AND_MEMBER_SEE_DASHBOARD = { patient: 'patient', member: 'member' } as const;

const publicRoute = (path: string, title: string, subtitle = ''): RouteDefinition => ({
  path,
  access: 'public',
  title,
  subtitle,
});

const signedIn = (
  path: string,
  { title, subtitle, shows, titles }: Pick<RouteDefinition, 'title' | 'subtitle' | 'shows' | 'titles'>,
): RouteDefinition => ({ path, access: 'signed-in', title, subtitle, shows, titles });

const adminRoute = (path: string, title: string, subtitle: string): RouteDefinition => ({
  path,
  access: 'admin',
  title,
  subtitle,
});

const memberRoute = (path: string, title: string, subtitle: string): RouteDefinition => ({
  path,
  access: 'member',
  title,
  subtitle,
});

export const ROUTES = {
  login: publicRoute('/login', 'Sign in', 'Sign in to your clinic account'),
  register: publicRoute('/register', 'Create an account', 'Join the clinic as a patient or a supporter'),
  forgotPassword: publicRoute('/forgot-password', 'Forgot password', 'We will email you a reset link'),
  resetPassword: publicRoute('/reset-password', 'Reset password', 'Choose a new password'),
  patientOnboarding: publicRoute('/patient-onboarding', 'Patient Onboarding', 'Tell us about yourself'),
  publicBooking: publicRoute('/book/:bookingLink', 'Book an Appointment', 'Choose a service and a time'),
  dummyBooking: publicRoute('/dummy-booking', 'Booking Rehearsal', 'Try the booking flow; nothing is stored'),
  bookingDemo: publicRoute('/booking-demo', 'Booking Demo', 'The demo practitioner’s booking page'),

  home: signedIn('/', { title: 'Dashboard', subtitle: 'Welcome back, {name}' }),
  patientPortal: signedIn('/patient-portal', {
    title: 'Patient Portal',
    subtitle: 'Your care in one place, {name}',
  }),
  clients: signedIn('/clients', {
    title: 'Clients',
    subtitle: 'Find and manage patient records',
    shows: PATIENT_AND_MEMBER_SEE_DASHBOARD,
  }),
  patients: signedIn('/patients', {
    title: 'Patients',
    subtitle: 'Find and manage patient records',
    shows: PATIENT_AND_MEMBER_SEE_DASHBOARD,
  }),
  calendar: signedIn('/calendar', {
    title: 'Calendar',
    subtitle: 'Your schedule at a glance',
    shows: MEMBER_SEES_DASHBOARD,
    titles: { practitioner: 'Treatment Calendar', patient: 'My Calendar' },
  }),
  appointments: signedIn('/appointments', {
    title: 'Appointments',
    subtitle: 'Upcoming, past and cancelled',
    shows: MEMBER_SEES_DASHBOARD,
    titles: { practitioner: 'Treatment Sessions', patient: 'My Appointments' },
  }),
  recoveryNotes: signedIn('/recovery-notes', {
    title: 'Recovery Notes',
    subtitle: 'Progress notes and recovery scores',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  recoveryNote: signedIn('/recovery-notes/:id', {
    title: 'Recovery Note',
    subtitle: 'One note with its history',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  // Beyond the specification: a patient's check-ins, offered while the clinic has care between visits on.
  checkIns: signedIn('/check-ins', {
    title: 'Check-ins',
    subtitle: 'Short questionnaires from your care team',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  checkIn: signedIn('/check-ins/:id', {
    title: 'Check-in',
    subtitle: 'A few questions about how you are doing',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  myExercises: signedIn('/my-exercises', {
    title: 'My Exercises',
    subtitle: 'Today’s home exercises',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  // Video visits: only while the clinic has them on (the web router's gate; the server refuses too). Off, the
  // sidebar keeps the specification's 'Telehealth (Coming Soon)' placeholder and these addresses are unknown.
  telehealth: signedIn('/telehealth', {
    title: 'Telehealth',
    subtitle: 'Today’s and upcoming video visits',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  telehealthSession: signedIn('/telehealth-session/:appointmentId', {
    title: 'Video Visit',
    subtitle: 'Your call with the clinic',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  billing: signedIn('/billing', {
    title: 'Billing',
    subtitle: 'Invoices and payments',
    shows: MEMBER_SEES_DASHBOARD,
    titles: { practitioner: 'Service Billing', patient: 'My Billing' },
  }),
  messages: signedIn('/messages', {
    title: 'Messages',
    subtitle: 'Your conversations',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  settings: signedIn('/settings', {
    title: 'Settings',
    subtitle: 'Manage your profile, security and appearance',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  practitionerPublicBookings: signedIn('/practitioner/public-bookings', {
    title: 'Public Bookings',
    subtitle: 'Requests from your booking page',
    shows: MEMBER_SEES_DASHBOARD,
  }),
  reports: signedIn('/reports', {
    title: 'Reports',
    subtitle: 'How the clinic is doing',
    shows: PATIENT_AND_MEMBER_SEE_DASHBOARD,
  }),
  // Care between visits: only while the clinic has it on (the web router's gate; the server refuses too).
  exerciseLibrary: signedIn('/exercises', { title: 'Exercise Library', subtitle: 'Home exercises' }),
  store: signedIn('/store', { title: 'Store', subtitle: 'Merchandise that supports the clinic' }),
  checkout: signedIn('/checkout', { title: 'Checkout', subtitle: 'Review your cart and pay' }),
  checkoutSuccess: signedIn('/checkout/success', {
    title: 'Order Confirmed',
    subtitle: 'Thank you for your order',
  }),
  product: signedIn('/product/:id', { title: 'Product', subtitle: 'Product details' }),
  memberOrders: signedIn('/member/orders', { title: 'My Orders', subtitle: 'Your order history' }),
  orders: signedIn('/orders', { title: 'Orders', subtitle: 'Your order history' }),

  admin: adminRoute('/admin', 'Admin Panel', 'Run the clinic'),
  adminTransactions: adminRoute('/admin/transactions', 'Transactions', 'Every payment, with refunds'),
  adminStaff: adminRoute('/admin/staff', 'Staff', 'Manage staff accounts'),
  adminPractitioners: adminRoute('/admin/practitioners', 'Practitioners', 'Manage practitioner accounts'),
  adminPatients: adminRoute('/admin/patients', 'Patients', 'Manage patient accounts'),
  adminMembers: adminRoute('/admin/members', 'Members', 'Manage member accounts'),
  adminAdmins: adminRoute('/admin/admins', 'Admins', 'Manage admin accounts'),
  adminQuotes: adminRoute('/admin/quotes', 'Quotes', 'Answer members’ quote requests'),
  adminDonations: adminRoute('/admin/donations', 'Donations', 'Every donation received'),
  adminReports: adminRoute('/admin/reports', 'Admin Reports', 'Clinic, store, events and membership figures'),
  adminActivity: adminRoute('/admin/activity', 'Activity Log', 'Who did what, and when'),
  adminImport: adminRoute('/admin/import', 'Import', 'Clients and appointments from another system'),
  adminPrintful: adminRoute('/admin/printful', 'Print on Demand', 'Printful products and fulfilment'),
  adminOrders: adminRoute('/admin/orders', 'Store Orders', 'Move orders through fulfilment'),
  adminEvents: adminRoute('/admin/events', 'Events', 'Create events and check in attendees'),
  adminPublicBookings: adminRoute(
    '/admin/public-bookings',
    'Public Bookings',
    'Booking requests across the clinic',
  ),

  member: memberRoute('/member', 'Member Dashboard', 'Welcome back, {name}'),
  memberEvents: memberRoute('/member/events', 'Events', 'Upcoming community events'),
  memberProduct: memberRoute('/member/product', 'Merchandise', 'Merchandise that supports the clinic'),
  memberProfile: memberRoute('/member/profile', 'My Profile', 'Your supporter profile'),
  memberOnboarding: memberRoute(
    '/member/onboarding',
    'Member Onboarding',
    'Your interests and how you support',
  ),
  memberQuotes: memberRoute('/member/quotes', 'Quotes', 'Bulk, custom and sponsorship quotes'),
  memberDonate: memberRoute('/member/donate', 'Donate', 'Your donations and giving'),
  // Members see their dashboard on /messages and /settings (specification section 2); these are theirs.
  memberMessages: memberRoute('/member/messages', 'Messages', 'Your conversations with the clinic'),
  memberSettings: memberRoute('/member/settings', 'Settings', 'Your account, security and appearance'),

  notFound: publicRoute('*', 'Page not found', ''),
} as const satisfies Record<string, RouteDefinition>;

export type RouteKey = keyof typeof ROUTES;

export const DASHBOARDS: Record<DashboardKind, { title: string; subtitle: string }> = {
  patient: { title: 'My Health Overview', subtitle: 'Welcome back, {name}. Here is your care at a glance.' },
  practitioner: { title: 'Practitioner Dashboard', subtitle: 'Welcome back, {name}. Here is your day.' },
  member: { title: 'Member Dashboard', subtitle: 'Welcome back, {name}. Thank you for your support.' },
  general: { title: 'Clinic Dashboard', subtitle: 'Welcome back, {name}. Here is the clinic today.' },
};

/** '/' is the role home: patient, practitioner and member dashboards, otherwise the general one. */
export function homeDashboardFor(role: Role): DashboardKind {
  if (role === 'patient' || role === 'practitioner' || role === 'member') return role;
  return 'general';
}

/** The dashboard a role sees on a route instead of the screen itself, if any. */
export function dashboardFor(key: RouteKey, role: Role): DashboardKind | null {
  if (key === 'home') return homeDashboardFor(role);
  const shows: RouteDefinition['shows'] = ROUTES[key].shows;
  return shows?.[role] ?? null;
}

/** A route kept for admins or for members, opened by anyone else: the browser sends them home (the server decides). */
export function isKeptFrom(key: RouteKey, role: Role): boolean {
  const { access } = ROUTES[key];
  return (access === 'admin' || access === 'member') && access !== role;
}

/** Title and subtitle of what the user actually sees on a route. */
export function screenHeading(key: RouteKey, role: Role | null): { title: string; subtitle: string } {
  const dashboard = role ? dashboardFor(key, role) : null;
  if (dashboard) return DASHBOARDS[dashboard];
  const route: RouteDefinition = ROUTES[key];
  return { title: (role && route.titles?.[role]) || route.title, subtitle: route.subtitle };
}

export function withName(text: string, firstName: string): string {
  return text.replaceAll('{name}', firstName);
}

/** A stored return path is only followed when it stays inside the app (no open redirect). */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0];
  return !['/login', '/register', '/forgot-password', '/reset-password'].includes(pathname);
}
