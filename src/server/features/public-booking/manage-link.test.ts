import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BOOKING_ERRORS, type VisitorBooking } from '../../../shared/public-booking';
import { appointments, publicBookingRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  book,
  bookablePractitioner,
  dayAhead,
  details,
  expectStatus,
  hourOf,
  manage,
  publicService,
  requestIdOf,
  slotsOf,
} from './testing';

/**
 * The signed link in a visitor's email, through the real app: what it shows, moving and cancelling with it,
 * a forged link refused like an unknown one, and nothing more done once the booking has begun or was declined.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the manage link', () => {
  it('shows the booking, moves it to another free time, then cancels it; afterwards nothing changes', async () => {
    const { bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t);
    const made = await book(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(8, 9),
    });
    const token = made.manageToken!;
    const shown = await manage(t, token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<VisitorBooking>()).toMatchObject({
      reference: made.reference,
      status: 'pending',
      manageToken: null,
      changeable: true,
    });
    // Half an hour later overlaps its own old time, which it no longer holds against itself.
    const moved = await manage(t, token, {
      action: 'reschedule',
      payload: { startsAt: `${dayAhead(8)}T09:30:00.000Z` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<VisitorBooking>()).toMatchObject({
      startsAt: `${dayAhead(8)}T09:30:00.000Z`,
      endsAt: `${dayAhead(8)}T10:30:00.000Z`,
    });
    const slots = await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: dayAhead(8) });
    expect(slots).toContain(hourOf(8, 8));
    expect(slots).not.toContain(hourOf(8, 10));
    const cancelled = await manage(t, token, { action: 'cancel', payload: { reason: 'Feeling better' } });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<VisitorBooking>()).toMatchObject({ status: 'cancelled', changeable: false });
    expect(await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: dayAhead(8) })).toContain(
      hourOf(8, 10),
    );
    for (const [action, payload] of [
      ['cancel', {}],
      ['reschedule', { startsAt: hourOf(8, 13) }],
    ] as const) {
      const refused = await manage(t, token, { action, payload });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(PUBLIC_BOOKING_ERRORS.notChangeable);
    }
    expect((await manage(t, token)).json<VisitorBooking>().status).toBe('cancelled');
  });

  it('moves and cancels the appointment of a confirmed booking', async () => {
    const { bookingLink } = await bookablePractitioner(t, { autoConfirm: true });
    const service = await publicService(t);
    const made = await book(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(9, 9),
    });
    const [stored] = await t.database.db
      .select()
      .from(publicBookingRequests)
      .where(eq(publicBookingRequests.reference, made.reference));
    const appointmentOf = async () =>
      (
        await t.database.db.select().from(appointments).where(eq(appointments.id, stored!.appointmentId!))
      )[0]!;
    const moved = await manage(t, made.manageToken!, {
      action: 'reschedule',
      payload: { startsAt: `${dayAhead(9)}T09:15:00.000Z` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await appointmentOf()).startsAt.toISOString()).toBe(`${dayAhead(9)}T09:15:00.000Z`);
    const taken = await manage(t, made.manageToken!, {
      action: 'reschedule',
      payload: { startsAt: `${dayAhead(9)}T09:07:00.000Z` },
    });
    expect(taken.statusCode).toBe(409);
    const cancelled = await manage(t, made.manageToken!, { action: 'cancel', payload: {} });
    expect(cancelled.statusCode).toBe(200);
    expect(await appointmentOf()).toMatchObject({ status: 'cancelled' });
  });

  it('answers 404 for a forged, altered or malformed link, the same way each time', async () => {
    const { bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t);
    const made = await book(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(10, 9),
    });
    const [id, signature] = made.manageToken!.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [
      `${id}.${flipped}`,
      `${id}.${'A'.repeat(43)}`,
      `${'A'.repeat(22)}.${signature}`,
      'not-a-token-at-all',
      `${made.manageToken}.extra`,
    ]) {
      for (const action of [undefined, 'cancel', 'reschedule'] as const) {
        const response = await manage(t, token, {
          action,
          payload: action === 'reschedule' ? { startsAt: hourOf(10, 12) } : {},
        });
        expect(response.statusCode, `${action} ${token}`).toBe(404);
        expect(response.json().message).toBe(PUBLIC_BOOKING_ERRORS.linkInvalid);
      }
    }
    expect((await manage(t, made.manageToken!)).json<VisitorBooking>().status).toBe('pending');
  });

  it('lets nothing be changed once the booking has begun', async () => {
    const { bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t);
    const made = await book(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(12, 9),
    });
    // Time passes: the request's hour is now behind us.
    await t.database.db
      .update(publicBookingRequests)
      .set({ startsAt: new Date(Date.now() - 30 * 60_000), endsAt: new Date(Date.now() + 30 * 60_000) })
      .where(eq(publicBookingRequests.reference, made.reference));
    expect((await manage(t, made.manageToken!)).json<VisitorBooking>()).toMatchObject({
      status: 'pending',
      changeable: false,
    });
    for (const [action, payload] of [
      ['cancel', {}],
      ['reschedule', { startsAt: hourOf(12, 13) }],
    ] as const) {
      const refused = await manage(t, made.manageToken!, { action, payload });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(PUBLIC_BOOKING_ERRORS.notChangeable);
    }
  });

  it('shows a declined booking with the practitioner’s message, and lets nothing more be done', async () => {
    const { bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t);
    const made = await book(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(11, 9),
    });
    const id = await requestIdOf(t, made.reference);
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/public-bookings/${id}/decline`,
      payload: { message: 'Fully booked that week' },
      status: 200,
    });
    const shown = (await manage(t, made.manageToken!)).json<VisitorBooking>();
    expect(shown).toMatchObject({ status: 'declined', message: 'Fully booked that week', changeable: false });
    expect((await manage(t, made.manageToken!, { action: 'cancel', payload: {} })).statusCode).toBe(409);
  });
});
