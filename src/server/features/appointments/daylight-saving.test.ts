import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import { createTestApp, type TestApp } from '../../test/app';
import { whenOf } from './notifications';
import { book, call, careTeam, expectStatus, serviceType } from './testing';

/**
 * Across the clock change in the clinic's zone (Europe/London: the last Sunday of March, 01:00 UTC), a
 * practitioner working 09:00-17:00 local works 09:00-17:00 UTC before it and 08:00-16:00 UTC after; a
 * patient's request and the times in notifications follow the local clock.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The last Sunday of March next year, as 'YYYY-MM-DD'. */
function clockChangeDay() {
  const year = new Date().getUTCFullYear() + 1;
  const end = new Date(Date.UTC(year, 2, 31));
  end.setUTCDate(31 - end.getUTCDay());
  return end.toISOString().slice(0, 10);
}
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('appointments across daylight saving', () => {
  it('tells times on the local clock on either side of the change', () => {
    expect(whenOf('2027-03-27T09:30:00Z', 'Europe/London')).toBe('Sat 27 Mar, 09:30');
    expect(whenOf('2027-03-29T08:30:00Z', 'Europe/London')).toBe('Mon 29 Mar, 09:30');
    expect(whenOf('2027-03-29T08:30:00Z', 'America/New_York')).toBe('Mon 29 Mar, 04:30');
  });

  it('lets a patient request 09:00 local in the week of the change, whichever UTC hour that is', async () => {
    const { practitioner, patient } = await careTeam(t);
    const service = await serviceType(t, { durationMinutes: 60 });
    await expectStatus(t, 'staff', {
      method: 'PUT',
      url: `/api/practitioners/${practitioner.id}/weekly-hours`,
      payload: {
        hours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      },
      status: 200,
    });
    await expectStatus(t, 'staff', {
      method: 'PATCH',
      url: `/api/practitioners/${practitioner.id}/schedule`,
      payload: { horizonDays: 365 },
      status: 200,
    });
    const change = clockChangeDay();
    const before = dayAfter(change, -1);
    const after = dayAfter(change, 1);
    const request = (startsAt: string) =>
      call(t, patient, {
        method: 'POST',
        url: '/api/appointments',
        payload: { practitionerId: practitioner.id, serviceTypeId: service.id, startsAt },
      });

    // Saturday before: 09:00 GMT is 09:00 UTC; 08:00 UTC is before opening.
    expect((await request(`${before}T09:00:00.000Z`)).statusCode).toBe(201);
    const early = await request(`${before}T08:00:00.000Z`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SCHEDULING_ERRORS.notFree);
    // Monday after: 09:00 BST is 08:00 UTC; 16:00 UTC is 17:00 local, closing time.
    const booked = await book(t, patient, {
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      startsAt: `${after}T08:00:00.000Z`,
    });
    expect(booked.endsAt).toBe(`${after}T09:00:00.000Z`);
    expect((await request(`${after}T16:00:00.000Z`)).statusCode).toBe(409);
  });
});
