import {
  PUBLIC_BOOKING_ERRORS,
  type VisitorBooking,
  type VisitorCancelInput,
} from '../../../shared/public-booking';
import type { Db, Tx } from '../../db/client';
import type { RequestMeta } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import * as bookedOnline from '../appointments/booked-online';
import * as availability from '../availability/service';
import * as services from '../services/service';
import { audit } from './access';
import { bookingEmails } from './emails';
import { assertFree, notOffered } from './free-times';
import * as repository from './repository';
import { type Ctx, factsOf, isOverlap, publishChange } from './service';
import { ManageLinks } from './token';

/**
 * What the visitor's signed link lets them do, without an account: see their booking, cancel it, or move it
 * to another free time, while it is pending or confirmed and has not begun. Every token that does not hold
 * (unknown, altered, malformed) answers the same 404.
 */

const conflict = (message: string) => new AppError('CONFLICT', message);

/** What a visitor's act through their link carries: the links that check it, its token, and the request's meta. */
type VisitorAct = { links: ManageLinks; token: string; meta: RequestMeta };
const linkInvalid = () => notFound(PUBLIC_BOOKING_ERRORS.linkInvalid);

/** The request as the visitor sees it, with its appointment's time and state when the clinic changed them. */
export function toVisitorBooking(
  row: repository.RequestRow,
  {
    timeZone,
    bookingLink,
    appointment,
    manageToken,
  }: {
    timeZone: string;
    bookingLink: string;
    appointment: Awaited<ReturnType<typeof bookedOnline.bookedAppointmentState>>;
    manageToken: string | null;
  },
): VisitorBooking {
  const cancelledByClinic = appointment?.status === 'cancelled';
  const status = row.status === 'confirmed' && cancelledByClinic ? 'cancelled' : row.status;
  const startsAt = appointment?.startsAt ?? row.startsAt;
  const endsAt = appointment?.endsAt ?? row.endsAt;
  const appointmentOpen =
    !appointment || appointment.status === 'scheduled' || appointment.status === 'confirmed';
  return {
    reference: row.reference,
    status,
    bookingLink,
    practitionerName: row.practitionerName,
    serviceTypeId: row.serviceTypeId,
    serviceName: row.serviceName,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    timeZone,
    name: row.name,
    message: row.status === 'declined' ? row.message : null,
    changeable:
      (status === 'pending' || status === 'confirmed') && appointmentOpen && startsAt.getTime() > Date.now(),
    manageToken,
  };
}

/** The request a manage link names, when its signature holds; anything else is one and the same 404. */
async function requestOfToken(
  db: Db | Tx,
  links: ManageLinks,
  { token, lock }: { token: string; lock?: boolean },
) {
  const id = ManageLinks.requestIdOf(token);
  if (!id) throw linkInvalid();
  const row = await repository.findRequest(db, id, { lock });
  if (!row || !(await links.verify(token, row.id, row.nonce))) throw linkInvalid();
  return row;
}

async function visitorView(db: Db | Tx, row: repository.RequestRow) {
  const settings = await availability.scheduleSettingsOf(db, row.practitionerId);
  const appointment = row.appointmentId
    ? await bookedOnline.bookedAppointmentState(db, row.appointmentId)
    : null;
  return {
    settings,
    appointment,
    booking: toVisitorBooking(row, {
      timeZone: settings.timeZone,
      bookingLink: settings.bookingLink ?? '',
      appointment,
      manageToken: null,
    }),
  };
}

export async function getBooking(db: Db, links: ManageLinks, token: string) {
  return (await visitorView(db, await requestOfToken(db, links, { token }))).booking;
}

/** Cancels a pending or confirmed booking that has not begun (its appointment too), with the visitor's reason. */
export async function cancelBooking(
  ctx: Ctx,
  { links, token, input, meta }: VisitorAct & { input: VisitorCancelInput },
) {
  const reason = input.reason?.trim() || null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await requestOfToken(tx, links, { token, lock: true });
    const { booking } = await visitorView(tx, row);
    if (!booking.changeable) throw conflict(PUBLIC_BOOKING_ERRORS.notChangeable);
    const booked =
      row.appointmentId && row.patientId
        ? await bookedOnline.cancelForRequest(
            tx,
            { id: row.patientId, role: 'patient' },
            { id: row.appointmentId, reason: reason ?? 'Cancelled online by the visitor', meta },
          )
        : null;
    await repository.updateRequest(tx, row.id, { status: 'cancelled', message: reason });
    await audit(tx, { actorId: null, action: 'public_booking.cancelled', id: row.id, meta });
    return { id: row.id, booked };
  });
  return afterVisitorChange(ctx, { links, outcome, change: 'cancelled' });
}

/** Moves a pending or confirmed booking that has not begun to another free time, keeping its length. */
export async function rescheduleBooking(
  ctx: Ctx,
  { links, token, startsAt: startsAtText, meta }: VisitorAct & { startsAt: string },
) {
  const startsAt = new Date(startsAtText);
  // The free-time check reads outside the transaction (several reads at once); the locked re-read below
  // and the database's constraints settle anything that changed in between.
  const current = await requestOfToken(ctx.db, links, { token });
  const { booking, settings, appointment } = await visitorView(ctx.db, current);
  if (!booking.changeable) throw conflict(PUBLIC_BOOKING_ERRORS.notChangeable);
  const service = await services.findServiceType(ctx.db, current.serviceTypeId);
  if (!service?.active) throw notOffered();
  await assertFree(ctx.db, {
    practitionerId: current.practitionerId,
    timeZone: settings.timeZone,
    service,
    startsAt,
    moving: { requestId: current.id, appointment: appointment ?? undefined },
  });
  let outcome: { id: string; booked: bookedOnline.BookedOnline | null };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const row = await requestOfToken(tx, links, { token, lock: true });
      if (!(await visitorView(tx, row)).booking.changeable)
        throw conflict(PUBLIC_BOOKING_ERRORS.notChangeable);
      const endsAt = new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime()));
      const booked =
        row.appointmentId && row.patientId
          ? await bookedOnline.moveForRequest(
              tx,
              { id: row.patientId, role: 'patient' },
              { id: row.appointmentId, startsAt, meta },
            )
          : null;
      await repository.updateRequest(tx, row.id, { startsAt, endsAt });
      await audit(tx, { actorId: null, action: 'public_booking.rescheduled', id: row.id, meta });
      return { id: row.id, booked };
    });
  } catch (error) {
    if (isOverlap(error)) throw conflict(PUBLIC_BOOKING_ERRORS.slotTaken);
    throw error;
  }
  return afterVisitorChange(ctx, { links, outcome, change: 'rescheduled' });
}

async function afterVisitorChange(
  ctx: Ctx,
  {
    links,
    outcome,
    change,
  }: {
    links: ManageLinks;
    outcome: { id: string; booked: bookedOnline.BookedOnline | null };
    change: 'cancelled' | 'rescheduled';
  },
) {
  const row = (await repository.findRequest(ctx.db, outcome.id))!;
  if (outcome.booked) await bookedOnline.announceBookedOnline(ctx, outcome.booked);
  publishChange(ctx, { name: 'public-booking.updated', row, actorId: null, change });
  const facts = await factsOf(ctx.db, { links, row, withLink: change === 'rescheduled' });
  await (change === 'cancelled'
    ? bookingEmails.cancelled(ctx, facts)
    : bookingEmails.rescheduled(ctx, facts));
  return (await visitorView(ctx.db, row)).booking;
}
