import {
  type ConfirmPublicBookingInput,
  type DeclinePublicBookingInput,
  type ListPublicBookingsQuery,
  PUBLIC_BOOKING_ERRORS,
  PUBLIC_BOOKING_PAGE_SIZE,
  type PublicBookingPageOfRequests,
} from '../../../shared/public-booking';
import type { Db, Tx } from '../../db/client';
import { hasSqlState, lockSchedules } from '../../db/concurrency';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import type { PublicBookingEvent } from '../../platform/events';
import * as bookedOnline from '../appointments/booked-online';
import * as availability from '../availability/service';
import { assertHandlesRequests, audit, type Caller, handledRequest, MANAGERS, toRequest } from './access';
import { type BookingFacts, bookingEmails } from './emails';
import * as repository from './repository';
import { patientFor } from './request-patient';
import type { ManageLinks } from './token';

export type Ctx = Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>;

const conflict = (message: string) => new AppError('CONFLICT', message);
export const INVALID_CURSOR = 'Cursor is not valid';

/** The database refused a time (SQLSTATE 23P01: an appointment or a pending request holds it), on either driver. */
export const isOverlap = (error: unknown) => hasSqlState(error, '23P01');

/**
 * How many requests wait for a decision within the caller's reach: a practitioner's own, the whole clinic's
 * for staff and admin, none for anyone else. For the dashboards, which log their own reading.
 */
export async function countPending(db: Db, caller: Caller): Promise<number> {
  if (caller.role === 'practitioner') return repository.countPending(db, caller.id);
  if (MANAGERS.includes(caller.role)) return repository.countPending(db);
  return 0;
}

/**
 * A practitioner's pending requests overlapping a window: time they hold, which the public page's free
 * slots leave out. `exceptId` leaves out the request being moved.
 */
export const pendingSpans = (
  db: Db | Tx,
  practitionerId: string,
  window: { from: Date; to: Date; exceptId?: string },
) => repository.pendingSpans(db, practitionerId, window);

/** What the visitor's emails say, read from the request as it now stands. */
export async function factsOf(
  db: Db | Tx,
  { links, row, withLink }: { links: ManageLinks; row: repository.RequestRow; withLink: boolean },
): Promise<BookingFacts> {
  const settings = await availability.scheduleSettingsOf(db, row.practitionerId);
  return {
    to: row.email,
    name: row.name,
    reference: row.reference,
    serviceName: row.serviceName,
    practitionerName: row.practitionerName,
    startsAt: row.startsAt,
    timeZone: settings.timeZone,
    bookingLink: settings.bookingLink,
    manageToken: withLink ? await links.sign(row.id, row.nonce) : null,
  };
}

export function publishChange(
  ctx: Pick<AppContext, 'events'>,
  {
    name,
    row,
    actorId,
    change,
  }: {
    name: 'public-booking.requested' | 'public-booking.updated';
    row: { id: string; practitionerId: string; status: PublicBookingEvent['status'] };
    actorId: string | null;
    change: PublicBookingEvent['change'];
  },
) {
  ctx.events.publish(name, {
    requestId: row.id,
    practitionerId: row.practitionerId,
    actorId,
    status: row.status,
    change,
  });
}

const encodeCursor = (row: repository.RequestRow) => `${row.createdAt.toISOString()}_${row.id}`;

function decodeCursor(cursor: string): repository.Cursor {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i.exec(cursor);
  const createdAt = match ? new Date(match[1]!) : null;
  if (!match || !createdAt || Number.isNaN(createdAt.getTime()))
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return { createdAt, id: match[2]! };
}

/**
 * The requests within the caller's reach, newest first: a practitioner's own (asking for another
 * practitioner's finds none), anyone's for staff and admin. Each page read is logged.
 */
export async function listRequests(
  db: Db,
  caller: Caller,
  { query, meta }: { query: ListPublicBookingsQuery; meta: RequestMeta },
): Promise<PublicBookingPageOfRequests> {
  assertHandlesRequests(caller);
  const own = caller.role === 'practitioner';
  const elsewhere = own && query.practitionerId !== undefined && query.practitionerId !== caller.id;
  const rows = elsewhere
    ? []
    : await repository.listRequests(db, {
        practitionerId: own ? caller.id : query.practitionerId,
        status: query.status === 'all' ? undefined : query.status,
        cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: PUBLIC_BOOKING_PAGE_SIZE + 1,
      });
  const page = rows.slice(0, PUBLIC_BOOKING_PAGE_SIZE);
  await audit(db, {
    actorId: caller.id,
    action: 'public_booking.listed',
    id: null,
    meta,
    details: { count: page.length, status: query.status, practitionerId: query.practitionerId ?? null },
  });
  return {
    items: page.map(toRequest),
    nextCursor: rows.length > PUBLIC_BOOKING_PAGE_SIZE ? encodeCursor(page[page.length - 1]!) : null,
    pendingCount: await countPending(db, caller),
  };
}

