import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS, type RegistrationAnswer } from '../../../shared/events';
import { TEST_CARDS } from '../../../shared/payments';
import type { Role } from '../../../shared/roles';
import {
  activityLog,
  emailOutbox,
  eventRegistrations,
  notifications,
  paymentRefunds,
  payments,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { openSocket, untilConnections } from '../../test/sockets';

/** Community events on the real app and database, paid seats through the built-in test provider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const valid = (overrides: Record<string, unknown> = {}) => ({
  title: 'Summer picnic',
  description: 'Food and games in the park',
  startsAt: inDays(10),
  endsAt: new Date(Date.now() + 10 * DAY + 3 * 3_600_000).toISOString(),
  place: 'Riverside Park',
  capacity: 5,
  priceCents: 0,
  ...overrides,
});

async function createEvent(overrides: Record<string, unknown> = {}) {
  const response = await t.injectAs('admin', {
    method: 'POST',
    url: '/api/events',
    payload: valid(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ event: { id: string } }>().event;
}

const as = (person: TestPerson, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${person.token}` } });
const register = (person: TestPerson, eventId: string) =>
  as(person, 'POST', `/api/events/${eventId}/registration`);
const cancel = (person: TestPerson, eventId: string) =>
  as(person, 'POST', `/api/events/${eventId}/registration/cancel`);
const accept = (person: TestPerson, eventId: string) =>
  as(person, 'POST', `/api/events/${eventId}/registration/accept`);
const members = (n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => createPerson(t, 'member', { firstName: `Member${i}` })));
const registrationsOf = (eventId: string) =>
  t.database.db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(eventRegistrations.seq);
const attendees = async (eventId: string) => {
  const response = await t.injectAs('admin', {
    method: 'GET',
    url: `/api/admin/events/${eventId}/attendees`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    attendees: Array<{
      id: string;
      userId: string;
      status: string;
      waitlistPosition: number | null;
      checkedInAt: string | null;
    }>;
  }>().attendees;
};
const payCard = (clientSecret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-card',
    payload: { clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: '123' },
  });

describe('creating and editing events', () => {
  it.each([
    ['title', { title: '' }, EVENT_ERRORS.title],
    ['title', { title: 'x'.repeat(201) }, EVENT_ERRORS.titleTooLong],
    ['description', { description: 'x'.repeat(5001) }, EVENT_ERRORS.description],
    ['imageUrl', { imageUrl: 'http://example.test/a.png' }, EVENT_ERRORS.image],
    ['imageUrl', { imageUrl: 'data:text/html;base64,PGI+' }, EVENT_ERRORS.image],
    ['imageUrl', { imageUrl: `data:image/png;base64,${'A'.repeat(200_001)}` }, EVENT_ERRORS.imageTooLarge],
    ['startsAt', { startsAt: 'tomorrow' }, 'Start must be a date and time (ISO 8601)'],
    ['startsAt', { startsAt: '1899-12-31T10:00:00Z' }, 'Start must fall between 1900 and 2199'],
    ['endsAt', { endsAt: '2200-01-01T10:00:00Z' }, 'End must fall between 1900 and 2199'],
    ['endsAt', { endsAt: inDays(9) }, EVENT_ERRORS.endBeforeStart],
    ['place', { place: null, onlineUrl: null }, EVENT_ERRORS.placeOrLink],
    ['place', { place: '  ' }, EVENT_ERRORS.placeOrLink],
    ['place', { place: 'x'.repeat(301) }, EVENT_ERRORS.place],
    ['onlineUrl', { place: null, onlineUrl: 'http://meet.example.test/x' }, EVENT_ERRORS.onlineUrl],
    ['onlineUrl', { place: null, onlineUrl: 'javascript:alert(1)' }, EVENT_ERRORS.onlineUrl],
    ['capacity', { capacity: 0 }, EVENT_ERRORS.capacity],
    ['capacity', { capacity: 2.5 }, EVENT_ERRORS.capacity],
    ['capacity', { capacity: '5' }, EVENT_ERRORS.capacity],
    ['priceCents', { priceCents: -1 }, EVENT_ERRORS.price],
    ['priceCents', { priceCents: 10.5 }, EVENT_ERRORS.price],
  ])('refuses a bad %s with a clear 400', async (field, overrides, message) => {
    const response = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/events',
      payload: valid(overrides),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(message);
    expect(response.body).toContain(field);
  });

  it('takes an online event with an https link, an uploaded image and a price, and edits it', async () => {
    const response = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/events',
      payload: valid({
        place: null,
        onlineUrl: 'https://meet.example.test/abc',
        imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
        priceCents: 1500,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { event } = response.json();
    expect(event).toMatchObject({
      onlineUrl: 'https://meet.example.test/abc',
      place: null,
      priceCents: 1500,
    });
    const edited = await t.injectAs('admin', {
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      payload: { title: 'Online talk', capacity: 50 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().event).toMatchObject({ title: 'Online talk', capacity: 50 });
    const wrongEnd = await t.injectAs('admin', {
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      payload: { endsAt: inDays(1) },
    });
    expect(wrongEnd.statusCode).toBe(400);
    expect(wrongEnd.body).toContain(EVENT_ERRORS.endBeforeStart);
    const noWhere = await t.injectAs('admin', {
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      payload: { onlineUrl: null },
    });
    expect(noWhere.statusCode).toBe(400);
    expect(noWhere.body).toContain(EVENT_ERRORS.placeOrLink);
    const missing = await t.injectAs('admin', {
      method: 'PATCH',
      url: '/api/events/00000000-0000-4000-8000-000000000000',
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps capacity at or above the seats taken', async () => {
    const event = await createEvent({ capacity: 3 });
    for (const member of await members(2)) expect((await register(member, event.id)).statusCode).toBe(200);
    const response = await t.injectAs('admin', {
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      payload: { capacity: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(EVENT_ERRORS.capacityBelowTaken);
  });
});

describe('who may do what', () => {
  const others: Role[] = ['patient', 'practitioner', 'staff'];
  it('answers 401 to visitors and 403 to other roles; members only register, admins only manage', async () => {
    const event = await createEvent();
    const memberRoutes = [
      { method: 'POST' as const, url: `/api/events/${event.id}/registration` },
      { method: 'POST' as const, url: `/api/events/${event.id}/registration/cancel` },
      { method: 'POST' as const, url: `/api/events/${event.id}/registration/accept` },
    ];
    const adminRoutes = [
      { method: 'GET' as const, url: '/api/admin/events' },
      { method: 'POST' as const, url: '/api/events', payload: valid() },
      { method: 'PATCH' as const, url: `/api/events/${event.id}`, payload: { title: 'x' } },
      { method: 'POST' as const, url: `/api/events/${event.id}/cancel` },
      { method: 'GET' as const, url: `/api/admin/events/${event.id}/attendees` },
      { method: 'GET' as const, url: `/api/admin/events/${event.id}/attendees.csv` },
    ];
    for (const route of [...memberRoutes, ...adminRoutes, { method: 'GET' as const, url: '/api/events' }]) {
      expect((await t.injectAs('visitor', route)).statusCode, route.url).toBe(401);
      for (const role of others)
        expect((await t.injectAs(role, route)).statusCode, `${role} ${route.url}`).toBe(403);
    }
    for (const route of memberRoutes)
      expect((await t.injectAs('admin', route)).statusCode, route.url).toBe(403);
    for (const route of adminRoutes)
      expect((await t.injectAs('member', route)).statusCode, route.url).toBe(403);
    expect((await t.injectAs('member', { method: 'GET', url: '/api/events' })).statusCode).toBe(200);
  });
});

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
    const list = await as(next, 'GET', '/api/events');
    const mine = list.json().events.find((e: { id: string }) => e.id === event.id).myRegistration;
    expect(mine.status).toBe('offered');
    // Paying late for a seat no longer held is refunded at once.
    await payCard(held.clientSecret!);
    const late = await as(slow, 'POST', `/api/events/${event.id}/registration/confirm`, {
      paymentIntentId: held.paymentIntentId,
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
      as(payer, 'POST', `/api/events/${event.id}/registration/confirm`, {
        paymentIntentId: answer.paymentIntentId,
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
    const early = await as(payer, 'POST', `/api/events/${event.id}/registration/confirm`, {
      paymentIntentId: answer.paymentIntentId,
    });
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain(EVENT_ERRORS.notSucceeded);
    const stranger = await as(other, 'POST', `/api/events/${event.id}/registration/confirm`, {
      paymentIntentId: answer.paymentIntentId,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('cancelling the event ends every registration, refunds paid seats and tells the attendees', async () => {
    const event = await createEvent({ capacity: 3, priceCents: 500, title: 'Charity run' });
    const [payer] = await members(1);
    const answer = (await register(payer, event.id)).json<RegistrationAnswer>();
    await payCard(answer.clientSecret!);
    await as(payer, 'POST', `/api/events/${event.id}/registration/confirm`, {
      paymentIntentId: answer.paymentIntentId,
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
    const list = await as(payer, 'GET', '/api/events');
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
    await as(payer, 'POST', `/api/events/${event.id}/registration/confirm`, {
      paymentIntentId: answer.paymentIntentId,
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

describe('the member dashboard', () => {
  it('counts the member’s upcoming registrations and lists the next ones', async () => {
    const soon = await createEvent({ title: 'Soon', startsAt: inDays(2), endsAt: inDays(2.1), capacity: 1 });
    const later = await createEvent({
      title: 'Later',
      startsAt: inDays(20),
      endsAt: inDays(20.1),
      capacity: 1,
    });
    const [member, other] = await members(2);
    await register(other, later.id);
    await register(member, later.id);
    await register(member, soon.id);
    const dashboard = await as(member, 'GET', '/api/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().events).toEqual({
      count: 2,
      next: [
        expect.objectContaining({ eventId: soon.id, title: 'Soon', status: 'registered' }),
        expect.objectContaining({ eventId: later.id, title: 'Later', status: 'waitlisted' }),
      ],
    });
  });
});

describe('live', () => {
  it('pushes a registration change to admins and to the member', async () => {
    const event = await createEvent();
    const [member] = await members(1);
    const adminToken = await t.tokenOf('admin');
    const me = await t.injectAs('admin', { method: 'GET', url: '/api/auth/me' });
    const adminSocket = await openSocket(
      t,
      `token=${adminToken}&userId=${me.json().user.id}&channel=notifications`,
    );
    const memberSocket = await openSocket(
      t,
      `token=${member.token}&userId=${member.id}&channel=notifications`,
    );
    await untilConnections(t, 2);
    await register(member, event.id);
    expect(await adminSocket.nextMessage()).toEqual({ type: 'events_changed', eventId: event.id });
    expect(await memberSocket.nextMessage()).toEqual({ type: 'events_changed', eventId: event.id });
    adminSocket.socket.close();
    memberSocket.socket.close();
  });
});
