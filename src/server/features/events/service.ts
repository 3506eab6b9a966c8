import {
  ACTIVE_REGISTRATION_STATUSES,
  EVENT_OFFER_HOURS,
  type MemberEventsSummary,
} from '../../../shared/events';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { raise } from '../notifications/service';
import { type Payments, recordFullRefund } from '../payments/service';
import * as repository from './repository';

/**
 * What both sides of events share: an event as the caller sees it, and the seats passing on. A seat freed by a
 * member, an admin or a lapsed offer or hold goes to the waitlist in order, and a paid seat that ends is
 * refunded, the same way whoever ends it.
 */

export type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;

export const conflict = (message: string) => new AppError('CONFLICT', message);
const HOUR = 3_600_000;

/** The event with its counts and, when a user is named, their own registration on it. */
export async function present(db: Db | Tx, row: repository.EventRow, userId: string | null) {
  const counts = (await repository.countsOf(db, [row.id])).get(row.id)!;
  const mine = userId ? await repository.activeRegistration(db, row.id, userId) : null;
  return repository.toEvent(
    row,
    counts,
    mine ? repository.toMyRegistration(mine, await repository.waitlistPosition(db, mine)) : null,
  );
}

export async function presentMany(db: Db, rows: repository.EventRow[], userId: string | null) {
  const ids = rows.map((row) => row.id);
  const counts = await repository.countsOf(db, ids);
  const mine = userId ? await repository.activeRegistrationsOf(db, userId, ids) : [];
  const byEvent = new Map(mine.map((row) => [row.eventId, row]));
  return Promise.all(
    rows.map(async (row) => {
      const registration = byEvent.get(row.id);
      return repository.toEvent(
        row,
        counts.get(row.id)!,
        registration
          ? repository.toMyRegistration(registration, await repository.waitlistPosition(db, registration))
          : null,
      );
    }),
  );
}

export function publish(ctx: Ctx, eventId: string, userIds: string[]) {
  ctx.events.publish('community-event.changed', { eventId, userIds });
}

/** Refunds what is left of a paid registration in full, through the provider, and records the refund. */
export async function refundRegistration(
  ctx: Ctx,
  {
    payments,
    registrationId,
    actorId,
    reason,
  }: { payments: Payments; registrationId: string; actorId: string | null; reason: string },
) {
  const row = await repository.findRegistration(ctx.db, registrationId);
  if (!row?.paidAt || !row.paymentIntentId || row.refundedCents >= row.amountCents) return false;
  const { paymentIntentId } = row;
  const amount = row.amountCents - row.refundedCents;
  await payments.provider.refund(paymentIntentId);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const updated = await repository.recordRegistrationRefund(tx, row, {
      refundedCents: row.amountCents,
      refundedAt: now,
      updatedAt: now,
    });
    if (!updated) return;
    await recordFullRefund(tx, {
      providerIntentId: paymentIntentId,
      amountCents: row.amountCents,
      reason,
      by: actorId,
      at: now,
    });
    await recordActivity(tx, {
      actorId,
      action: 'event.refunded',
      entityType: 'event_registration',
      entityId: row.id,
      details: { amountCents: amount },
    });
  });
  return true;
}

/**
 * Ends registrations of one event (cancelled, or expired when an offer or hold ran out) and offers the seats
 * this frees to the waitlist in order, under the event's lock. Tells the people offered a seat.
 */
export async function release(
  ctx: Ctx,
  {
    eventId,
    registrationIds,
    to,
    actor = { actorId: null },
  }: {
    eventId: string;
    registrationIds: string[];
    to: 'cancelled' | 'expired';
    actor?: { actorId: string | null; ipAddress?: string };
  },
) {
  const now = new Date();
  const { offered, affected } = await ctx.db.transaction(async (tx) => {
    const event = await repository.lockEvent(tx, eventId);
    if (!event) return { offered: [], affected: [] };
    const ended = await repository.endRegistrations(
      tx,
      { ids: registrationIds },
      {
        statuses: to === 'cancelled' ? [...ACTIVE_REGISTRATION_STATUSES] : ['offered', 'pending_payment'],
        values: { status: to, cancelledAt: now, updatedAt: now },
      },
    );
    for (const row of ended)
      await recordActivity(tx, {
        actorId: actor.actorId,
        action: to === 'cancelled' ? 'event.registration_cancelled' : 'event.registration_expired',
        entityType: 'event_registration',
        entityId: row.id,
        ipAddress: actor.ipAddress,
        details: { eventId },
      });
    const offered = event.status === 'scheduled' ? await offerFreedSeats(tx, event, now) : [];
    return { offered, affected: [...ended.map((row) => row.userId), ...offered.map((row) => row.userId)] };
  });
  if (affected.length > 0) publish(ctx, eventId, affected);
  const event = await repository.findEvent(ctx.db, eventId);
  for (const row of offered) if (event) await tellOffered(ctx, event, row);
  return offered;
}

/** While seats are free, the first on the waitlist is offered one, for EVENT_OFFER_HOURS. */
export async function offerFreedSeats(tx: Tx, event: repository.EventRow, now: Date) {
  const offered: repository.RegistrationRow[] = [];
  if (event.startsAt <= now) return offered;
  let taken = await repository.seatsTaken(tx, event.id);
  while (taken < event.capacity) {
    const next = await repository.firstWaitlisted(tx, event.id);
    if (!next) break;
    const expires = new Date(Math.min(now.getTime() + EVENT_OFFER_HOURS * HOUR, event.startsAt.getTime()));
    const row = await repository.updateRegistration(tx, next.id, {
      status: 'offered',
      offerExpiresAt: expires,
      updatedAt: now,
    });
    await recordActivity(tx, {
      actorId: null,
      action: 'event.seat_offered',
      entityType: 'event_registration',
      entityId: row.id,
      details: { eventId: event.id, expiresAt: expires.toISOString() },
    });
    offered.push(row);
    taken += 1;
  }
  return offered;
}

export async function tellOffered(ctx: Ctx, event: repository.EventRow, row: repository.RegistrationRow) {
  const until = row.offerExpiresAt?.toISOString().replace('T', ' ').slice(0, 16);
  try {
    await raise(ctx, row.userId, {
      type: 'system_update',
      title: `A seat is free: ${event.title}`,
      message: `A seat at ${event.title} is offered to you until ${until} UTC. Accept it on your events page.`,
      priority: 'high',
      actionUrl: '/member/events',
      data: { eventId: event.id, registrationId: row.id },
      emailText: `A seat at ${event.title} has freed up and is offered to you until ${until} UTC; after that it passes to the next person on the waitlist.`,
    });
  } catch (error) {
    ctx.log.error({ registrationId: row.id, err: { message: (error as Error).message } }, 'offer not told');
  }
}

/** Ends offers and payment holds that ran out and passes their seats on; of one event, or of all. */
export async function sweep(ctx: Ctx, eventId?: string) {
  const rows = await repository.lapsed(ctx.db, new Date(), eventId);
  const byEvent = new Map<string, string[]>();
  for (const row of rows) byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row.id]);
  for (const [id, ids] of byEvent) await release(ctx, { eventId: id, registrationIds: ids, to: 'expired' });
  return rows.length;
}

/** What the member dashboard shows: the member's upcoming registrations still in play, the next few. */
export async function summaryOf(db: Db, userId: string, next = 3): Promise<MemberEventsSummary> {
  const rows = await repository.upcomingOfMember(db, userId, new Date());
  return {
    count: rows.length,
    next: rows.slice(0, next).map(({ registration, event }) => ({
      eventId: event.id,
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      status: registration.status,
    })),
  };
}
