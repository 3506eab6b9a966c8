import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import type {
  Availability,
  ScheduleSettings,
  ServiceType,
  SlotsAnswer,
  TimeOff,
} from '../../../shared/scheduling';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { assign } from '../care-team/service';
import { BOOKING_LINK_TAKEN } from './changes';

let t: TestApp;
let practitioner: TestPerson;
let colleague: TestPerson;
let patient: TestPerson;
let halfHour: ServiceType;

const MISSING = '00000000-0000-4000-8000-000000000000';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '12:00' }));

beforeAll(async () => {
  t = await createTestApp();
  practitioner = await createPerson(t, 'practitioner');
  colleague = await createPerson(t, 'practitioner');
  patient = await demoPerson(t, 'patient');
  const created = await t.injectAs('staff', {
    method: 'POST',
    url: '/api/service-types',
    payload: { name: 'Availability follow-up', durationMinutes: 30, priceCents: 4500, colour: '#16a34a' },
  });
  halfHour = created.json<ServiceType>();
});
afterAll(() => t.close());

/** A request as a demo role, a visitor, or a person made for the test. */
const as = (who: Role | 'visitor' | TestPerson, request: InjectOptions) =>
  typeof who === 'string'
    ? t.injectAs(who, request)
    : t.app.inject({ ...request, headers: { authorization: `Bearer ${who.token}` } });

const base = (id: string) => `/api/practitioners/${id}`;

