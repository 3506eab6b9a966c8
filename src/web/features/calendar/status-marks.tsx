import { Ban, Check, CircleCheckBig, DoorOpen, type LucideIcon, UserX } from 'lucide-react';
import type { Appointment } from '../../../shared/scheduling';
import type { AppointmentStatus } from '../../../shared/vocabulary/scheduling';

/**
 * How each status shows besides its colour (WCAG 1.4.1): an icon beside the time, and a dashed border for the
 * ones that no longer hold the slot. Scheduled is the plain card.
 */
export const STATUS_MARKS: Record<AppointmentStatus, { icon: LucideIcon | null; dashed: boolean }> = {
  scheduled: { icon: null, dashed: false },
  confirmed: { icon: Check, dashed: false },
  checked_in: { icon: DoorOpen, dashed: false },
  completed: { icon: CircleCheckBig, dashed: false },
  cancelled: { icon: Ban, dashed: true },
  no_show: { icon: UserX, dashed: true },
};

/** The statuses the calendar shows (cancelled ones are left out of it; the appointments list keeps them). */
export const CALENDAR_STATUSES = ['scheduled', 'confirmed', 'checked_in', 'completed', 'no_show'] as const;

/** Said after a card's name; scheduled and confirmed (both simply booked) leave it to the details. */
const SPOKEN: Partial<Record<AppointmentStatus, string>> = {
  checked_in: 'checked in',
  completed: 'completed',
  no_show: 'no-show',
};

export function StatusIcon({ status, className }: { status: AppointmentStatus; className?: string }) {
  const Icon = STATUS_MARKS[status].icon;
  return Icon ? <Icon aria-hidden="true" className={className ?? 'size-3 shrink-0'} /> : null;
}

/** '10:00–10:30 Pat Morgan, Follow-up', with the status after it once the session has begun or was missed. */
export function appointmentName(appointment: Appointment, times: string): string {
  const status = SPOKEN[appointment.status];
  return `${times} ${appointment.patientName}, ${appointment.serviceName}${status ? `, ${status}` : ''}`;
}
