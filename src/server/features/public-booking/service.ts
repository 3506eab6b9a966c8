import { randomBytes } from 'node:crypto';
import {
  type ConfirmPublicBookingInput,
  type DeclinePublicBookingInput,
  type ListPublicBookingsQuery,
  PUBLIC_BOOKING_ERRORS,
  PUBLIC_BOOKING_PAGE_SIZE,
  type PublicBookingPageOfRequests,
} from '../../../shared/public-booking';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { hasSqlState, lockSchedules } from '../../db/concurrency';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { PublicBookingEvent } from '../../platform/events';
import * as accounts from '../accounts/service';
import * as bookedOnline from '../appointments/booked-online';
import { createResetLink } from '../auth/service';
import * as availability from '../availability/service';
import * as careTeam from '../care-team/service';
import * as patients from '../patients/service';
import { assertHandlesRequests, audit, type Caller, handledRequest, MANAGERS, toRequest } from './access';
import { type BookingFacts, bookingEmails } from './emails';
import * as repository from './repository';
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
  window: { from: Date; to: Date },
  exceptId?: string,
) => repository.pendingSpans(db, practitionerId, window, exceptId);

/** What the visitor's emails say, read from the request as it now stands. */
export async function factsOf(
  db: Db | Tx,
  links: ManageLinks,
  row: repository.RequestRow,
  options: { withLink: boolean },
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
    manageToken: options.withLink ? await links.sign(row.id, row.nonce) : null,
  };
}

export function publishChange(
  ctx: Pick<AppContext, 'events'>,
  name: 'public-booking.requested' | 'public-booking.updated',
  row: { id: string; practitionerId: string; status: PublicBookingEvent['status'] },
  actorId: string | null,
  change: PublicBookingEvent['change'],
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
  query: ListPublicBookingsQuery,
  meta: RequestMeta,
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
  await audit(db, caller.id, 'public_booking.listed', null, meta, {
    count: page.length,
    status: query.status,
    practitionerId: query.practitionerId ?? null,
  });
  return {
    items: page.map(toRequest),
    nextCursor: rows.length > PUBLIC_BOOKING_PAGE_SIZE ? encodeCursor(page[page.length - 1]!) : null,
    pendingCount: await countPending(db, caller),
  };
}

/** 'Jo Anne Bloggs' becomes Jo / Anne Bloggs; a single word is the first name. */
function splitName(name: string) {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName: firstName!, lastName: rest.join(' ') };
}

/**
 * The patient a request becomes: the one the deciding practitioner or staff member named (within their
 * reach), else the clinic's patient with the request's email, else a new patient made as staff make one (an
 * account nobody can sign in to until they choose a password through the emailed link). Only a patient the
 * request made joins the practitioner's care team; a known patient is reached through the appointment alone.
 *
 * A request never widens anyone's reach by itself (docs/decisions/0020): a visitor can type anyone's email, so
 * a known patient outside the practitioner's reach is matched only by staff or an admin. The practitioner is
 * refused (409) and a request confirming itself stays pending for the clinic. `decider` is null when the
 * request confirms itself (autoConfirm); `passwordHash` is the new account's unusable password, hashed
 * beforehand by a caller that wants to.
 */
export async function patientFor(
  tx: Tx,
  ctx: Ctx,
  decider: Caller | null,
  row: repository.RequestRow,
  input: ConfirmPublicBookingInput,
  meta: RequestMeta,
  options: { passwordHash?: string } = {},
) {
  let patientId: string;
  let accountLink: string | null = null;
  if (input.patientId && decider) {
    if (!(await patients.isPatientInReach(tx, decider, input.patientId)))
      throw notFound(SCHEDULING_ERRORS.notPatient);
    patientId = input.patientId;
  } else {
    const account = await accounts.findAccountByEmail(tx, row.email);
    if (account && account.role !== 'patient') {
      // A visitor is not told whose the email is: their booking goes to the clinic to sort out.
      if (!decider) return null;
      throw conflict(PUBLIC_BOOKING_ERRORS.emailNotPatient);
    }
    if (account) {
      const match = { decider, practitionerId: row.practitionerId, patientId: account.id };
      if (!(await mayMatchKnownPatient(tx, match))) {
        if (!decider) return null;
        throw conflict(PUBLIC_BOOKING_ERRORS.knownPatientForStaff);
      }
      patientId = account.id;
    } else {
      const user = await accounts.createAccount(
        tx,
        {
          email: row.email,
          password: randomBytes(32).toString('base64url'),
          ...splitName(row.name),
          role: 'patient',
          phone: row.phone,
        },
        { actorId: decider?.id ?? null, meta, passwordHash: options.passwordHash },
      );
      patientId = user.id;
      await patients.saveIntake(tx, patientId, { phone: row.phone });
      await audit(tx, decider?.id ?? null, 'patient.created', patientId, meta, { requestId: row.id });
      accountLink = await createResetLink(tx, ctx.config.appUrl, patientId);
      await careTeam.assign(tx, row.practitionerId, patientId);
    }
  }
  return { patientId, accountLink };
}

