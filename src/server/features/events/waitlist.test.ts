import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS, type RegistrationAnswer } from '../../../shared/events';
import { activityLog, emailOutbox, eventRegistrations, notifications, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { eventCalls } from './testing';

/** Community events on the real app and database, paid seats through the built-in test provider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { createEvent, as, register, cancel, accept, members, registrationsOf, attendees, payCard } =
  eventCalls(() => t);

describe('capacity and the waitlist', () => {
  it('seats 5 of 20 racing members and waitlists the other 15 in order', async () => {
    const event = await createEvent({ capacity: 5 });
    const racers = await members(20);
    const answers = await Promise.all(racers.map((member) => register(member, event.id)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const statuses = answers.map((answer) => answer.json<RegistrationAnswer>().registration.status);
    expect(statuses.filter((status) => status === 'registered')).toHaveLength(5);
    expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(15);
    const rows = await registrationsOf(event.id);
    expect(rows.slice(0, 5).every((row) => row.status === 'registered')).toBe(true);
    expect(rows.slice(5).every((row) => row.status === 'waitlisted')).toBe(true);
    const list = await attendees(event.id);
    expect(list.filter((a) => a.status === 'waitlisted').map((a) => a.waitlistPosition)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    // Twice is refused.
    const again = await register(racers[0], event.id);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(EVENT_ERRORS.alreadyRegistered);
  });

  it('offers a freed seat to the first on the waitlist, by notification and email; the offer passes on when it expires', async () => {
    const event = await createEvent({ capacity: 1, title: 'Garden tour' });
    const [first, second, third] = await members(3);
    expect((await register(first, event.id)).json().registration.status).toBe('registered');
    expect((await register(second, event.id)).json().registration).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    expect((await register(third, event.id)).json().registration.waitlistPosition).toBe(2);

    const cancelled = await cancel(first, event.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().registration.status).toBe('cancelled');
    const offered = (await registrationsOf(event.id)).find((row) => row.userId === second.id)!;
    expect(offered.status).toBe('offered');
    expect(offered.offerExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await expect
      .poll(async () =>
        (await t.database.db.select().from(notifications).where(eq(notifications.userId, second.id))).map(
          (row) => row.title,
        ),
      )
      .toContain('A seat is free: Garden tour');
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, second.email)))
            .length,
      )
      .toBeGreaterThan(0);
    // The third is still waiting, now first in line.
    expect((await accept(third, event.id)).statusCode).toBe(409);

    // The offer runs out: it passes to the third.
    await t.database.db
      .update(eventRegistrations)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventRegistrations.id, offered.id));
    const late = await accept(second, event.id);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(EVENT_ERRORS.noOffer);
    const rows = await registrationsOf(event.id);
    expect(rows.find((row) => row.userId === second.id)!.status).toBe('expired');
    expect(rows.find((row) => row.userId === third.id)!.status).toBe('offered');

    const accepted = await accept(third, event.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().registration.status).toBe('registered');
    expect(accepted.json().event).toMatchObject({ seatsTaken: 1, waitlistCount: 0 });
  });

  it('a larger capacity offers the new seats to the waitlist in order', async () => {
    const event = await createEvent({ capacity: 1 });
    const [seated, first, second, third] = await members(4);
    for (const member of [seated, first, second, third]) await register(member, event.id);
    const grown = await t.injectAs('admin', {
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      payload: { capacity: 3 },
    });
    expect(grown.statusCode, grown.body).toBe(200);
    const rows = await registrationsOf(event.id);
    const statusOf = (member: TestPerson) => rows.find((row) => row.userId === member.id)!.status;
    expect([statusOf(seated), statusOf(first), statusOf(second), statusOf(third)]).toEqual([
      'registered',
      'offered',
      'offered',
      'waitlisted',
    ]);
  });

  it('a paid seat whose payment hold ran out passes to the first in line', async () => {
    const event = await createEvent({ capacity: 1, priceCents: 900 });
    const [slow, next] = await members(2);
    const held = (await register(slow, event.id)).json<RegistrationAnswer>();
    expect(held.registration.status).toBe('pending_payment');
    expect((await register(next, event.id)).json().registration.status).toBe('waitlisted');
    await t.database.db
      .update(eventRegistrations)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(eventRegistrations.id, held.registration.id));
    const list = await as(next, { method: 'GET', url: '/api/events' });
    const mine = list.json().events.find((e: { id: string }) => e.id === event.id).myRegistration;
    expect(mine.status).toBe('offered');
    // Paying late for a seat no longer held is refunded at once.
    await payCard(held.clientSecret!);
    const late = await as(slow, {
      method: 'POST',
      url: `/api/events/${event.id}/registration/confirm`,
      payload: {
        paymentIntentId: held.paymentIntentId,
      },
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().registration.status).toBe('expired');
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, held.paymentIntentId!));
    expect(payment).toMatchObject({ purpose: 'event', status: 'refunded', refundedCents: 900 });
  });

  it('an admin sees the waitlist, exports it formula-safe and checks an attendee in', async () => {
    const event = await createEvent({ capacity: 1 });
    const first = await createPerson(t, 'member', { firstName: '=HYPERLINK("x")', lastName: 'Evil' });
    const [second] = await members(1);
    await register(first, event.id);
    await register(second, event.id);
    const csv = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/admin/events/${event.id}/attendees.csv`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") Evil"`);
    expect(csv.body).toContain('"Waitlisted","1"');
    const list = await attendees(event.id);
    const waiting = list.find((a) => a.userId === second.id)!;
    const refused = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/events/${event.id}/attendees/${waiting.id}/check-in`,
    });
    expect(refused.statusCode).toBe(409);
    const seated = list.find((a) => a.userId === first.id)!;
    const checked = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/events/${event.id}/attendees/${seated.id}/check-in`,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().attendee.checkedInAt).not.toBeNull();
    const elsewhere = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/events/00000000-0000-4000-8000-000000000000/attendees/${seated.id}/check-in`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'event.checked_in'), eq(activityLog.entityId, seated.id)));
    expect(logged).toHaveLength(1);
  });
});
