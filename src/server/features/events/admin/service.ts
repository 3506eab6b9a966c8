import {
  ACTIVE_REGISTRATION_STATUSES,
  type AttendeesAnswer,
  type CreateEventInput,
  EVENT_CURRENCY,
  EVENT_ERRORS,
  type UpdateEventInput,
} from '../../../../shared/events';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { raise } from '../../notifications/service';
import type { Payments } from '../../payments/service';
import { type Ctx, conflict, present, publish } from '../context';
import { offerFreedSeats, refundRegistration, release, sweep, tellOffered } from '../member/seats';
import { presentMany } from '../member/service';
import * as repository from '../repository';

export async function listForAdmin(ctx: Ctx, caller: SessionUser, include: 'upcoming' | 'all') {
  await sweep(ctx);
  const rows = await repository.listEvents(ctx.db, {
    upcomingAfter: include === 'upcoming' ? new Date() : undefined,
    scheduledOnly: false,
  });
  return { events: await presentMany(ctx.db, rows, caller.id) };
}

const nullIfBlank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export async function create(ctx: Ctx, caller: SessionUser, input: CreateEventInput, meta: RequestMeta) {
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertEvent(tx, {
      title: input.title,
      description: input.description ?? '',
      imageUrl: input.imageUrl ?? null,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      place: nullIfBlank(input.place),
      onlineUrl: nullIfBlank(input.onlineUrl),
      capacity: input.capacity,
      priceCents: input.priceCents ?? 0,
      currency: EVENT_CURRENCY,
      createdBy: caller.id,
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'event.created',
      entityType: 'event',
      entityId: inserted.id,
      ipAddress: meta.ipAddress,
    });
    return inserted;
  });
  publish(ctx, row.id, []);
  return { event: await present(ctx.db, row, caller.id) };
}

/** Edits an event; the result as a whole must hold, and a larger capacity offers its seats to the waitlist. */
export async function update(
  ctx: Ctx,
  caller: SessionUser,
  id: string,
  input: UpdateEventInput,
  meta: RequestMeta,
) {
  const now = new Date();
  const { row, offered } = await ctx.db.transaction(async (tx) => {
    const event = await repository.lockEvent(tx, id);
    if (!event) throw notFound(EVENT_ERRORS.notFound);
    if (event.status === 'cancelled') throw conflict(EVENT_ERRORS.cancelled);
    const startsAt = input.startsAt ? new Date(input.startsAt) : event.startsAt;
    const endsAt = input.endsAt ? new Date(input.endsAt) : event.endsAt;
    if (endsAt <= startsAt)
      throw badRequest(EVENT_ERRORS.endBeforeStart, { endsAt: EVENT_ERRORS.endBeforeStart });
    const place = input.place !== undefined ? nullIfBlank(input.place) : event.place;
    const onlineUrl = input.onlineUrl !== undefined ? nullIfBlank(input.onlineUrl) : event.onlineUrl;
    if (!place && !onlineUrl) throw badRequest(EVENT_ERRORS.placeOrLink, { place: EVENT_ERRORS.placeOrLink });
    const capacity = input.capacity ?? event.capacity;
    if (capacity < (await repository.seatsTaken(tx, id)))
      throw badRequest(EVENT_ERRORS.capacityBelowTaken, { capacity: EVENT_ERRORS.capacityBelowTaken });
    const priceCents = input.priceCents ?? event.priceCents;
    if (priceCents !== event.priceCents) {
      const held = await repository.hasHeldSeat(tx, id);
      if (held && event.priceCents > 0)
        throw badRequest(EVENT_ERRORS.priceChangeWithPaid, { priceCents: EVENT_ERRORS.priceChangeWithPaid });
    }
    const updated = await repository.updateEvent(tx, id, {
      title: input.title ?? event.title,
      description: input.description ?? event.description,
      imageUrl: input.imageUrl !== undefined ? input.imageUrl : event.imageUrl,
      startsAt,
      endsAt,
      place,
      onlineUrl,
      capacity,
      priceCents,
      updatedAt: now,
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'event.updated',
      entityType: 'event',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(input).join(',') },
    });
    return { row: updated, offered: await offerFreedSeats(tx, updated, now) };
  });
  publish(
    ctx,
    id,
    offered.map((r) => r.userId),
  );
  for (const registration of offered) await tellOffered(ctx, row, registration);
  return { event: await present(ctx.db, row, caller.id) };
}

