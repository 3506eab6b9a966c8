import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { TEST_CARDS } from '../../../shared/payments';
import { eventRegistrations } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';

export const DAY = 86_400_000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
export const valid = (overrides: Record<string, unknown> = {}) => ({
  title: 'Summer picnic',
  description: 'Food and games in the park',
  startsAt: inDays(10),
  endsAt: new Date(Date.now() + 10 * DAY + 3 * 3_600_000).toISOString(),
  place: 'Riverside Park',
  capacity: 5,
  priceCents: 0,
  ...overrides,
});

/**
 * The events' calls through the real app, as the admin's demo account or a person made for the test. `app` is
 * asked at each call, so a suite can build these before its app exists.
 */
export function eventCalls(app: () => TestApp) {
  async function createEvent(overrides: Record<string, unknown> = {}) {
    const response = await app().injectAs('admin', {
      method: 'POST',
      url: '/api/events',
      payload: valid(overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ event: { id: string } }>().event;
  }

  const as = (person: TestPerson, request: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
    app().app.inject({ ...request, headers: { authorization: `Bearer ${person.token}` } });
  const register = (person: TestPerson, eventId: string) =>
    as(person, { method: 'POST', url: `/api/events/${eventId}/registration` });
  const cancel = (person: TestPerson, eventId: string) =>
    as(person, { method: 'POST', url: `/api/events/${eventId}/registration/cancel` });
  const accept = (person: TestPerson, eventId: string) =>
    as(person, { method: 'POST', url: `/api/events/${eventId}/registration/accept` });
  const members = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => createPerson(app(), 'member', { firstName: `Member${i}` })),
    );
  const registrationsOf = (eventId: string) =>
    app()
      .database.db.select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId))
      .orderBy(eventRegistrations.seq);
  const attendees = async (eventId: string) => {
    const response = await app().injectAs('admin', {
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
    app().app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: { clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: '123' },
    });

  return { createEvent, as, register, cancel, accept, members, registrationsOf, attendees, payCard };
}
