import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS, type RegistrationAnswer } from '../../../shared/events';
import { TEST_CARDS } from '../../../shared/payments';
import {
  type Caller,
  type Expected,
  everywhere,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';

/**
 * Who reaches community events: members see the upcoming events and register, cancel, take an offered seat
 * and pay for it, always as themselves; admins see every event and manage them (create, edit, cancel,
 * attendees and their export, refunds, check-in). Every other role is refused with 403, a visitor with 401.
 * A member never reaches another member's registration: naming it answers 404, exactly as one that does not
 * exist, and a cancelled event is, to a member, an event that does not exist.
 *
 * For an event route, "own" is an event open to the caller (scheduled, upcoming) and "other" one that is not
 * (cancelled), which only an admin still reaches. For a registration route, "own" is the caller's registration
 * and "other" another member's (named by its event, or by its payment); for the admin's attendee routes both
 * are some member's registration on the event named, which the admin reaches alike. Each case that would
 * change its subject gets a fresh one.
 */

let t: TestApp;
let member: TestPerson;
let someoneElse: TestPerson;
/** A scheduled and a cancelled event, for the cases that change nothing. */
const events = { own: '', other: '' };
/** Another member's registration on the scheduled event, which no member's answer may show. */
let theirRegistration = '';

const DAY = 86_400_000;
const inDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();
const eventInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Matrix walk',
  startsAt: inDays(10),
  endsAt: inDays(10, 2),
  place: 'Riverside Park',
  capacity: 5,
  priceCents: 0,
  ...overrides,
});

async function call<T>(
  who: TestPerson | 'admin',
  { method, url, payload }: { method: string; url: string; payload?: object },
) {
  const response =
    who === 'admin'
      ? await t.injectAs('admin', { method: method as 'POST', url, payload })
      : await t.app.inject({ method: method as 'POST', url, payload, headers: bearer(who.token) });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json<T>();
}

const createEvent = async (overrides: Record<string, unknown> = {}) =>
  (
    await call<{ event: { id: string } }>('admin', {
      method: 'POST',
      url: '/api/events',
      payload: eventInput(overrides),
    })
  ).event.id;
const register = (who: TestPerson, eventId: string) =>
  call<RegistrationAnswer>(who, { method: 'POST', url: `/api/events/${eventId}/registration` });
const cancelEvent = (eventId: string) =>
  call('admin', { method: 'POST', url: `/api/events/${eventId}/cancel` });
async function pay(clientSecret: string | null) {
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-card',
    payload: { clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: '123' },
  });
  if (card.statusCode !== 200) throw new Error(card.body);
}

/** A person's registration on a fresh event: registered (free), or paid for (a paid event). */
async function registration(who: TestPerson, paid = false) {
  const eventId = await createEvent(paid ? { priceCents: 1500 } : {});
  const answer = await register(who, eventId);
  if (paid) await pay(answer.clientSecret);
  return { eventId, id: answer.registration.id, paymentIntentId: answer.paymentIntentId };
}

/** A person offered a seat: the only seat is taken by a third member, who then cancels. */
async function offered(who: TestPerson) {
  const eventId = await createEvent({ capacity: 1 });
  const first = await createPerson(t, 'member');
  await register(first, eventId);
  await register(who, eventId);
  await call(first, { method: 'POST', url: `/api/events/${eventId}/registration/cancel` });
  return eventId;
}

beforeAll(async () => {
  t = await createTestApp();
  const me = await t.injectAs('member', { method: 'GET', url: '/api/auth/me' });
  member = { ...me.json().user, token: await t.tokenOf('member') };
  someoneElse = await createPerson(t, 'member');
  events.own = await createEvent();
  theirRegistration = (await register(someoneElse, events.own)).registration.id;
  events.other = await createEvent();
  await cancelEvent(events.other);
});
afterAll(() => t.close());

const eventOf = (target: Target) => (target === 'missing' ? MISSING_ID : events[target]);
/** The member whose registration a case names: the caller's own (the demo member), or someone else's. */
const holder = (target: Target) => (target === 'own' ? member : someoneElse);

type Row = {
  method: 'GET' | 'POST' | 'PATCH';
  route: string;
  /** The path (and body) of a case; may make its subject fresh. */
  request: (target: Target | null, caller: Caller) => Promise<{ url: string; payload?: unknown }>;
  /** What a subject out of reach answers, word for word the same as one that does not exist. */
  notFound?: string;
  /** Whether the answer must not show another member's registration (to anyone but an admin). */
  private?: boolean;
  expect: Expected;
};

