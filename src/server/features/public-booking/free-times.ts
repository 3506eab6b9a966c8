import { PUBLIC_BOOKING_ERRORS } from '../../../shared/public-booking';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest } from '../../platform/errors';
import * as availability from '../availability/service';
import { pendingSpans } from './service';

export const slotTaken = () => new AppError('CONFLICT', PUBLIC_BOOKING_ERRORS.slotTaken);
export const notOffered = () =>
  badRequest(PUBLIC_BOOKING_ERRORS.serviceNotOffered, {
    serviceTypeId: PUBLIC_BOOKING_ERRORS.serviceNotOffered,
  });

/** The visitor's own booking as it moves: its request and its appointment's time. */
type Moving = { requestId: string; appointment?: { startsAt: Date; endsAt: Date } };

/**
 * Free times for a service between two days of the practitioner's zone, as the clinic computes them, less
 * the time pending requests hold. `moving` is the visitor's own booking as it moves: neither its request
 * nor its appointment stands in its own way.
 */
export async function freeTimes(
  db: Db | Tx,
  {
    practitionerId,
    service,
    days,
    moving,
  }: {
    practitionerId: string;
    service: { id: string; durationMinutes: number };
    days: { from: string; to: string };
    moving?: Moving;
  },
) {
  return availability.publicSlotsFor(db, {
    practitionerId,
    service,
    query: days,
    busyIn: (window) => pendingSpans(db, practitionerId, { ...window, exceptId: moving?.requestId }),
    freeing: moving?.appointment,
  });
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

/** Only one of the free times, exactly as the page offered it, may be asked for. */
export async function assertFree(
  db: Db | Tx,
  {
    practitionerId,
    timeZone,
    service,
    startsAt,
    moving,
  }: {
    practitionerId: string;
    timeZone: string;
    service: { id: string; durationMinutes: number };
    startsAt: Date;
    moving?: Moving;
  },
) {
  const day = dayIn(startsAt, timeZone);
  const { slots } = await freeTimes(db, { practitionerId, service, days: { from: day, to: day }, moving });
  if (!slots.some((slot) => Date.parse(slot.startsAt) === startsAt.getTime())) throw slotTaken();
}
