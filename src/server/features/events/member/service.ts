import {
  type CommunityEvent,
  EVENT_CURRENCY,
  EVENT_ERRORS,
  EVENT_PAYMENT_HOLD_MINUTES,
  type RegistrationAnswer,
} from '../../../../shared/events';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import type { ProviderIntent } from '../../payments/provider';
import { type Payments, recordPayment } from '../../payments/service';
import * as events from '../repository';
import {
  type Ctx,
  conflict,
  present,
  presentMany,
  publish,
  refundRegistration,
  release,
  sweep,
} from '../service';
import * as repository from './repository';

/** What a member does with an event: register, take an offered seat, pay for it, cancel. */
type Registering = { payments: Payments; caller: SessionUser; eventId: string; meta: RequestMeta };

/** Upcoming scheduled events, with the caller's own registration on each. */
export async function listUpcoming(ctx: Ctx, caller: SessionUser): Promise<{ events: CommunityEvent[] }> {
  await sweep(ctx);
  const rows = await events.listEvents(ctx.db, { upcomingAfter: new Date(), scheduledOnly: true });
  return { events: await presentMany(ctx.db, rows, caller.id) };
}

export async function getOne(ctx: Ctx, caller: SessionUser, id: string) {
  await sweep(ctx, id);
  const row = await events.findEvent(ctx.db, id);
  if (!row || (caller.role !== 'admin' && row.status === 'cancelled')) throw notFound(EVENT_ERRORS.notFound);
  return { event: await present(ctx.db, row, caller.id) };
}

/**
 * Registers the member: a seat when one is free (held while paying for a paid event), otherwise the
 * waitlist. The event row is locked, so racing registrations take the seats one at a time.
 */
export async function register(
  ctx: Ctx,
  { payments, caller, eventId, meta }: Registering,
): Promise<RegistrationAnswer> {
  await sweep(ctx, eventId);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const event = await events.lockEvent(tx, eventId);
    if (!event || event.status === 'cancelled') throw notFound(EVENT_ERRORS.notFound);
    if (event.startsAt <= now) throw conflict(EVENT_ERRORS.past);
    if (await events.activeRegistration(tx, eventId, caller.id))
      throw conflict(EVENT_ERRORS.alreadyRegistered);
    const free = (await events.seatsTaken(tx, eventId)) < event.capacity;
    const paid = event.priceCents > 0;
    const status = !free ? 'waitlisted' : paid ? 'pending_payment' : 'registered';
    const inserted = await repository.insertRegistration(tx, {
      eventId,
      userId: caller.id,
      status,
      amountCents: event.priceCents,
      holdExpiresAt:
        status === 'pending_payment' ? new Date(now.getTime() + EVENT_PAYMENT_HOLD_MINUTES * 60_000) : null,
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: `event.${status === 'waitlisted' ? 'waitlisted' : 'registered'}`,
      entityType: 'event_registration',
      entityId: inserted.id,
      ipAddress: meta.ipAddress,
      details: { eventId, status },
    });
    return inserted;
  });
  publish(ctx, eventId, [caller.id]);
  return answerWithPayment(ctx, payments, row);
}

/** For a seat held while paying, a payment intent for the event's price; the answer carries its secret. */
async function answerWithPayment(
  ctx: Ctx,
  payments: Payments,
  row: events.RegistrationRow,
): Promise<RegistrationAnswer> {
  let clientSecret: string | null = null;
  let paymentIntentId: string | null = null;
  let current = row;
  if (row.status === 'pending_payment') {
    try {
      const intent = await payments.provider.createIntent(row.amountCents, EVENT_CURRENCY, {
        purpose: 'event',
        registrationId: row.id,
      });
      const updated = await events.updateRegistration(ctx.db, row.id, {
        paymentIntentId: intent.id,
        provider: payments.provider.name,
        updatedAt: new Date(),
      });
      current = updated ?? row;
      clientSecret = intent.clientSecret;
      paymentIntentId = intent.id;
    } catch (error) {
      // No way to pay: the seat goes back (to the waitlist's first, if any).
      await release(ctx, { eventId: row.eventId, registrationIds: [row.id], to: 'cancelled' });
      throw error;
    }
  }
  const event = await events.findEvent(ctx.db, row.eventId);
  return {
    event: await present(ctx.db, event!, row.userId),
    registration: events.toMyRegistration(current, await events.waitlistPosition(ctx.db, current)),
    clientSecret,
    paymentIntentId,
  };
}

