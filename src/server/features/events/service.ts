import {
  ACTIVE_REGISTRATION_STATUSES,
  type AttendeesAnswer,
  type CommunityEvent,
  type CreateEventInput,
  EVENT_CURRENCY,
  EVENT_ERRORS,
  EVENT_OFFER_HOURS,
  EVENT_PAYMENT_HOLD_MINUTES,
  type MemberEventsSummary,
  type RegistrationAnswer,
  type UpdateEventInput,
} from '../../../shared/events';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { raise } from '../notifications/service';
import type { ProviderIntent } from '../payments/provider';
import { type Payments, recordFullRefund, recordPayment } from '../payments/service';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;

const conflict = (message: string) => new AppError('CONFLICT', message);
const HOUR = 3_600_000;

async function present(db: Db | Tx, row: repository.EventRow, userId: string | null) {
  const counts = (await repository.countsOf(db, [row.id])).get(row.id)!;
  const mine = userId ? await repository.activeRegistration(db, row.id, userId) : null;
  return repository.toEvent(
    row,
    counts,
    mine ? repository.toMyRegistration(mine, await repository.waitlistPosition(db, mine)) : null,
  );
}

function publish(ctx: Ctx, eventId: string, userIds: string[]) {
  ctx.events.publish('community-event.changed', { eventId, userIds });
}

// ---- members ---------------------------------------------------------------------------------------------

/** Upcoming scheduled events, with the caller's own registration on each. */
export async function listUpcoming(ctx: Ctx, caller: SessionUser): Promise<{ events: CommunityEvent[] }> {
  await sweep(ctx);
  const rows = await repository.listEvents(ctx.db, { upcomingAfter: new Date(), scheduledOnly: true });
  return { events: await presentMany(ctx.db, rows, caller.id) };
}

async function presentMany(db: Db, rows: repository.EventRow[], userId: string | null) {
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
async function refundRegistration(
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
async function release(
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
async function offerFreedSeats(tx: Tx, event: repository.EventRow, now: Date) {
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

async function tellOffered(ctx: Ctx, event: repository.EventRow, row: repository.RegistrationRow) {
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

// ---- admins ----------------------------------------------------------------------------------------------

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
