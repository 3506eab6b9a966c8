/** What other features may use of appointments; everything else in this folder is its own. */

export type { CalendarRange } from './api';
export {
  appointmentKeys,
  schedulingKeys,
  useAppointmentList,
  useAppointmentRange,
  useAvailabilities,
  useAvailability,
  useServiceTypes,
  useUpdateAppointment,
} from './api';
export { AppointmentActions } from './appointment-actions';
export {
  APPOINTMENT_STATUS_LABELS,
  AppointmentStatusBadge,
  actionsFor,
  whenLabel,
} from './appointment-status';
export type { AppointmentFilters } from './list-params';
export { invalidateAppointments, isAppointmentsChanged } from './live';
export type { NewAppointmentPrefill } from './new-appointment-dialog';
export { NewAppointmentDialog } from './new-appointment-dialog';
export { VideoVisitMark } from './video-visit';
