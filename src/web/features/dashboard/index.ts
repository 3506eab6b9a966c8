/** What other features may use of dashboard; everything else in this folder is its own. */
export { dashboardKeys, isDashboardChanged, useDashboard } from './api';
export { NextAppointmentCard } from './appointment-cards';
export { DashboardCard, UnreadMessagesCard } from './cards';
export { DashboardBody } from './dashboard-screen';
export { OnboardingCard, ProgressCard, SharedNotesCard } from './patient-dashboard';
