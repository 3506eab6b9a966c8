import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, ServiceType, SlotsAnswer } from '../../../shared/scheduling';
import { CLINIC_PRACTITIONERS } from '../../db/demo-clinic';
import { practitionerSchedules, serviceTypes, weeklyHours } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { DEMO_SERVICE_TYPES } from './demo';

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
    expect(names.sort()).toEqual(DEMO_SERVICE_TYPES.map((service) => service.name).sort());
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