/** Who decides on which request, and the links that sign the visitor's emails. */
type Decision = { links: ManageLinks; caller: Caller; id: string; meta: RequestMeta };

/**
 * Confirms a pending request: the patient (found or made), the practitioner on their care team, and a
 * confirmed appointment at the requested time, in one transaction; 409 when the time was taken meanwhile.
 * The visitor is emailed, with a portal account link when the patient is new.
 */
export async function confirmRequest(
  ctx: Ctx,
  { links, caller, id, input, meta }: Decision & { input: ConfirmPublicBookingInput },
) {
  let outcome: { booked: bookedOnline.BookedOnline; accountLink: string | null; newPatient: boolean };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const row = await handledRequest(tx, caller, { id, lock: true });
      await lockSchedules(tx, [row.practitionerId]);
      if (row.status !== 'pending') throw conflict(PUBLIC_BOOKING_ERRORS.notPending);
      if (row.startsAt.getTime() <= Date.now()) throw conflict(PUBLIC_BOOKING_ERRORS.timePassed);
      const { patientId, accountLink } = (await patientFor(tx, ctx, { decider: caller, row, input, meta }))!;
      // The request stops holding its time first, so the appointment takes it over in the same transaction.
      await repository.updateRequest(tx, id, {
        status: 'confirmed',
        patientId,
        decidedAt: new Date(),
        decidedBy: caller.id,
      });
      const booked = await bookedOnline.bookForRequest(tx, caller, {
        patientId,
        practitionerId: row.practitionerId,
        serviceTypeId: row.serviceTypeId,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        meta,
      });
      await repository.updateRequest(tx, id, { appointmentId: booked.id });
      await audit(tx, {
        actorId: caller.id,
        action: 'public_booking.confirmed',
        id,
        meta,
        details: { patientId, appointmentId: booked.id, newPatient: accountLink !== null },
      });
      return { booked, accountLink, newPatient: accountLink !== null };
    });
  } catch (error) {
    if (isOverlap(error)) throw conflict(PUBLIC_BOOKING_ERRORS.slotTaken);
    // The refusal rolled the transaction back; it is kept in the log, since trying is itself worth knowing.
    if (error instanceof AppError && error.message === PUBLIC_BOOKING_ERRORS.knownPatientForStaff)
      await audit(ctx.db, {
        actorId: caller.id,
        action: 'public_booking.confirm_refused',
        id,
        meta,
        details: { reason: 'known_patient' },
      });
    throw error;
  }
  const row = (await repository.findRequest(ctx.db, id))!;
  await bookedOnline.announceBookedOnline(ctx, outcome.booked);
  if (outcome.newPatient)
    ctx.events.publish('patient.created', { patientId: row.patientId!, actorId: caller.id });
  publishChange(ctx, { name: 'public-booking.updated', row, actorId: caller.id, change: 'confirmed' });
  await bookingEmails.confirmed(
    ctx,
    await factsOf(ctx.db, { links, row, withLink: true }),
    outcome.accountLink,
  );
  return toRequest(row);
}

/** Declines a pending request with a message, which is emailed to the visitor; its time is free again. */
export async function declineRequest(
  ctx: Ctx,
  { links, caller, id, input, meta }: Decision & { input: DeclinePublicBookingInput },
) {
  await ctx.db.transaction(async (tx) => {
    const row = await handledRequest(tx, caller, { id, lock: true });
    if (row.status !== 'pending') throw conflict(PUBLIC_BOOKING_ERRORS.notPending);
    await repository.updateRequest(tx, id, {
      status: 'declined',
      message: input.message,
      decidedAt: new Date(),
      decidedBy: caller.id,
    });
    await audit(tx, { actorId: caller.id, action: 'public_booking.declined', id, meta });
  });
  const row = (await repository.findRequest(ctx.db, id))!;
  publishChange(ctx, { name: 'public-booking.updated', row, actorId: caller.id, change: 'declined' });
  await bookingEmails.declined(ctx, await factsOf(ctx.db, { links, row, withLink: false }), input.message);
  return toRequest(row);
}
