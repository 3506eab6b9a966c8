import {
  ACTIVE_REGISTRATION_STATUSES,
  EVENT_CURRENCY,
  EVENT_ERRORS,
  EVENT_OFFER_HOURS,
  type MemberEventsSummary,
} from '../../../../shared/events';
import type { Db, Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { raise } from '../../notifications/service';
import type { ProviderIntent } from '../../payments/provider';
import { type Payments, recordFullRefund, recordPayment } from '../../payments/service';
import { type Ctx, conflict, HOUR, present, publish } from '../context';
import * as repository from '../repository';

/**
 * A succeeded intent that is an event seat's: checked against the price, the payment recorded once, and the
 * held seat confirmed. Money for a seat no longer held (the hold ran out, the member or the event cancelled)
 * goes back at once.
 */
export async function settleRegistration(
  ctx: Ctx,
  payments: Payments,
  intent: ProviderIntent,
  actorId: string | null = null,
) {
  const row = await repository.findByIntent(ctx.db, intent.id);
  if (!row) return false;
  if (intent.amountCents !== row.amountCents || intent.currency !== EVENT_CURRENCY) {
    await recordActivity(ctx.db, {
      actorId,
      action: 'event.amount_mismatch',
      entityType: 'event_registration',
      entityId: row.id,
      outcome: 'failure',
      details: { expectedCents: row.amountCents, paidCents: intent.amountCents },
    });
    throw conflict(EVENT_ERRORS.amountMismatch);
  }
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    await repository.lockEvent(tx, row.eventId);
    const current = (await repository.findRegistration(tx, row.id))!;
    await recordPayment(tx, {
      provider: current.provider ?? 'test',
      intent,
      purpose: 'event',
      referenceId: current.id,
    });
    if (current.paidAt) return 'already' as const;
    const keep = current.status === 'pending_payment';
    await repository.updateRegistration(tx, current.id, {
      paidAt: now,
      status: keep ? 'registered' : current.status,
      holdExpiresAt: null,
      updatedAt: now,
    });
    await recordActivity(tx, {
      actorId,
      action: keep ? 'event.paid' : 'event.paid_after_release',
      entityType: 'event_registration',
      entityId: current.id,
      details: { amountCents: current.amountCents },
    });
    return keep ? ('registered' as const) : ('refund' as const);
  });
  if (outcome === 'refund') await refundRegistration(ctx, payments, row.id, actorId, 'Seat no longer held');
  if (outcome !== 'already') publish(ctx, row.eventId, [row.userId]);
  return true;
}

/** Refunds what is left of a paid registration in full, through the provider, and records the refund. */
export async function refundRegistration(
  ctx: Ctx,
  payments: Payments,
  registrationId: string,
  actorId: string | null,
  reason: string,
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
 * The member cancels their registration, leaves the waitlist or declines an offered seat. A paid seat is
 * refunded; a freed seat is offered to the first on the waitlist.
 */
export async function cancelMine(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  eventId: string,
  meta: RequestMeta,
) {
  const mine = await repository.activeRegistration(ctx.db, eventId, caller.id);
  if (!mine) throw notFound(EVENT_ERRORS.notRegistered);
  await release(ctx, eventId, [mine.id], 'cancelled', { actorId: caller.id, ipAddress: meta.ipAddress });
  await refundRegistration(ctx, payments, mine.id, caller.id, 'Registration cancelled');
  const event = await repository.findEvent(ctx.db, eventId);
  const current = (await repository.findRegistration(ctx.db, mine.id))!;
  return {
    event: await present(ctx.db, event!, caller.id),
    registration: repository.toMyRegistration(current, null),
    clientSecret: null,
    paymentIntentId: null,
  };
}

/**
 * Ends registrations of one event (cancelled, or expired when an offer or hold ran out) and offers the seats
 * this frees to the waitlist in order, under the event's lock. Tells the people offered a seat.
 */
export async function release(
  ctx: Ctx,
  eventId: string,
  registrationIds: string[],
  to: 'cancelled' | 'expired',
  actor: { actorId: string | null; ipAddress?: string } = { actorId: null },
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
  for (const [id, ids] of byEvent) await release(ctx, id, ids, 'expired');
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