/** Staff and admin reach every patient; a practitioner, or a request confirming itself, only their own. */
async function mayMatchKnownPatient(
  tx: Tx,
  {
    decider,
    practitionerId,
    patientId,
  }: { decider: Caller | null; practitionerId: string; patientId: string },
) {
  if (decider && MANAGERS.includes(decider.role)) return true;
  return patients.isPatientInReach(tx, { id: practitionerId, role: 'practitioner' }, patientId);
}

/**
 * Confirms a pending request: the patient (found or made), the practitioner on their care team, and a
 * confirmed appointment at the requested time, in one transaction; 409 when the time was taken meanwhile.
 * The visitor is emailed, with a portal account link when the patient is new.
 */
export async function confirmRequest(
  ctx: Ctx,
  links: ManageLinks,
  caller: Caller,
  id: string,
  input: ConfirmPublicBookingInput,
  meta: RequestMeta,
) {
  let outcome: { booked: bookedOnline.BookedOnline; accountLink: string | null; newPatient: boolean };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const row = await handledRequest(tx, caller, id, { lock: true });
      await lockSchedules(tx, [row.practitionerId]);
      if (row.status !== 'pending') throw conflict(PUBLIC_BOOKING_ERRORS.notPending);
      if (row.startsAt.getTime() <= Date.now()) throw conflict(PUBLIC_BOOKING_ERRORS.timePassed);
      const { patientId, accountLink } = (await patientFor(tx, ctx, caller, row, input, meta))!;
      // The request stops holding its time first, so the appointment takes it over in the same transaction.
      await repository.updateRequest(tx, id, {
        status: 'confirmed',
        patientId,
        decidedAt: new Date(),
        decidedBy: caller.id,
      });
      const booked = await bookedOnline.bookForRequest(
        tx,
        caller,
        {
          patientId,
          practitionerId: row.practitionerId,
          serviceTypeId: row.serviceTypeId,
          startsAt: row.startsAt,
          endsAt: row.endsAt,
        },
        meta,
      );
      await repository.updateRequest(tx, id, { appointmentId: booked.id });
      await audit(tx, caller.id, 'public_booking.confirmed', id, meta, {
        patientId,
        appointmentId: booked.id,
        newPatient: accountLink !== null,
      });
      return { booked, accountLink, newPatient: accountLink !== null };
    });
  } catch (error) {
    if (isOverlap(error)) throw conflict(PUBLIC_BOOKING_ERRORS.slotTaken);
    // The refusal rolled the transaction back; it is kept in the log, since trying is itself worth knowing.
    if (error instanceof AppError && error.message === PUBLIC_BOOKING_ERRORS.knownPatientForStaff)
      await audit(ctx.db, caller.id, 'public_booking.confirm_refused', id, meta, { reason: 'known_patient' });
    throw error;
  }
  const row = (await repository.findRequest(ctx.db, id))!;
  await bookedOnline.announceBookedOnline(ctx, outcome.booked);
  if (outcome.newPatient)
    ctx.events.publish('patient.created', { patientId: row.patientId!, actorId: caller.id });
  publishChange(ctx, 'public-booking.updated', row, caller.id, 'confirmed');
  await bookingEmails.confirmed(
    ctx,
    await factsOf(ctx.db, links, row, { withLink: true }),
    outcome.accountLink,
  );
  return toRequest(row);
}

/** Declines a pending request with a message, which is emailed to the visitor; its time is free again. */
export async function declineRequest(
  ctx: Ctx,
  links: ManageLinks,
  caller: Caller,
  id: string,
  input: DeclinePublicBookingInput,
  meta: RequestMeta,
) {
  await ctx.db.transaction(async (tx) => {
    const row = await handledRequest(tx, caller, id, { lock: true });
    if (row.status !== 'pending') throw conflict(PUBLIC_BOOKING_ERRORS.notPending);
    await repository.updateRequest(tx, id, {
      status: 'declined',
      message: input.message,
      decidedAt: new Date(),
      decidedBy: caller.id,
    });
    await audit(tx, caller.id, 'public_booking.declined', id, meta);
  });
  const row = (await repository.findRequest(ctx.db, id))!;
  publishChange(ctx, 'public-booking.updated', row, caller.id, 'declined');
  await bookingEmails.declined(ctx, await factsOf(ctx.db, links, row, { withLink: false }), input.message);
  return toRequest(row);
}
