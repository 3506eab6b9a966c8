import { type AttendeesAnswer, EVENT_ERRORS } from '../../../../shared/events';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { raise } from '../../notifications/service';
import type { Payments } from '../../payments/service';
import * as events from '../repository';
import { type Ctx, conflict, present, publish, refundRegistration, release, sweep } from '../service';
import * as repository from './repository';

// The people at an event, as the clinic sees them: the list (and its export), refunds and check-in.

export async function attendees(ctx: Ctx, caller: SessionUser, id: string): Promise<AttendeesAnswer> {
  await sweep(ctx, id);
  const event = await events.findEvent(ctx.db, id);
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

/** Which attendee of which event an admin acts on. */
type AttendeeAction = { caller: SessionUser; eventId: string; registrationId: string; meta: RequestMeta };

/**
 * An admin ends one attendee's registration and refunds what they paid (the ledger's refund of an event
 * payment comes here); the freed seat is offered to the waitlist. A registration already ended is only
 * refunded, if anything is left to refund.
 */
export async function refundAttendee(
  ctx: Ctx,
  {
    payments,
    caller,
    eventId,
    registrationId,
    reason,
    meta,
  }: AttendeeAction & { payments: Payments; reason: string | undefined },
) {
  const row = await events.findRegistration(ctx.db, registrationId);
  if (!row || row.eventId !== eventId) throw notFound(EVENT_ERRORS.registrationNotFound);
  if (!row.paidAt || row.refundedCents >= row.amountCents) throw conflict(EVENT_ERRORS.notRefundable);
  await release(ctx, {
    eventId,
    registrationIds: [row.id],
    to: 'cancelled',
    actor: { actorId: caller.id, ipAddress: meta.ipAddress },
  });
  await refundRegistration(ctx, {
    payments,
    registrationId: row.id,
    actorId: caller.id,
    reason: reason?.trim() || 'Event seat refunded by the clinic',
  });
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
export async function checkIn(ctx: Ctx, { caller, eventId, registrationId, meta }: AttendeeAction) {
  const row = await events.findRegistration(ctx.db, registrationId);
  if (!row || row.eventId !== eventId) throw notFound(EVENT_ERRORS.registrationNotFound);
  if (row.status !== 'registered') throw conflict(EVENT_ERRORS.notCheckable);
  if (!row.checkedInAt) {
    const now = new Date();
    await ctx.db.transaction(async (tx) => {
      await events.updateRegistration(tx, row.id, {
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