const refused = (status: number) => ({ own: status, other: status, missing: status });
const only = (role: 'member' | 'admin', allowed: number | Record<Target, number>): Expected => {
  const record = typeof allowed !== 'number';
  return {
    visitor: record ? refused(401) : 401,
    patient: record ? refused(403) : 403,
    practitioner: record ? refused(403) : 403,
    staff: record ? refused(403) : 403,
    admin: record ? refused(403) : 403,
    member: record ? refused(403) : 403,
    [role]: allowed,
  } as Expected;
};
/** A member's own registration only; anyone else's answers 404 as if it did not exist. */
const membersOwn = (status: number) => only('member', ownOnly(status));

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/events',
    request: async () => ({ url: '/api/events' }),
    private: true,
    expect: { ...only('member', 200), admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/events/:id',
    request: async (target) => ({ url: `/api/events/${eventOf(target!)}` }),
    notFound: EVENT_ERRORS.notFound,
    private: true,
    expect: { ...only('member', ownOnly(200)), admin: everywhere(200) },
  },
  {
    method: 'POST',
    route: '/api/events',
    request: async () => ({ url: '/api/events', payload: eventInput() }),
    expect: only('admin', 201),
  },
  {
    method: 'PATCH',
    route: '/api/events/:id',
    request: async (target, caller) => ({
      url: `/api/events/${target === 'own' && caller === 'admin' ? await createEvent() : eventOf(target!)}`,
      payload: { title: 'Matrix walk, longer route' },
    }),
    notFound: EVENT_ERRORS.notFound,
    // The admin reaches a cancelled event too, but it can no longer change.
    expect: only('admin', { own: 200, other: 409, missing: 404 }),
  },
  {
    method: 'POST',
    route: '/api/events/:id/cancel',
    request: async (target, caller) => ({
      url: `/api/events/${target === 'own' && caller === 'admin' ? await createEvent() : eventOf(target!)}/cancel`,
    }),
    notFound: EVENT_ERRORS.notFound,
    // Cancelling a cancelled event again changes nothing and answers it as it is.
    expect: only('admin', everywhere(200)),
  },

  {
    method: 'POST',
    route: '/api/events/:id/registration',
    // The target is the event: open, or cancelled (which a member cannot reach).
    request: async (target, caller) => ({
      url: `/api/events/${target === 'own' && caller === 'member' ? await createEvent() : eventOf(target!)}/registration`,
    }),
    notFound: EVENT_ERRORS.notFound,
    expect: only('member', ownOnly(200)),
  },
  {
    method: 'POST',
    route: '/api/events/:id/registration/cancel',
    // "other": an event where another member is registered and the caller is not.
    request: async (target, caller) => {
      const eventId =
        target === 'missing'
          ? MISSING_ID
          : caller === 'member'
            ? (await registration(holder(target!))).eventId
            : events.own;
      return { url: `/api/events/${eventId}/registration/cancel` };
    },
    notFound: EVENT_ERRORS.notRegistered,
    expect: membersOwn(200),
  },
  {
    method: 'POST',
    route: '/api/events/:id/registration/accept',
    // "other": an event where another member holds the offered seat. The event itself is the caller's to see,
    // and the answer (no seat offered to you) is the one any member gets who has no offer: it says nothing of
    // anyone else's registration.
    request: async (target, caller) => {
      const eventId =
        target === 'missing' ? MISSING_ID : caller === 'member' ? await offered(holder(target!)) : events.own;
      return { url: `/api/events/${eventId}/registration/accept` };
    },
    notFound: EVENT_ERRORS.notFound,
    expect: only('member', { own: 200, other: 409, missing: 404 }),
  },
  {
    method: 'POST',
    route: '/api/events/:id/registration/confirm',
    // The target is the paid seat the body names by its payment: the caller's own, or another member's.
    request: async (target, caller) => {
      if (target === 'missing')
        return {
          url: `/api/events/${MISSING_ID}/registration/confirm`,
          payload: { paymentIntentId: `pi_${MISSING_ID}` },
        };
      const seat =
        caller === 'member'
          ? await registration(holder(target!), true)
          : { eventId: events.own, paymentIntentId: `pi_${MISSING_ID}` };
      return {
        url: `/api/events/${seat.eventId}/registration/confirm`,
        payload: { paymentIntentId: seat.paymentIntentId },
      };
    },
    notFound: EVENT_ERRORS.registrationNotFound,
    expect: membersOwn(200),
  },

  {
    method: 'GET',
    route: '/api/admin/events',
    request: async () => ({ url: '/api/admin/events?include=all' }),
    expect: only('admin', 200),
  },
  ...(['attendees', 'attendees.csv'] as const).map(
    (list): Row => ({
      method: 'GET',
      route: `/api/admin/events/:id/${list}`,
      request: async (target) => ({ url: `/api/admin/events/${eventOf(target!)}/${list}` }),
      notFound: EVENT_ERRORS.notFound,
      expect: only('admin', everywhere(200)),
    }),
  ),
  ...(['refund', 'check-in'] as const).map(
    (action): Row => ({
      method: 'POST',
      route: `/api/admin/events/:id/attendees/:registrationId/${action}`,
      // A fresh registration ("own" the demo member's, "other" another member's): paid, to be refunded.
      request: async (target, caller) => {
        const seat =
          target === 'missing'
            ? { eventId: events.own, id: MISSING_ID }
            : caller === 'admin'
              ? await registration(holder(target!), action === 'refund')
              : { eventId: events.own, id: MISSING_ID };
        return {
          url: `/api/admin/events/${seat.eventId}/attendees/${seat.id}/${action}`,
          payload: action === 'refund' ? { reason: 'Matrix' } : undefined,
        };
      },
      notFound: EVENT_ERRORS.registrationNotFound,
      expect: only('admin', everywhere(200)),
    }),
  ),
];

const cases = matrixCases(MATRIX);

describe('event routes access matrix', () => {
  it('covers every event route the app serves, and nothing else', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/events'),
      ...servedRoutes(t.routes, '/api/admin/events'),
    ].sort();
    expect(served).toEqual(matrixRoutes(MATRIX));
  });

  it.for(matrixTable(cases))('%s as %s on %s answers %i', async ([, caller, , status, c]) => {
    const { url, payload } = await c.row.request(c.target, caller);
    const response = await t.injectAs(caller, {
      method: c.row.method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404 && c.row.notFound) expect(response.json().message).toBe(c.row.notFound);
    if (status === 200 && c.row.private) expect(response.body).not.toContain(theirRegistration);
  });
});
