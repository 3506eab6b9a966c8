import { asc, count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, ServiceType, SlotsAnswer } from '../../../shared/scheduling';
import { CLINIC_PRACTITIONERS } from '../../db/demo-clinic';
import {
  appointments,
  dateOverrides,
  jobs,
  practitionerSchedules,
  serviceTypes,
  timeOff,
  weeklyHours,
} from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { DEMO_VIDEO_SERVICE } from '../telehealth/demo';
import { DEMO_SERVICE_TYPES, seedDemoAppointments } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

async function counts() {
  const db = t.database.db;
  const [services] = await db.select({ value: count() }).from(serviceTypes);
  const [schedules] = await db.select({ value: count() }).from(practitionerSchedules);
  const [hours] = await db.select({ value: count() }).from(weeklyHours);
  return { services: services!.value, schedules: schedules!.value, hours: hours!.value };
}

describe('the demo clinic’s services and hours', () => {
  it('offers the clinic’s service types to everyone signed in', async () => {
    const response = await t.injectAs('patient', { method: 'GET', url: '/api/service-types' });
    const names = response.json<ServiceType[]>().map((service) => service.name);
    // With the video service of the demo's video visits (telehealth/demo.ts).
    expect(names.sort()).toEqual(
      [...DEMO_SERVICE_TYPES.map((service) => service.name), DEMO_VIDEO_SERVICE.name].sort(),
    );
  });

  it('gives every demo practitioner weekday hours and a booking link', async () => {
    expect((await counts()).schedules).toBe(CLINIC_PRACTITIONERS.length);
    const riley = await demoPerson(t, 'practitioner');
    const response = await t.injectAs('practitioner', {
      method: 'GET',
      url: `/api/practitioners/${riley.id}/availability`,
    });
    const availability = response.json<Availability>();
    expect(availability.settings).toMatchObject({ bookingLink: 'riley-chen', timeZone: 'Europe/London' });
    expect(new Set(availability.weeklyHours.map((hours) => hours.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('has free slots for the demo practitioner in the next fortnight', async () => {
    const riley = await demoPerson(t, 'practitioner');
    const services = (await t.injectAs('staff', { method: 'GET', url: '/api/service-types' })).json<
      ServiceType[]
    >();
    const assessment = services.find((service) => service.name === 'Initial assessment')!;
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const response = await t.injectAs('staff', {
      method: 'GET',
      url: `/api/practitioners/${riley.id}/slots?serviceTypeId=${assessment.id}&from=${from}&to=${to}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SlotsAnswer>().slots.length).toBeGreaterThan(0);
  });

  it('adds nothing when seeded again', async () => {
    const before = await counts();
    await seedDemo(t.database.db);
    expect(await counts()).toEqual(before);
  });
});

describe('the demo diary seeded on a working day', () => {
  it('gives Riley Chen sessions that day inside the week’s hours, with no extra hours, the same each time', async () => {
    const db = t.database.db;
    const clear = async () => {
      await db.execute(sql`update recovery_notes set appointment_id = null`);
      await db.delete(jobs);
      await db.delete(dateOverrides);
      await db.delete(appointments);
    };
    // A Wednesday at 08:00 London time, before the day's first session.
    const wednesday = new Date('2026-11-25T08:00:00.000Z');
    const diary = () =>
      db
        .select({
          practitionerId: appointments.practitionerId,
          patientId: appointments.patientId,
          startsAt: appointments.startsAt,
          status: appointments.status,
        })
        .from(appointments)
        .orderBy(asc(appointments.startsAt), asc(appointments.practitionerId));
    await clear();
    const riley = await demoPerson(t, 'practitioner');
    // Away all Thursday: nothing is booked then.
    await db.insert(timeOff).values({
      practitionerId: riley.id,
      startsAt: new Date('2026-11-26T00:00:00.000Z'),
      endsAt: new Date('2026-11-27T00:00:00.000Z'),
      reason: 'Course',
    });
    const first = await db.transaction((tx) => seedDemoAppointments(tx, wednesday));
    expect(first).toBeGreaterThan(100);
    expect(await db.select().from(dateOverrides)).toEqual([]);
    const onRiley = (await diary()).filter((row) => row.practitionerId === riley.id);
    expect(onRiley.filter((row) => row.startsAt.toISOString().startsWith('2026-11-26'))).toEqual([]);
    expect(onRiley.some((row) => row.startsAt.toISOString().startsWith('2026-11-27'))).toBe(true);
    const today = (await diary()).filter(
      (row) =>
        row.practitionerId === riley.id &&
        row.startsAt.toISOString().slice(0, 10) === '2026-11-25' &&
        row.status !== 'cancelled',
    );
    expect(today.length).toBeGreaterThanOrEqual(2);
    for (const row of today) expect(['confirmed', 'scheduled']).toContain(row.status);
    // Seeding again adds nothing; seeding afresh for the same moment builds the same diary.
    expect(await db.transaction((tx) => seedDemoAppointments(tx, wednesday))).toBe(0);
    const once = await diary();
    await clear();
    await db.transaction((tx) => seedDemoAppointments(tx, wednesday));
    const twice = await diary();
    expect(twice.map((row) => [row.practitionerId, row.startsAt.toISOString(), row.status])).toEqual(
      once.map((row) => [row.practitionerId, row.startsAt.toISOString(), row.status]),
    );
  });
});
