import {
  type CommunityEvent,
  EVENT_CURRENCY,
  EVENT_ERRORS,
  EVENT_PAYMENT_HOLD_MINUTES,
  type RegistrationAnswer,
} from '../../../../shared/events';
import type { Db } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import type { Payments } from '../../payments/service';
import { type Ctx, conflict, present, publish } from '../context';
import * as repository from '../repository';
import { release, settleRegistration, sweep } from './seats';

/** Upcoming scheduled events, with the caller's own registration on each. */
export async function listUpcoming(ctx: Ctx, caller: SessionUser): Promise<{ events: CommunityEvent[] }> {
  await sweep(ctx);
  const rows = await repository.listEvents(ctx.db, { upcomingAfter: new Date(), scheduledOnly: true });
  return { events: await presentMany(ctx.db, rows, caller.id) };
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

export async function getOne(ctx: Ctx, caller: SessionUser, id: string) {
  await sweep(ctx, id);
  const row = await repository.findEvent(ctx.db, id);
  if (!row || (caller.role !== 'admin' && row.status === 'cancelled')) throw notFound(EVENT_ERRORS.notFound);
  return { event: await present(ctx.db, row, caller.id) };
}

/**
 * Registers the member: a seat when one is free (held while paying for a paid event), otherwise the
 * waitlist. The event row is locked, so racing registrations take the seats one at a time.
 */
export async function register(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  eventId: string,
  meta: RequestMeta,
): Promise<RegistrationAnswer> {
  await sweep(ctx, eventId);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const event = await repository.lockEvent(tx, eventId);
    if (!event || event.status === 'cancelled') throw notFound(EVENT_ERRORS.notFound);
    if (event.startsAt <= now) throw conflict(EVENT_ERRORS.past);
    if (await repository.activeRegistration(tx, eventId, caller.id))
      throw conflict(EVENT_ERRORS.alreadyRegistered);
    const free = (await repository.seatsTaken(tx, eventId)) < event.capacity;
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
  row: repository.RegistrationRow,
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
      const updated = await repository.updateRegistration(ctx.db, row.id, {
        paymentIntentId: intent.id,
        provider: payments.provider.name,
        updatedAt: new Date(),
      });
      current = updated ?? row;
      clientSecret = intent.clientSecret;
      paymentIntentId = intent.id;
    } catch (error) {
      // No way to pay: the seat goes back (to the waitlist's first, if any).
      await release(ctx, row.eventId, [row.id], 'cancelled');
      throw error;
    }
  }
  const event = await repository.findEvent(ctx.db, row.eventId);
  return {
    event: await present(ctx.db, event!, row.userId),
    registration: repository.toMyRegistration(current, await repository.waitlistPosition(ctx.db, current)),
    clientSecret,
    paymentIntentId,
  };
}

/** The member takes the seat offered to them: registered, or held while they pay for a paid event. */
export async function acceptOffer(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  eventId: string,
  meta: RequestMeta,
): Promise<RegistrationAnswer> {
  await sweep(ctx, eventId);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const event = await repository.lockEvent(tx, eventId);
    if (!event || event.status === 'cancelled') throw notFound(EVENT_ERRORS.notFound);
    const mine = await repository.activeRegistration(tx, eventId, caller.id);
    if (mine?.status !== 'offered') throw conflict(EVENT_ERRORS.noOffer);
    const paid = event.priceCents > 0;
    const updated = await repository.updateRegistration(tx, mine.id, {
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
  payments: Payments,
  caller: SessionUser,
  eventId: string,
  paymentIntentId: string,
) {
  const row = await repository.findByIntent(ctx.db, paymentIntentId);
  if (!row || row.userId !== caller.id || row.eventId !== eventId)
    throw notFound(EVENT_ERRORS.registrationNotFound);
  if (!row.paidAt) {
    // Settled whatever became of the hold: money for a seat no longer held goes back at once.
    const intent = await payments.provider.retrieveIntent(paymentIntentId);
    if (intent?.status === 'succeeded') await settleRegistration(ctx, payments, intent, caller.id);
    else if (row.status === 'pending_payment') throw conflict(EVENT_ERRORS.notSucceeded);
  }
  const event = await repository.findEvent(ctx.db, eventId);
  const current = (await repository.findRegistration(ctx.db, row.id))!;
  return {
    event: await present(ctx.db, event!, caller.id),
    registration: repository.toMyRegistration(current, await repository.waitlistPosition(ctx.db, current)),
    clientSecret: null,
    paymentIntentId,
  };
}