/** Cancels an event: every registration in play ends, paid seats are refunded, and everyone is told. */
export async function cancelEvent(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  id: string,
  meta: RequestMeta,
) {
  const now = new Date();
  const { row, ended } = await ctx.db.transaction(async (tx) => {
    const event = await repository.lockEvent(tx, id);
    if (!event) throw notFound(EVENT_ERRORS.notFound);
    if (event.status === 'cancelled') return { row: event, ended: [] as repository.RegistrationRow[] };
    const updated = await repository.updateEvent(tx, id, {
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
    });
    const ended = await repository.endRegistrations(
      tx,
      { eventId: id },
      {
        statuses: ACTIVE_REGISTRATION_STATUSES,
        values: { status: 'cancelled', cancelledAt: now, updatedAt: now },
      },
    );
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'event.cancelled',
      entityType: 'event',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { registrations: ended.length },
    });
    return { row: updated, ended };
  });
  for (const registration of ended) {
    try {
      await refundRegistration(ctx, payments, registration.id, caller.id, 'Event cancelled');
    } catch (error) {
      ctx.log.error(
        { registrationId: registration.id, err: { message: (error as Error).message } },
        'event refund failed',
      );
    }
    try {
      await raise(ctx, registration.userId, {
        type: 'system_update',
        title: `Event cancelled: ${row.title}`,
        message: `${row.title} on ${row.startsAt.toISOString().slice(0, 10)} was cancelled${registration.paidAt ? '; your payment is refunded' : ''}.`,
        priority: 'high',
        actionUrl: '/member/events',
        data: { eventId: id },
        emailText: `${row.title} on ${row.startsAt.toISOString().slice(0, 10)} was cancelled${registration.paidAt ? ' and your payment is refunded' : ''}.`,
      });
    } catch (error) {
      ctx.log.error({ eventId: id, err: { message: (error as Error).message } }, 'cancellation not told');
    }
  }
  publish(
    ctx,
    id,
    ended.map((r) => r.userId),
  );
  return { event: await present(ctx.db, row, caller.id) };
}

export async function attendees(ctx: Ctx, caller: SessionUser, id: string): Promise<AttendeesAnswer> {
  await sweep(ctx, id);
  const event = await repository.findEvent(ctx.db, id);
  if (!event) throw notFound(EVENT_ERRORS.notFound);
  const rows = await repository.registrationsWithPeople(ctx.db, id);
  let position = 0;
  const list = rows.map((row) =>
    repository.toAttendee(row, row.registration.status === 'waitlisted' ? ++position : null),
  );
  await recordActivity(ctx.db, {
    actorId: caller.id,
    action: 'event.attendees_viewed',
    entityType: 'event',
    entityId: id,
  });
  return { event: await present(ctx.db, event, null), attendees: list };
}

/**
 * An admin ends one attendee's registration and refunds what they paid (the ledger's refund of an event
 * payment comes here); the freed seat is offered to the waitlist. A registration already ended is only
 * refunded, if anything is left to refund.
 */
export async function refundAttendee(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  eventId: string,
  registrationId: string,
  reason: string | undefined,
  meta: RequestMeta,
) {
  const row = await repository.findRegistration(ctx.db, registrationId);
  if (!row || row.eventId !== eventId) throw notFound(EVENT_ERRORS.registrationNotFound);
  if (!row.paidAt || row.refundedCents >= row.amountCents) throw conflict(EVENT_ERRORS.notRefundable);
  await release(ctx, eventId, [row.id], 'cancelled', { actorId: caller.id, ipAddress: meta.ipAddress });
  await refundRegistration(
    ctx,
    payments,
    row.id,
    caller.id,
    reason?.trim() || 'Event seat refunded by the clinic',
  );
  await raise(ctx, row.userId, {
    type: 'system_update',
    title: 'Event registration refunded',
    message: 'The clinic cancelled your registration for an event and refunded your payment.',
    priority: 'medium',
    actionUrl: '/member/events',
    data: { eventId },
  }).catch((error) =>
    ctx.log.error({ registrationId, err: { message: (error as Error).message } }, 'refund not told'),
  );
  const answer = await attendees(ctx, caller, eventId);
  return { attendee: answer.attendees.find((attendee) => attendee.id === row.id)! };
}

/** Marks a registered attendee as arrived; again is harmless. */
export async function checkIn(
  ctx: Ctx,
  caller: SessionUser,
  eventId: string,
  registrationId: string,
  meta: RequestMeta,
) {
  const row = await repository.findRegistration(ctx.db, registrationId);
  if (!row || row.eventId !== eventId) throw notFound(EVENT_ERRORS.registrationNotFound);
  if (row.status !== 'registered') throw conflict(EVENT_ERRORS.notCheckable);
  if (!row.checkedInAt) {
    const now = new Date();
    await ctx.db.transaction(async (tx) => {
      await repository.updateRegistration(tx, row.id, {
        checkedInAt: now,
        checkedInBy: caller.id,
        updatedAt: now,
      });
      await recordActivity(tx, {
        actorId: caller.id,
        action: 'event.checked_in',
        entityType: 'event_registration',
        entityId: row.id,
        ipAddress: meta.ipAddress,
        details: { eventId },
      });
    });
    publish(ctx, eventId, [row.userId]);
  }
  const answer = await attendees(ctx, caller, eventId);
  return { attendee: answer.attendees.find((attendee) => attendee.id === row.id)! };
}
