import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BOOKING_ERRORS, PUBLIC_BOOKINGS_CHANGED } from '../../../shared/public-booking';
import { appointments, publicBookingRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { openSocket, untilConnections } from '../../test/sockets';
import { book, bookablePractitioner, dayAhead, details, hourOf, publicService, request } from './testing';

/**
 * Visitors racing for one time, the per-address limits, and the pushes that keep open request lists live.
 * On PostgreSQL (TEST_DATABASE_URL) the requests run on separate connections and truly overlap.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('visitors racing for one time', () => {
  it('lets exactly one of 12 concurrent requests wait for it; the others get 409', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t, { durationMinutes: 60 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(t, bookingLink, {
          ...details(),
          serviceTypeId: service.id,
          // Every one overlaps every other; some are the very same hour.
          startsAt: `${dayAhead(9)}T10:${String((i % 3) * 15).padStart(2, '0')}:00.000Z`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409))
      expect(response.json().message).toBe(PUBLIC_BOOKING_ERRORS.slotTaken);
    const held = await t.database.db
      .select()
      .from(publicBookingRequests)
      .where(
        and(
          eq(publicBookingRequests.practitionerId, practitioner.id),
          eq(publicBookingRequests.status, 'pending'),
        ),
      );
    expect(held).toHaveLength(1);
  });

  it('books exactly one of 8 concurrent requests when confirmed at once', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t, { autoConfirm: true });
    const service = await publicService(t, { durationMinutes: 30 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(t, bookingLink, { ...details(), serviceTypeId: service.id, startsAt: hourOf(11, 15) }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array(7).fill(409)]);
    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.practitionerId, practitioner.id));
    expect(booked).toHaveLength(1);
    expect(
      await t.database.db.$count(
        publicBookingRequests,
        eq(publicBookingRequests.practitionerId, practitioner.id),
      ),
    ).toBe(1);
  });
});

describe('limits per address', () => {
  it('answers 429 with the message once an address spends its calls or its requests', async () => {
    const limited = await createTestApp({ publicBookingReadsPerMinute: 6, publicBookingRequestsPerHour: 2 });
    try {
      const { bookingLink } = await bookablePractitioner(limited);
      const service = await publicService(limited);
      // An address of its own each run: with Redis the counts outlive the app.
      const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const asker = address();
      const send = (startsAt: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: `/api/public/booking/${bookingLink}/requests`,
          remoteAddress,
          payload: { ...details(), serviceTypeId: service.id, startsAt },
        });
      expect((await send(hourOf(3, 9), asker)).statusCode).toBe(201);
      expect((await send(hourOf(3, 11), asker)).statusCode).toBe(201);
      const third = await send(hourOf(3, 13), asker);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(PUBLIC_BOOKING_ERRORS.tooManyRequests);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is unaffected.
      expect((await send(hourOf(3, 13), address())).statusCode).toBe(201);

      const reader = address();
      const read = () =>
        limited.app.inject({
          method: 'GET',
          url: `/api/public/booking/${bookingLink}`,
          remoteAddress: reader,
        });
      for (let i = 0; i < 6; i++) expect((await read()).statusCode).toBe(200);
      const refused = await read();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(PUBLIC_BOOKING_ERRORS.tooManyRequests);
    } finally {
      await limited.close();
    }
  });
});

describe('live request lists', () => {
  it('tells the practitioner and staff when a request arrives and when it is declined', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t);
    const staff = await demoPerson(t, 'staff');
    const mine = await openSocket(t, `token=${practitioner.token}&channel=notifications`);
    const clinic = await openSocket(t, `token=${staff.token}&channel=notifications`);
    const patient = await openSocket(t, `token=${await t.tokenOf('patient')}&channel=notifications`);
    await untilConnections(t, 3);
    const made = await book(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(13, 9),
    });
    expect(await mine.nextMessage()).toEqual(PUBLIC_BOOKINGS_CHANGED);
    expect(await clinic.nextMessage()).toEqual(PUBLIC_BOOKINGS_CHANGED);
    const [row] = await t.database.db
      .select()
      .from(publicBookingRequests)
      .where(eq(publicBookingRequests.reference, made.reference));
    const declined = await t.injectAs('staff', {
      method: 'POST',
      url: `/api/public-bookings/${row!.id}/decline`,
      payload: { message: 'Not available' },
    });
    expect(declined.statusCode).toBe(200);
    expect(await mine.nextMessage()).toEqual(PUBLIC_BOOKINGS_CHANGED);
    expect(await clinic.nextMessage()).toEqual(PUBLIC_BOOKINGS_CHANGED);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(patient.messages).toEqual([]);
    for (const socket of [mine, clinic, patient]) socket.socket.close();
  });
});
