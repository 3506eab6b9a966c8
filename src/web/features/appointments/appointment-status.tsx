import type { Appointment } from '../../../shared/scheduling';
import type { Role } from '../../../shared/vocabulary/roles';
import {
  APPOINTMENT_TRANSITIONS,
  type AppointmentAction,
  type AppointmentStatus,
  EDITABLE_STATUSES,
  PATIENT_CANCEL_NOTICE_HOURS,
} from '../../../shared/vocabulary/scheduling';
import { formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const quiet = status === 'cancelled' || status === 'no_show' || status === 'completed';
  return <Badge variant={quiet ? 'outline' : 'secondary'}>{APPOINTMENT_STATUS_LABELS[status]}</Badge>;
}

/** 'Mon, 23 Nov 2026, 09:00–09:45' in the viewer's own time zone; both days when it runs past midnight. */
export const whenLabel = (appointment: Pick<Appointment, 'startsAt' | 'endsAt'>): string =>
  formatterFor().fullRange(appointment.startsAt, appointment.endsAt);

/** Whole minutes from start to end (the date library's rule, without bringing the library to every list). */
export const durationMinutes = (appointment: Pick<Appointment, 'startsAt' | 'endsAt'>) =>
  Math.trunc((Date.parse(appointment.endsAt) - Date.parse(appointment.startsAt)) / 60_000);

const allows = (action: AppointmentAction, status: AppointmentStatus) =>
  (APPOINTMENT_TRANSITIONS[action].from as readonly AppointmentStatus[]).includes(status);

/** What the viewer may do with an appointment now; the server decides again on every request. */
export function actionsFor(appointment: Appointment, role: Role, now = Date.now()) {
  if (role === 'patient') {
    const farEnough = Date.parse(appointment.startsAt) - now > PATIENT_CANCEL_NOTICE_HOURS * 60 * 60 * 1000;
    return {
      confirm: false,
      checkIn: false,
      complete: false,
      noShow: false,
      cancel: allows('cancel', appointment.status) && farEnough,
      reschedule: false,
      undoNoShow: false,
    };
  }
  return {
    confirm: allows('confirm', appointment.status),
    checkIn: allows('check-in', appointment.status),
    complete: allows('complete', appointment.status),
    noShow: allows('no-show', appointment.status),
    cancel: allows('cancel', appointment.status),
    reschedule: (EDITABLE_STATUSES as readonly AppointmentStatus[]).includes(appointment.status),
    // A no-show marked by mistake is taken back by the desk, with a reason.
    undoNoShow: appointment.status === 'no_show' && (role === 'staff' || role === 'admin'),
  };
}
