import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS, type RegistrationAnswer } from '../../../shared/events';
import { notifications, paymentRefunds, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { eventCalls } from './testing';

/** Community events on the real app and database, paid seats through the built-in test provider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { createEvent, as, register, cancel, members, registrationsOf, payCard } = eventCalls(() => t);

describe('paid events', () => {
  it('holds the seat while paying, confirms it once when the payment settles, and refunds it on cancel', async () => {
    const event = await createEvent({ capacity: 1, priceCents: 2500 });
    const [payer, waiting] = await members(2);
    const started = await register(payer, event.id);
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json<RegistrationAnswer>();
    expect(answer.registration.status).toBe('pending_payment');
    expect(answer.clientSecret).toBeTruthy();
    // The held seat counts: the next member waits.
    expect((await register(waiting, event.id)).json().registration.status).toBe('waitlisted');

    expect((await payCard(answer.clientSecret!)).statusCode).toBe(200);
    const confirm = () =>
      as(payer, {
        method: 'POST',
        url: `/api/events/${event.id}/registration/confirm`,
        payload: {
          paymentIntentId: answer.paymentIntentId,
        },
      });
    const [one, two] = await Promise.all([confirm(), confirm()]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(one.json().registration).toMatchObject({ status: 'registered', paidCents: 2500 });
    const ledger = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, answer.paymentIntentId!));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ purpose: 'event', amountCents: 2500 });

    const cancelled = await cancel(payer, event.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [refundedPayment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, answer.paymentIntentId!));
    expect(refundedPayment).toMatchObject({ status: 'refunded', refundedCents: 2500 });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, refundedPayment.id));
    expect(refunds).toHaveLength(1);
    // The freed seat went to the waitlist.
    const rows = await registrationsOf(event.id);
    expect(rows.find((row) => row.userId === waiting.id)!.status).toBe('offered');
  });

  it('a member who has not paid cannot confirm, and someone else’s intent is not found', async () => {
    const event = await createEvent({ capacity: 2, priceCents: 1000 });
    const [payer, other] = await members(2);
    const answer = (await register(payer, event.id)).json<RegistrationAnswer>();
    const early = await as(payer, {
      method: 'POST',
      url: `/api/events/${event.id}/registration/confirm`,
      payload: {
        paymentIntentId: answer.paymentIntentId,
      },
    });
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain(EVENT_ERRORS.notSucceeded);
    const stranger = await as(other, {
      method: 'POST',
      url: `/api/events/${event.id}/registration/confirm`,
      payload: {
        paymentIntentId: answer.paymentIntentId,
      },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('cancelling the event ends every registration, refunds paid seats and tells the attendees', async () => {
    const event = await createEvent({ capacity: 3, priceCents: 500, title: 'Charity run' });
    const [payer] = await members(1);
    const answer = (await register(payer, event.id)).json<RegistrationAnswer>();
    await payCard(answer.clientSecret!);
    await as(payer, {
      method: 'POST',
      url: `/api/events/${event.id}/registration/confirm`,
      payload: {
        paymentIntentId: answer.paymentIntentId,
      },
    });
    const response = await t.injectAs('admin', { method: 'POST', url: `/api/events/${event.id}/cancel` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event.status).toBe('cancelled');
    const [row] = await registrationsOf(event.id);
    expect(row).toMatchObject({ status: 'cancelled', refundedCents: 500 });
    await expect
      .poll(async () =>
        (await t.database.db.select().from(notifications).where(eq(notifications.userId, payer.id))).map(
          (n) => n.title,
        ),
      )
      .toContain('Event cancelled: Charity run');
    const list = await as(payer, { method: 'GET', url: '/api/events' });
    expect(list.json().events.map((e: { id: string }) => e.id)).not.toContain(event.id);
  });
});

describe('the admin ledger', () => {
  it('shows an event seat’s payment with the member and the event, and its refund goes through the event', async () => {
    const event = await createEvent({ capacity: 1, priceCents: 1800, title: 'Ledger workshop' });
    const payer = await createPerson(t, 'member', { firstName: 'Lee', lastName: 'Ledger' });
    const [waiting] = await members(1);
    const answer = (await register(payer, event.id)).json<RegistrationAnswer>();
    await payCard(answer.clientSecret!);
    await as(payer, {
      method: 'POST',
      url: `/api/events/${event.id}/registration/confirm`,
      payload: {
        paymentIntentId: answer.paymentIntentId,
      },
    });
    await register(waiting, event.id);
    const ledger = await t.injectAs('admin', { method: 'GET', url: '/api/admin/transactions?kind=event' });
    expect(ledger.statusCode, ledger.body).toBe(200);
    const item = ledger
      .json()
      .items.find(
        (entry: { eventRegistrationId: string | null }) =>
          entry.eventRegistrationId === answer.registration.id,
      );
    expect(item).toMatchObject({
      kind: 'event',
      amountCents: 1800,
      payerName: 'Lee Ledger',
      payerEmail: payer.email,
      paidFor: 'Event: Ledger workshop',
      eventId: event.id,
    });
    const refunded = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/events/${event.id}/attendees/${answer.registration.id}/refund`,
      payload: { reason: 'Could not attend' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().attendee).toMatchObject({ status: 'cancelled', refundedCents: 1800 });
    const after = await t.injectAs('admin', { method: 'GET', url: '/api/admin/transactions?kind=event' });
    const again = after.json().items.find((entry: { id: string }) => entry.id === item.id);
    expect(again).toMatchObject({ status: 'refunded', refundedCents: 1800 });
    expect(again.refunds[0]).toMatchObject({ amountCents: 1800, reason: 'Could not attend' });
    const rows = await registrationsOf(event.id);
    expect(rows.find((row) => row.userId === waiting.id)!.status).toBe('offered');
    const twice = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/events/${event.id}/attendees/${answer.registration.id}/refund`,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (
        await t.injectAs('member', {
          method: 'POST',
          url: `/api/admin/events/${event.id}/attendees/${answer.registration.id}/refund`,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
  });
});