/** A day ten days ahead, far from any notice or horizon, as 'YYYY-MM-DD'. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a practitioner’s availability', () => {
  it('answers the practitioner themself, staff and admin; another practitioner 404; patients and members 403', async () => {
    const own = await as(practitioner, { method: 'GET', url: `${base(practitioner.id)}/availability` });
    expect(own.statusCode).toBe(200);
    expect(own.json<Availability>()).toMatchObject({
      settings: { practitionerId: practitioner.id, timeZone: 'Europe/London', bookingLink: null },
      weeklyHours: [],
      dateOverrides: [],
      timeOff: [],
    });
    for (const role of ['staff', 'admin'] as const) {
      expect(
        (await as(role, { method: 'GET', url: `${base(practitioner.id)}/availability` })).statusCode,
      ).toBe(200);
    }
    expect(
      (await as(colleague, { method: 'GET', url: `${base(practitioner.id)}/availability` })).statusCode,
    ).toBe(404);
    for (const role of ['patient', 'member'] as const) {
      expect(
        (await as(role, { method: 'GET', url: `${base(practitioner.id)}/availability` })).statusCode,
      ).toBe(403);
    }
    expect(
      (await as('visitor', { method: 'GET', url: `${base(practitioner.id)}/availability` })).statusCode,
    ).toBe(401);
  });

  it('answers 404 for an unknown practitioner or someone who is not one, 400 for a malformed id', async () => {
    const staff = await demoPerson(t, 'staff');
    expect((await as('admin', { method: 'GET', url: `${base(MISSING)}/availability` })).statusCode).toBe(404);
    expect((await as('admin', { method: 'GET', url: `${base(staff.id)}/availability` })).statusCode).toBe(
      404,
    );
    expect((await as('admin', { method: 'GET', url: `${base('nope')}/availability` })).statusCode).toBe(400);
  });

  it('keeps settings, refusing bad values per field and a booking link someone else has', async () => {
    const url = `${base(practitioner.id)}/schedule`;
    const saved = await as(practitioner, {
      method: 'PATCH',
      url,
      payload: {
        timeZone: 'America/New_York',
        bufferMinutes: 10,
        bookingLink: `avail-${practitioner.id.slice(0, 8)}`,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ScheduleSettings>()).toMatchObject({
      timeZone: 'America/New_York',
      bufferMinutes: 10,
      minNoticeMinutes: 120,
      horizonDays: 60,
    });
    const bad = await as('staff', {
      method: 'PATCH',
      url,
      payload: { timeZone: 'Mars/Olympus', bufferMinutes: -5, horizonDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['bufferMinutes', 'horizonDays', 'timeZone']);
    expect((await as('staff', { method: 'PATCH', url, payload: {} })).statusCode).toBe(400);

    const taken = await as('admin', {
      method: 'PATCH',
      url: `${base(colleague.id)}/schedule`,
      payload: { bookingLink: `avail-${practitioner.id.slice(0, 8)}` },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ bookingLink: BOOKING_LINK_TAKEN });

    expect((await as(colleague, { method: 'PATCH', url, payload: { bufferMinutes: 0 } })).statusCode).toBe(
      404,
    );
    expect((await as('patient', { method: 'PATCH', url, payload: { bufferMinutes: 0 } })).statusCode).toBe(
      403,
    );
  });

  it('replaces the weekly hours whole, refusing overlapping or backwards ranges', async () => {
    const url = `${base(colleague.id)}/weekly-hours`;
    const hours = [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '17:00' },
      { weekday: 3, start: '10:00', end: '16:00' },
    ];
    const saved = await as(colleague, { method: 'PUT', url, payload: { hours } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Availability>().weeklyHours).toEqual(hours);
    const again = await as('staff', { method: 'PUT', url, payload: { hours: hours.slice(2) } });
    expect(again.json<Availability>().weeklyHours).toEqual(hours.slice(2));

    const overlapping = await as(colleague, {
      method: 'PUT',
      url,
      payload: {
        hours: [
          { weekday: 2, start: '09:00', end: '12:00' },
          { weekday: 2, start: '11:00', end: '14:00' },
        ],
      },
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().fields).toEqual({
      'hours.1.start': 'These hours overlap other hours on the same day',
    });
    const backwards = await as(colleague, {
      method: 'PUT',
      url,
      payload: { hours: [{ weekday: 7, start: '12:00', end: '09:00' }] },
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().fields).sort()).toEqual(['hours.0.end', 'hours.0.weekday']);
    expect((await as(practitioner, { method: 'PUT', url, payload: { hours } })).statusCode).toBe(404);
  });

  it('sets, replaces and removes a date override; a closed day has no hours', async () => {
    const day = dayAhead(20);
    const url = `${base(colleague.id)}/date-overrides/${day}`;
    const closed = await as(colleague, { method: 'PUT', url, payload: { hours: [] } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<Availability>().dateOverrides).toContainEqual({ date: day, hours: [] });
    const other = await as('admin', {
      method: 'PUT',
      url,
      payload: { hours: [{ start: '14:00', end: '18:00' }] },
    });
    expect(other.json<Availability>().dateOverrides.filter((o) => o.date === day)).toEqual([
      { date: day, hours: [{ start: '14:00', end: '18:00' }] },
    ]);
    expect((await as(colleague, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await as(colleague, { method: 'DELETE', url })).statusCode).toBe(404);
    const invalid = await as(colleague, {
      method: 'PUT',
      url: `${base(colleague.id)}/date-overrides/2025-02-30`,
      payload: { hours: [] },
    });
    expect(invalid.statusCode).toBe(400);
    expect((await as('member', { method: 'PUT', url, payload: { hours: [] } })).statusCode).toBe(403);
  });

  it('adds and removes time off; a backwards stretch is refused and another’s time off is not found', async () => {
    const url = `${base(colleague.id)}/time-off`;
    const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const endsAt = new Date(Date.now() + 32 * 86_400_000).toISOString();
    const added = await as(colleague, {
      method: 'POST',
      url,
      payload: { startsAt, endsAt, reason: 'Course' },
    });
    expect(added.statusCode).toBe(201);
    const off = added.json<TimeOff>();
    expect(off).toMatchObject({ practitionerId: colleague.id, reason: 'Course' });
    const listed = await as(colleague, { method: 'GET', url: `${base(colleague.id)}/availability` });
    expect(listed.json<Availability>().timeOff.map((o) => o.id)).toContain(off.id);

    const backwards = await as(colleague, {
      method: 'POST',
      url,
      payload: { startsAt: endsAt, endsAt: startsAt },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ endsAt: 'End must be after start' });

    expect(
      (await as('staff', { method: 'DELETE', url: `${base(practitioner.id)}/time-off/${off.id}` }))
        .statusCode,
    ).toBe(404);
    expect((await as('staff', { method: 'DELETE', url: `${url}/${off.id}` })).statusCode).toBe(204);
    expect((await as('staff', { method: 'DELETE', url: `${url}/${off.id}` })).statusCode).toBe(404);
  });

  it('writes each change to the activity log, and nothing for a refused one', async () => {
    const rows = await t.database.db.query.activityLog.findMany({
      where: (log, { and, eq, inArray }) =>
        and(
          eq(log.entityType, 'practitioner_schedule'),
          inArray(log.entityId, [practitioner.id, colleague.id]),
        ),
    });
    // The colleague's settings change was refused (the booking link was taken), so it left no entry.
    expect(rows.filter((row) => row.entityId === colleague.id).map((row) => row.action)).not.toContain(
      'schedule.settings_updated',
    );
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set([
        'schedule.settings_updated',
        'schedule.weekly_hours_replaced',
        'schedule.date_override_set',
        'schedule.date_override_removed',
        'schedule.time_off_added',
        'schedule.time_off_removed',
      ]),
    );
  });
});

describe('GET /api/practitioners/{id}/slots', () => {
  let booked: TestPerson;
  const day = dayAhead(10);
  const slotsUrl = (id: string, query = `serviceTypeId=${halfHour.id}&from=${day}&to=${day}`) =>
    `${base(id)}/slots?${query}`;
  const slotsOf = async (who: Role | TestPerson = 'staff') => {
    const response = await as(who, { method: 'GET', url: slotsUrl(booked.id) });
    expect(response.statusCode).toBe(200);
    return response.json<SlotsAnswer>().slots.map((slot) => slot.startsAt);
  };

  beforeAll(async () => {
    booked = await createPerson(t, 'practitioner');
    await as('staff', {
      method: 'PUT',
      url: `${base(booked.id)}/weekly-hours`,
      payload: { hours: everyDay },
    });
    await as('staff', {
      method: 'PATCH',
      url: `${base(booked.id)}/schedule`,
      payload: { timeZone: 'Europe/London', minNoticeMinutes: 0, bufferMinutes: 0 },
    });
  });

  it('offers each quarter hour a half-hour service fits in, in the practitioner’s zone', async () => {
    const response = await as('staff', { method: 'GET', url: slotsUrl(booked.id) });
    expect(response.statusCode).toBe(200);
    const answer = response.json<SlotsAnswer>();
    expect(answer).toMatchObject({
      practitionerId: booked.id,
      serviceTypeId: halfHour.id,
      timeZone: 'Europe/London',
    });
    expect(answer.slots).toHaveLength(11);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(local.format(new Date(answer.slots[0]!.startsAt))).toBe('09:00');
    expect(local.format(new Date(answer.slots.at(-1)!.endsAt))).toBe('12:00');
  });

  it('leaves out a booked appointment and its buffer, and offers the time again once it is cancelled', async () => {
    const free = await slotsOf();
    const created = await as('staff', {
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patientId: patient.id,
        practitionerId: booked.id,
        serviceTypeId: halfHour.id,
        startsAt: free[4],
      },
    });
    expect(created.statusCode).toBe(201);
    // Booked 10:00 to 10:30: without a buffer 09:30 and 10:30 still fit.
    expect(await slotsOf()).toEqual([0, 1, 2, 6, 7, 8, 9, 10].map((i) => free[i]));

    await as('staff', {
      method: 'PATCH',
      url: `${base(booked.id)}/schedule`,
      payload: { bufferMinutes: 15 },
    });
    // Fifteen minutes either side: the last before ends by 09:45, the first after starts at 10:45.
    expect(await slotsOf()).toEqual([0, 1, 7, 8, 9, 10].map((i) => free[i]));

    const cancel = await as('staff', {
      method: 'POST',
      url: `/api/appointments/${created.json().id}/cancel`,
      payload: { reason: 'Patient unwell' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await slotsOf()).toEqual(free);
    await as('staff', { method: 'PATCH', url: `${base(booked.id)}/schedule`, payload: { bufferMinutes: 0 } });
  });

  it('leaves out time off and honours a closed day', async () => {
    const free = await slotsOf();
    const off = await as(booked, {
      method: 'POST',
      url: `${base(booked.id)}/time-off`,
      payload: { startsAt: free[0], endsAt: free[4] },
    });
    expect(off.statusCode).toBe(201);
    expect(await slotsOf()).toEqual(free.slice(4));
    await as(booked, { method: 'DELETE', url: `${base(booked.id)}/time-off/${off.json().id}` });
    await as(booked, {
      method: 'PUT',
      url: `${base(booked.id)}/date-overrides/${day}`,
      payload: { hours: [] },
    });
    expect(await slotsOf()).toEqual([]);
    await as(booked, { method: 'DELETE', url: `${base(booked.id)}/date-overrides/${day}` });
    expect(await slotsOf()).toEqual(free);
  });

  it('answers the practitioner, staff, admin and a patient in their care; others not found, members refused', async () => {
    expect(await slotsOf(booked)).toHaveLength(11);
    expect(await slotsOf('admin')).toHaveLength(11);
    expect((await as('patient', { method: 'GET', url: slotsUrl(booked.id) })).statusCode).toBe(404);
    expect((await as(colleague, { method: 'GET', url: slotsUrl(booked.id) })).statusCode).toBe(404);
    expect((await as('member', { method: 'GET', url: slotsUrl(booked.id) })).statusCode).toBe(403);
    expect((await as('visitor', { method: 'GET', url: slotsUrl(booked.id) })).statusCode).toBe(401);
    expect((await as('staff', { method: 'GET', url: slotsUrl(MISSING) })).statusCode).toBe(404);

    await assign(t.database.db, booked.id, patient.id);
    expect(await slotsOf('patient')).toHaveLength(11);
  });

  it('refuses bad ranges and services with field messages', async () => {
    const get = (query: string) => as('staff', { method: 'GET', url: slotsUrl(booked.id, query) });
    const backwards = await get(`serviceTypeId=${halfHour.id}&from=${dayAhead(5)}&to=${dayAhead(4)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ to: 'To must be on or after from' });
    const tooWide = await get(`serviceTypeId=${halfHour.id}&from=${dayAhead(1)}&to=${dayAhead(100)}`);
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().fields.to).toMatch(/at most 92 days/);
    const missing = await get(`from=${day}&to=2025-13-01`);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['serviceTypeId', 'to']);
    expect((await get(`serviceTypeId=${MISSING}&from=${day}&to=${day}`)).statusCode).toBe(404);

    const retired = await t.injectAs('staff', {
      method: 'POST',
      url: '/api/service-types',
      payload: {
        name: 'Retired for slots',
        durationMinutes: 30,
        priceCents: 0,
        colour: '#000000',
        active: false,
      },
    });
    const inactive = await get(`serviceTypeId=${retired.json().id}&from=${day}&to=${day}`);
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().fields).toEqual({ serviceTypeId: 'That service type is no longer offered' });
  });
});
