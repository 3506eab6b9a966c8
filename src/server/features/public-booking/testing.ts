import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { PublicSlotsAnswer, VisitorBooking } from '../../../shared/public-booking';
import { serviceTypes } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { call, expectStatus, openAllWeek, type Who } from '../appointments/testing';

export { call, expectStatus, type Who };

/** A service type of its own for a test; public unless told otherwise. */
export async function publicService(
  t: TestApp,
  values: { durationMinutes?: number; isPublic?: boolean; active?: boolean } = {},
) {
  const [row] = await t.database.db
    .insert(serviceTypes)
    .values({
      name: `Online session ${randomBytes(4).toString('hex')}`,
      durationMinutes: values.durationMinutes ?? 60,
      priceCents: 6000,
      colour: '#0f766e',
      isPublic: values.isPublic ?? true,
      active: values.active ?? true,
    })
    .returning();
  return row!;
}

/**
 * A practitioner of the test's own with a public page: open every day all day in UTC (so any hour can be
 * asked for), with the settings given (no notice and no buffer unless told).
 */
export async function bookablePractitioner(
  t: TestApp,
  settings: {
    autoConfirm?: boolean;
    bufferMinutes?: number;
    minNoticeMinutes?: number;
    horizonDays?: number;
  } = {},
) {
  const practitioner = await createPerson(t, 'practitioner', { firstName: 'Alex' });
  const bookingLink = `alex-${randomBytes(4).toString('hex')}`;
  await openAllWeek(t, practitioner.id);
  await expectStatus(t, 'staff', {
    method: 'PATCH',
    url: `/api/practitioners/${practitioner.id}/schedule`,
    payload: {
      bookingLink,
      timeZone: 'UTC',
      autoConfirm: settings.autoConfirm ?? false,
      bufferMinutes: settings.bufferMinutes ?? 0,
      minNoticeMinutes: settings.minNoticeMinutes ?? 0,
      horizonDays: settings.horizonDays ?? 60,
    },
    status: 200,
  });
  return { practitioner, bookingLink };
}

/** 'YYYY-MM-DD' a number of days from now, in UTC. */
export const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An hour of a day ahead, in UTC: '2026-12-01T10:00:00.000Z'. */
export const hourOf = (days: number, hour: number) =>
  `${dayAhead(days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;

export async function slotsOf(
  t: TestApp,
  bookingLink: string,
  { serviceTypeId, day }: { serviceTypeId: string; day: string },
) {
  const response = await call(t, 'visitor', {
    method: 'GET',
    url: `/api/public/booking/${bookingLink}/slots?serviceTypeId=${serviceTypeId}&from=${day}&to=${day}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicSlotsAnswer>().slots.map((slot) => slot.startsAt);
}

export const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Visitor',
  email: `visitor-${randomBytes(4).toString('hex')}@example.test`,
  phone: '+44 20 7946 0000',
  reason: 'Sore shoulder after tennis',
  ...overrides,
});

const post = (t: TestApp, url: string, body: Record<string, unknown>) =>
  call(t, 'visitor', { method: 'POST', url, payload: body });

export const request = (t: TestApp, bookingLink: string, body: Record<string, unknown>) =>
  post(t, `/api/public/booking/${bookingLink}/requests`, body);

/** Rehearses a request: every check, nothing written. */
export const rehearse = (t: TestApp, bookingLink: string, body: Record<string, unknown>) =>
  post(t, `/api/public/booking/${bookingLink}/rehearsal`, body);

/** Sends a request and expects it made. */
export async function book(t: TestApp, bookingLink: string, body: Record<string, unknown>) {
  const response = await request(t, bookingLink, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VisitorBooking>();
}

/** Reads the booking a manage link names, or cancels or moves it. */
export const manage = (
  t: TestApp,
  token: string,
  { action, payload }: { action?: 'cancel' | 'reschedule'; payload?: unknown } = {},
) =>
  call(
    t,
    'visitor',
    action
      ? { method: 'POST', url: `/api/public/bookings/${token}/${action}`, payload: payload ?? {} }
      : { method: 'GET', url: `/api/public/bookings/${token}` },
  );

/** The clinic's request id of a booking, by its reference, as staff see it. */
export async function requestIdOf(t: TestApp, reference: string, who: Who | TestPerson = 'staff') {
  const page = await expectStatus<{ items: { id: string; reference: string }[] }>(t, who, {
    method: 'GET',
    url: '/api/public-bookings?status=all',
    status: 200,
  });
  const found = page.items.find((item) => item.reference === reference);
  if (!found) throw new Error(`no request ${reference}`);
  return found.id;
}
