import {
  ACTIVE_REGISTRATION_STATUSES,
  type CreateEventInput,
  EVENT_CURRENCY,
  EVENT_ERRORS,
  type UpdateEventInput,
} from '../../../../shared/events';
import { recordActivity } from '../../../platform/activity';
import { clinicText } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { raise } from '../../notifications/service';
import type { Payments } from '../../payments/service';
import * as events from '../repository';
import {
  type Ctx,
  conflict,
  offerFreedSeats,
  present,
  presentMany,
  publish,
  refundRegistration,
  sweep,
  tellOffered,
} from '../service';
import * as repository from './repository';

export async function listForAdmin(ctx: Ctx, caller: SessionUser, include: 'upcoming' | 'all') {
  await sweep(ctx);
  const rows = await events.listEvents(ctx.db, {
    upcomingAfter: include === 'upcoming' ? new Date() : undefined,
    scheduledOnly: false,
  });
  return { events: await presentMany(ctx.db, rows, caller.id) };
}

const nullIfBlank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export async function create(
  ctx: Ctx,
  { caller, input, meta }: { caller: SessionUser; input: CreateEventInput; meta: RequestMeta },
) {
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
  {
    caller,
    id,
    input,
    meta,
  }: { caller: SessionUser; id: string; input: UpdateEventInput; meta: RequestMeta },
) {
  const now = new Date();
  const { row, offered } = await ctx.db.transaction(async (tx) => {
    const event = await events.lockEvent(tx, id);
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
    if (capacity < (await events.seatsTaken(tx, id)))
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
  { payments, caller, id, meta }: { payments: Payments; caller: SessionUser; id: string; meta: RequestMeta },
) {
  const now = new Date();
  const { row, ended } = await ctx.db.transaction(async (tx) => {
    const event = await events.lockEvent(tx, id);
    if (!event) throw notFound(EVENT_ERRORS.notFound);
    if (event.status === 'cancelled') return { row: event, ended: [] as events.RegistrationRow[] };
    const updated = await repository.updateEvent(tx, id, {
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
    });
    const ended = await events.endRegistrations(
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
      await refundRegistration(ctx, {
        payments,
        registrationId: registration.id,
        actorId: caller.id,
        reason: 'Event cancelled',
      });
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
        message: `${row.title} on ${clinicText.date(row.startsAt)} was cancelled${registration.paidAt ? '; your payment is refunded' : ''}.`,
        priority: 'high',
        actionUrl: '/member/events',
        data: { eventId: id },
        emailText: `${row.title} on ${clinicText.date(row.startsAt)} was cancelled${registration.paidAt ? ' and your payment is refunded' : ''}.`,
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
