import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultNotificationPreference,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationPreference,
} from '../../../shared/notifications';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { type RaiseInput, raise } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const call = (who: TestPerson, method: 'GET' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(who.token), payload: payload as object });

async function raised(who: TestPerson, overrides: Partial<RaiseInput> = {}) {
  const notification = await raise(t.ctx, who.id, {
    type: 'system_update',
    title: 'Portal updated',
    message: 'Something changed',
    priority: 'low',
    actionUrl: '/settings',
    ...overrides,
  });
  if (!notification) throw new Error('nothing was stored');
  return notification;
}

describe('GET /api/notifications', () => {
  it('lists the caller notifications newest first, with every field of the contract', async () => {
    const me = await createPerson(t, 'patient');
    const other = await createPerson(t, 'patient');
    const first = await raised(me, { title: 'first' });
    await raised(other, { title: 'not mine' });
    const second = await raised(me, { title: 'second', priority: 'urgent', actionUrl: null });
    const response = await call(me, 'GET', '/api/notifications');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([second, first]);
    expect(second).toEqual({
      id: expect.any(String),
      type: 'system_update',
      title: 'second',
      message: 'Something changed',
      priority: 'urgent',
      isRead: false,
      createdAt: expect.any(String),
      actionUrl: null,
    });
  });

  it('pages with before and limit, and refuses a foreign or unknown before with 404', async () => {
    const me = await createPerson(t, 'staff');
    const other = await createPerson(t, 'staff');
    const made: Notification[] = [];
    for (let i = 0; i < 5; i++) made.push(await raised(me, { title: `n${i}` }));
    const page = (await call(me, 'GET', '/api/notifications?limit=2')).json<Notification[]>();
    expect(page.map((n) => n.title)).toEqual(['n4', 'n3']);
    const next = (await call(me, 'GET', `/api/notifications?limit=2&before=${page[1].id}`)).json<
      Notification[]
    >();
    expect(next.map((n) => n.title)).toEqual(['n2', 'n1']);
    const last = (await call(me, 'GET', `/api/notifications?limit=2&before=${next[1].id}`)).json<
      Notification[]
    >();
    expect(last.map((n) => n.id)).toEqual([made[0].id]);
    const foreign = await raised(other);
    expect((await call(me, 'GET', `/api/notifications?before=${foreign.id}`)).statusCode).toBe(404);
    expect((await call(me, 'GET', `/api/notifications?before=${UNKNOWN}`)).statusCode).toBe(404);
    for (const query of ['limit=0', 'limit=201', 'before=zz', 'archived=true']) {
      expect((await call(me, 'GET', `/api/notifications?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('reading and archiving', () => {
  it('counts unread, marks one read once, marks all read, and leaves archived ones out', async () => {
    const me = await createPerson(t, 'practitioner');
    const count = async () => (await call(me, 'GET', '/api/notifications/unread-count')).json().count;
    const [a, b, c] = [await raised(me), await raised(me), await raised(me)];
    expect(await count()).toBe(3);

    const read = await call(me, 'PATCH', `/api/notifications/${a.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...a, isRead: true });
    expect((await call(me, 'PATCH', `/api/notifications/${a.id}/read`)).json().isRead).toBe(true);
    expect(await count()).toBe(2);

    const archived = await call(me, 'PATCH', `/api/notifications/${b.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().id).toBe(b.id);
    expect((await call(me, 'PATCH', `/api/notifications/${b.id}/archive`)).statusCode).toBe(200);
    expect(await count()).toBe(1);
    const listed = (await call(me, 'GET', '/api/notifications')).json<Notification[]>().map((n) => n.id);
    expect(listed).toEqual([c.id, a.id]);

    const all = await call(me, 'PATCH', '/api/notifications/mark-all-read');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 1 });
    expect((await call(me, 'PATCH', '/api/notifications/mark-all-read', {})).json()).toEqual({ count: 0 });
    expect(await count()).toBe(0);
  });

  it("answers 404 for someone else's or an unknown notification and 400 for a bad id, changing nothing", async () => {
    const owner = await createPerson(t, 'patient');
    const intruder = await createPerson(t, 'admin');
    const theirs = await raised(owner);
    for (const action of ['read', 'archive']) {
      const foreign = await call(intruder, 'PATCH', `/api/notifications/${theirs.id}/${action}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Notification not found');
      expect((await call(intruder, 'PATCH', `/api/notifications/${UNKNOWN}/${action}`)).statusCode).toBe(404);
      expect((await call(intruder, 'PATCH', `/api/notifications/123/${action}`)).statusCode).toBe(400);
      expect(
        (await call(owner, 'PATCH', `/api/notifications/${theirs.id}/${action}`, { isRead: false }))
          .statusCode,
      ).toBe(400);
    }
    await call(intruder, 'PATCH', '/api/notifications/mark-all-read');
    expect((await call(owner, 'GET', '/api/notifications')).json()).toEqual([theirs]);
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PATCH', '/api/notifications/mark-all-read'],
      ['GET', '/api/notification-preferences'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

/** The specification's types with their defaults: check_in_requested is listed only with care between visits on. */
const SPEC_DEFAULTS = () =>
  NOTIFICATION_TYPES.filter((type) => type !== 'check_in_requested').map(defaultNotificationPreference);

describe('/api/notification-preferences', () => {
  it('answers all 16 types with their defaults to someone who never chose', async () => {
    const me = await createPerson(t, 'member');
    const response = await call(me, 'GET', '/api/notification-preferences');
    expect(response.statusCode).toBe(200);
    const list = response.json<NotificationPreference[]>();
    expect(list).toHaveLength(16);
    // check_in_requested is listed only while the clinic has care between visits on.
    expect(list).toEqual(SPEC_DEFAULTS());
    expect(list.find((entry) => entry.type === 'message_received')).toEqual({
      type: 'message_received',
      inApp: true,
      email: false,
      desktop: true,
      sound: true,
    });
  });

  it('saves partial entries, keeps the rest, and answers the full list', async () => {
    const me = await createPerson(t, 'patient');
    const first = await call(me, 'PUT', '/api/notification-preferences', [
      { type: 'message_received', email: true, sound: false },
      { type: 'invoice_paid', inApp: false },
    ]);
    expect(first.statusCode).toBe(200);
    const second = await call(me, 'PUT', '/api/notification-preferences', [
      { type: 'message_received', desktop: false },
    ]);
    const expected = SPEC_DEFAULTS().map((entry) => {
      if (entry.type === 'message_received') return { ...entry, email: true, sound: false, desktop: false };
      if (entry.type === 'invoice_paid') return { ...entry, inApp: false };
      return entry;
    });
    expect(second.json()).toEqual(expected);
    expect((await call(me, 'GET', '/api/notification-preferences')).json()).toEqual(expected);
    const someoneElse = await createPerson(t, 'patient');
    expect((await call(someoneElse, 'GET', '/api/notification-preferences')).json()).toEqual(SPEC_DEFAULTS());
  });

  it('refuses bad changes with 400 and saves none of a rejected batch', async () => {
    const me = await createPerson(t, 'staff');
    for (const payload of [
      [],
      {},
      [{ type: 'message_received' }],
      [{ type: 'carrier_pigeon', email: true }],
      [{ type: 'message_received', email: 'yes' }],
      [{ type: 'message_received', email: true, push: true }],
      [
        { type: 'message_received', email: true },
        { type: 'nope', email: true },
      ],
    ]) {
      const response = await call(me, 'PUT', '/api/notification-preferences', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(me, 'GET', '/api/notification-preferences')).json()).toEqual(SPEC_DEFAULTS());
  });
});
