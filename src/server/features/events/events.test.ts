import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS } from '../../../shared/events';
import type { Role } from '../../../shared/roles';
import { createTestApp, type TestApp } from '../../test/app';
import { openSocket, untilConnections } from '../../test/sockets';
import { eventCalls, inDays, valid } from './testing';

/** Community events on the real app and database, paid seats through the built-in test provider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { createEvent, as, register, members } = eventCalls(() => t);

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
    const dashboard = await as(member, { method: 'GET', url: '/api/dashboard' });
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
