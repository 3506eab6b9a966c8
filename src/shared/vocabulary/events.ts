// The statuses of community events and of members' registrations, and how they are shown.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;

export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * A registration's life: registered (a seat), pending_payment (a seat held while paying), waitlisted,
 * offered (a freed seat held for them until the offer expires), cancelled (by the member or with the event),
 * expired (an offer or a payment hold that ran out).
 */
export const REGISTRATION_STATUSES = [
  'registered',
  'pending_payment',
  'waitlisted',
  'offered',
  'cancelled',
  'expired',
] as const;

export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The statuses that hold a seat. */
export const SEAT_STATUSES = ['registered', 'pending_payment', 'offered'] as const;

/** The statuses of a registration still in play (at most one per member and event). */
export const ACTIVE_REGISTRATION_STATUSES = [...SEAT_STATUSES, 'waitlisted'] as const;

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  registered: 'Registered',
  pending_payment: 'Awaiting payment',
  waitlisted: 'Waitlisted',
  offered: 'Seat offered',
  cancelled: 'Cancelled',
  expired: 'Expired',
};
