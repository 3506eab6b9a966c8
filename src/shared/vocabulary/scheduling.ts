// Appointment statuses, what each action does to one, and the fixed limits of scheduling.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

/** Where a practitioner without settings works, and the zone the clinic shows times in. */
export const CLINIC_TIME_ZONE = 'Europe/London';

export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'checked_in',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** These hold the slot; cancelled and no_show free it (the database refuses overlaps among these only). */
export const ACTIVE_APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'checked_in', 'completed'] as const;

export const isActiveStatus = (status: AppointmentStatus) =>
  (ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(status);

/** What each action needs the appointment to be in now, and what it makes it. */
export const APPOINTMENT_TRANSITIONS = {
  confirm: { from: ['scheduled'], to: 'confirmed' },
  'check-in': { from: ['scheduled', 'confirmed'], to: 'checked_in' },
  complete: { from: ['scheduled', 'confirmed', 'checked_in'], to: 'completed' },
  'no-show': { from: ['scheduled', 'confirmed'], to: 'no_show' },
  cancel: { from: ['scheduled', 'confirmed'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly AppointmentStatus[]; to: AppointmentStatus }>;

export type AppointmentAction = keyof typeof APPOINTMENT_TRANSITIONS;

/** Time and details may be edited only before the session starts to happen. */
export const EDITABLE_STATUSES = ['scheduled', 'confirmed'] as const satisfies readonly AppointmentStatus[];
export const APPOINTMENT_MIN_MINUTES = 5;
export const APPOINTMENT_MAX_MINUTES = 8 * 60;

/** A patient may cancel their own appointment only while it is more than this far ahead. */
export const PATIENT_CANCEL_NOTICE_HOURS = 24;
export const APPOINTMENT_REMINDER_HOURS = 24;
export const APPOINTMENT_PAGE_SIZE = 50;

/** Where a notification about an appointment leads. */
export const appointmentUrl = (id: string) => `/appointments?appointment=${id}`;
