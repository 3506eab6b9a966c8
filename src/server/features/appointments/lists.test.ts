import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentPage } from '../../../shared/scheduling';
import type { TestApp } from '../../test/app';
import { book, bookingClinic, call, careTeam, expectStatus, HOUR, post, serviceType } from './testing';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await bookingClinic());
});
afterAll(() => t.close());

describe('lists', () => {
  it('pages by cursor, filters by window, scope and person, and shows each role only what it may see', async () => {
    const team = await careTeam(t);
    const other = await careTeam(t);
    const service30 = await serviceType(t, { durationMinutes: 30 });
    const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 40 * 24 * HOUR;
    const made: Appointment[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await book(t, 'staff', {
          patientId: team.patient.id,
          practitionerId: team.practitioner.id,
          serviceTypeId: service30.id,
          startsAt: new Date(day + i * HOUR).toISOString(),
        }),
      );
    await book(t, 'staff', {
      patientId: other.patient.id,
      practitionerId: other.practitioner.id,
      serviceTypeId: service30.id,
      startsAt: new Date(day).toISOString(),
    });
    const window = `from=${new Date(day).toISOString()}&to=${new Date(day + 24 * HOUR).toISOString()}`;

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/appointments?${window}&practitionerId=${team.practitioner.id}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: AppointmentPage = await expectStatus<AppointmentPage>(t, 'staff', {
        method: 'GET',
        url,
        status: 200,
      });
      pages.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(made.map((item) => item.id));

    const everyone = await expectStatus<AppointmentPage>(t, 'admin', {
      method: 'GET',
      url: `/api/appointments?${window}`,
      status: 200,
    });
    expect(everyone.items.length).toBeGreaterThanOrEqual(6);
    const theirs = await expectStatus<AppointmentPage>(t, team.practitioner, {
      method: 'GET',
      url: `/api/appointments?${window}`,
      status: 200,
    });
    expect(theirs.items.map((item) => item.id)).toEqual(made.map((item) => item.id));
    const own = await expectStatus<AppointmentPage>(t, other.patient, {
      method: 'GET',
      url: `/api/appointments?${window}`,
      status: 200,
    });
    expect(own.items.map((item) => item.patientId)).toEqual([other.patient.id]);
    // Asking for someone else's appointments answers none, not theirs.
    const peeking = await expectStatus<AppointmentPage>(t, other.patient, {
      method: 'GET',
      url: `/api/appointments?patientId=${team.patient.id}`,
      status: 200,
    });
    expect(peeking.items).toEqual([]);

    await expectStatus(t, 'staff', {
      ...post(`/api/appointments/${made[0].id}/cancel`, { reason: 'Clash with work' }),
      status: 200,
    });
    const cancelled = await expectStatus<AppointmentPage>(t, team.patient, {
      method: 'GET',
      url: '/api/appointments?scope=cancelled',
      status: 200,
    });
    expect(cancelled.items.map((item) => item.id)).toEqual([made[0].id]);
    const upcoming = await expectStatus<AppointmentPage>(t, team.patient, {
      method: 'GET',
      url: '/api/appointments?scope=upcoming',
      status: 200,
    });
    expect(upcoming.items.map((item) => item.id)).toEqual(made.slice(1).map((item) => item.id));
    const past = await expectStatus<AppointmentPage>(t, team.patient, {
      method: 'GET',
      url: '/api/appointments?scope=past',
      status: 200,
    });
    expect(past.items).toEqual([]);
  });

  it('answers bad filters with 400', async () => {
    for (const query of [
      'cursor=nonsense',
      'scope=soon',
      'limit=0',
      'from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z',
      'status=lost',
    ]) {
      const response = await call(t, 'staff', { method: 'GET', url: `/api/appointments?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});