/** The member takes the seat offered to them: registered, or held while they pay for a paid event. */
export async function acceptOffer(
  ctx: Ctx,
  { payments, caller, eventId, meta }: Registering,
): Promise<RegistrationAnswer> {
  await sweep(ctx, eventId);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const event = await events.lockEvent(tx, eventId);
    if (!event || event.status === 'cancelled') throw notFound(EVENT_ERRORS.notFound);
    const mine = await events.activeRegistration(tx, eventId, caller.id);
    if (mine?.status !== 'offered') throw conflict(EVENT_ERRORS.noOffer);
    const paid = event.priceCents > 0;
    const updated = await events.updateRegistration(tx, mine.id, {
      status: paid ? 'pending_payment' : 'registered',
      amountCents: event.priceCents,
      holdExpiresAt: paid ? new Date(now.getTime() + EVENT_PAYMENT_HOLD_MINUTES * 60_000) : null,
      updatedAt: now,
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'event.offer_accepted',
      entityType: 'event_registration',
      entityId: mine.id,
      ipAddress: meta.ipAddress,
      details: { eventId },
    });
    return updated;
  });
  publish(ctx, eventId, [caller.id]);
  return answerWithPayment(ctx, payments, row);
}

/** Pays again for a seat held while paying whose intent was lost (a new intent, same hold). */
export async function confirm(
  ctx: Ctx,
  {
    payments,
    caller,
    eventId,
    paymentIntentId,
  }: { payments: Payments; caller: SessionUser; eventId: string; paymentIntentId: string },
) {
  const row = await repository.findByIntent(ctx.db, paymentIntentId);
  if (!row || row.userId !== caller.id || row.eventId !== eventId)
    throw notFound(EVENT_ERRORS.registrationNotFound);
  if (!row.paidAt) {
    // Settled whatever became of the hold: money for a seat no longer held goes back at once.
    const intent = await payments.provider.retrieveIntent(paymentIntentId);
    if (intent?.status === 'succeeded')
      await settleRegistration(ctx, { payments, intent, actorId: caller.id });
    else if (row.status === 'pending_payment') throw conflict(EVENT_ERRORS.notSucceeded);
  }
  const event = await events.findEvent(ctx.db, eventId);
  const current = (await events.findRegistration(ctx.db, row.id))!;
  return {
    event: await present(ctx.db, event!, caller.id),
    registration: events.toMyRegistration(current, await events.waitlistPosition(ctx.db, current)),
    clientSecret: null,
    paymentIntentId,
  };
}

/**
 * A succeeded intent that is an event seat's: checked against the price, the payment recorded once, and the
 * held seat confirmed. Money for a seat no longer held (the hold ran out, the member or the event cancelled)
 * goes back at once.
 */
export async function settleRegistration(
  ctx: Ctx,
  {
    payments,
    intent,
    actorId = null,
  }: { payments: Payments; intent: ProviderIntent; actorId?: string | null },
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
    await events.lockEvent(tx, row.eventId);
    const current = (await events.findRegistration(tx, row.id))!;
    await recordPayment(tx, {
      provider: current.provider ?? 'test',
      intent,
      purpose: 'event',
      referenceId: current.id,
    });
    if (current.paidAt) return 'already' as const;
    const keep = current.status === 'pending_payment';
    await events.updateRegistration(tx, current.id, {
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
  if (outcome === 'refund')
    await refundRegistration(ctx, {
      payments,
      registrationId: row.id,
      actorId,
      reason: 'Seat no longer held',
    });
  if (outcome !== 'already') publish(ctx, row.eventId, [row.userId]);
  return true;
}

/**
 * The member cancels their registration, leaves the waitlist or declines an offered seat. A paid seat is
 * refunded; a freed seat is offered to the first on the waitlist.
 */
export async function cancelMine(ctx: Ctx, { payments, caller, eventId, meta }: Registering) {
  const mine = await events.activeRegistration(ctx.db, eventId, caller.id);
  if (!mine) throw notFound(EVENT_ERRORS.notRegistered);
  await release(ctx, {
    eventId,
    registrationIds: [mine.id],
    to: 'cancelled',
    actor: { actorId: caller.id, ipAddress: meta.ipAddress },
  });
  await refundRegistration(ctx, {
    payments,
    registrationId: mine.id,
    actorId: caller.id,
    reason: 'Registration cancelled',
  });
  const event = await events.findEvent(ctx.db, eventId);
  const current = (await events.findRegistration(ctx.db, mine.id))!;
  return {
    event: await present(ctx.db, event!, caller.id),
    registration: events.toMyRegistration(current, null),
    clientSecret: null,
    paymentIntentId: null,
  };
}
