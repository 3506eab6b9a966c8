import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Appointment } from '../../../shared/scheduling';
import { serviceTypes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { perFileCounter } from '../../test/per-file';
import { call, careTeam, type Request, type Who } from '../recovery-notes/testing';

export { assign, call, careTeam, type Who } from '../recovery-notes/testing';

/** Calls and expects the status the request names, answering the body. */
export async function expectStatus<T = Appointment>(
  t: TestApp,
  who: Who,
  { status, ...request }: Request & { status: number },
) {
  const response = await call(t, who, request);
  expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

/** A service type of its own for a test (the services feature's routes are tested there). */
export async function serviceType(
  t: TestApp,
  values: { durationMinutes?: number; active?: boolean; name?: string } = {},
) {
  const [row] = await t.database.db
    .insert(serviceTypes)
    .values({
      name: values.name ?? `Session ${randomBytes(4).toString('hex')}`,
      durationMinutes: values.durationMinutes ?? 45,
      priceCents: 8500,
      colour: '#2563eb',
      active: values.active ?? true,
    })
    .returning();
  return row;
}

export const HOUR = 3_600_000;
const nextSlot = perFileCounter();

/**
 * An hour `daysAhead` days from now (negative for the past), on the hour; each call takes the next free
 * two-hour step after it, so tests never collide with each other's bookings.
 */
export function slotAt(daysAhead = 10) {
  const taken = nextSlot();
  const start = Math.floor(Date.now() / HOUR) * HOUR + daysAhead * 24 * HOUR + taken * 2 * HOUR;
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + HOUR).toISOString() };
}

export const book = (
  t: TestApp,
  who: Who,
  body: {
    practitionerId: string;
    serviceTypeId: string;
    patientId?: string;
    startsAt: string;
    endsAt?: string;
  },
) => expectStatus(t, who, { method: 'POST', url: '/api/appointments', payload: body, status: 201 });

/** Opens a practitioner's whole week (every day 00:00-24:00 in their zone), so patients may request any time. */
export const openAllWeek = (t: TestApp, practitionerId: string) =>
  expectStatus(t, 'staff', {
    method: 'PUT',
    url: `/api/practitioners/${practitionerId}/weekly-hours`,
    payload: {
      hours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    },
    status: 200,
  });

/** An ISO time `ms` after another. */
export const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** A POST request for `call` / `expectStatus`. */
export const post = (url: string, payload?: unknown) => ({ method: 'POST' as const, url, payload });

/**
 * The app the routes tests share: a 45-minute service and a care team whose practitioner is open all week,
 * so each test file starts from the same clinic without repeating the setup.
 */
export async function bookingClinic() {
  const t = await createTestApp();
  const service = await serviceType(t, { durationMinutes: 45 });
  const { practitioner, patient } = await careTeam(t);
  await openAllWeek(t, practitioner.id);
  return { t, service, practitioner, patient };
}
