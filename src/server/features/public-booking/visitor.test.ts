import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_BOOKING_ERRORS,
  type PublicBookingPage,
  type VisitorBooking,
} from '../../../shared/public-booking';
import { appointments, notifications, publicBookingRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  book,
  bookablePractitioner,
  call,
  dayAhead,
  details,
  expectStatus,
  hourOf,
  publicService,
  rehearse,
  request,
  slotsOf,
} from './testing';

/**
 * The visitor's side through the real app: the public page and its free times, a request (pending, or
 * confirmed at once), the email with the signed link, and what the link lets them do.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the public page', () => {
  it('shows the practitioner, zone, settings and public services only; an unknown link is 404', async () => {
    const { bookingLink } = await bookablePractitioner(t, { minNoticeMinutes: 90, horizonDays: 30 });
    const shown = await publicService(t);
    const hidden = await publicService(t, { isPublic: false });
    const retired = await publicService(t, { active: false });
    const shownPage = await call(t, 'visitor', { method: 'GET', url: `/api/public/booking/${bookingLink}` });
    expect(shownPage.statusCode).toBe(200);
    const page = shownPage.json<PublicBookingPage>();
    expect(page).toMatchObject({
      bookingLink,
      timeZone: 'UTC',
      horizonDays: 30,
      minNoticeMinutes: 90,
      autoConfirm: false,
    });
    expect(page.practitionerName).toMatch(/^Alex /);
    const ids = page.services.map((service) => service.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(retired.id);
    const missing = await call(t, 'visitor', { method: 'GET', url: '/api/public/booking/nobody-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PUBLIC_BOOKING_ERRORS.pageNotFound);
  });

  it('is 404 once the practitioner is deactivated', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    await expectStatus(t, 'admin', {
      method: 'POST',
      url: `/api/admin/users/${practitioner.id}/deactivate`,
      status: 200,
    });
    const response = await call(t, 'visitor', { method: 'GET', url: `/api/public/booking/${bookingLink}` });
    expect(response.statusCode).toBe(404);
  });

  it('offers free times by the practitioner’s settings, and a non-public service is refused', async () => {
    const { bookingLink } = await bookablePractitioner(t, { minNoticeMinutes: 24 * 60 });
    const service = await publicService(t);
    // Within a day's notice nothing is offered today; later days are open all day on the quarter hour.
    expect(await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: dayAhead(0) })).toEqual([]);
    const later = await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: dayAhead(3) });
    expect(later).toContain(hourOf(3, 9));
    expect(later).toContain(`${dayAhead(3)}T09:15:00.000Z`);
    const hidden = await publicService(t, { isPublic: false });
    const refused = await call(t, 'visitor', {
      method: 'GET',
      url: `/api/public/booking/${bookingLink}/slots?serviceTypeId=${hidden.id}&from=${dayAhead(3)}&to=${dayAhead(3)}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PUBLIC_BOOKING_ERRORS.serviceNotOffered);
  });

  it('leaves out the time a pending request holds, with the buffer around it', async () => {
    const { bookingLink } = await bookablePractitioner(t, { bufferMinutes: 15 });
    const service = await publicService(t, { durationMinutes: 60 });
    await book(t, bookingLink, { ...details(), serviceTypeId: service.id, startsAt: hourOf(4, 10) });
    const slots = await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: dayAhead(4) });
    // 10:00-11:00 is held; with 15 minutes either side no hour may start after 08:45 or before 11:15.
    expect(slots).toContain(`${dayAhead(4)}T08:45:00.000Z`);
    expect(slots).not.toContain(`${dayAhead(4)}T09:00:00.000Z`);
    expect(slots).not.toContain(hourOf(4, 10));
    expect(slots).not.toContain(`${dayAhead(4)}T11:00:00.000Z`);
    expect(slots).toContain(`${dayAhead(4)}T11:15:00.000Z`);
    const again = await request(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(4, 10),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PUBLIC_BOOKING_ERRORS.slotTaken);
  });
});

describe('a request', () => {
  it('waits as pending, holds no appointment, and emails the visitor a link to manage it', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t);
    const body = { ...details(), serviceTypeId: service.id, startsAt: hourOf(5, 9) };
    const made = await book(t, bookingLink, body);
    expect(made).toMatchObject({
      status: 'pending',
      bookingLink,
      serviceTypeId: service.id,
      startsAt: hourOf(5, 9),
      endsAt: hourOf(5, 10),
      timeZone: 'UTC',
      name: 'Jordan Visitor',
      changeable: true,
    });
    expect(made.reference).toMatch(/^BK-[A-HJKMNP-Z2-9]{6}$/);
    expect(made.manageToken).toEqual(expect.any(String));
    const [stored] = await t.database.db
      .select()
      .from(publicBookingRequests)
      .where(eq(publicBookingRequests.reference, made.reference));
    expect(stored).toMatchObject({
      status: 'pending',
      email: body.email,
      appointmentId: null,
      patientId: null,
    });
    const mails = await t.ctx.mailer.listTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(made.reference);
    expect(mails[0]!.body).toContain(`/book/${bookingLink}?manage=${encodeURIComponent(made.manageToken!)}`);
    expect(mails[0]!.body).not.toContain(body.reason);
    // The practitioner hears of it by email, with the reference and time but not the visitor's details.
    await expect.poll(async () => (await t.ctx.mailer.listTo(practitioner.email)).length).toBe(1);
    const [told] = await t.ctx.mailer.listTo(practitioner.email);
    expect(told!.subject).toBe('New online booking request');
    expect(told!.body).toContain(made.reference);
    expect(told!.body).not.toContain(body.name);
    expect(told!.body).not.toContain(body.email);
  });

  it('is booked at once when the practitioner confirms automatically: a new patient and a confirmed appointment', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t, { autoConfirm: true });
    const service = await publicService(t, { durationMinutes: 45 });
    const body = {
      ...details({ name: 'Sam Quinn Taylor' }),
      serviceTypeId: service.id,
      startsAt: hourOf(6, 14),
    };
    const made = await book(t, bookingLink, body);
    expect(made.status).toBe('confirmed');
    expect(made.endsAt).toBe(`${dayAhead(6)}T14:45:00.000Z`);
    const [stored] = await t.database.db
      .select()
      .from(publicBookingRequests)
      .where(eq(publicBookingRequests.reference, made.reference));
    const [appointment] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, stored!.appointmentId!));
    expect(appointment).toMatchObject({
      status: 'confirmed',
      practitionerId: practitioner.id,
      patientId: stored!.patientId,
      serviceTypeId: service.id,
    });
    const patient = await expectStatus<{
      firstName: string;
      lastName: string;
      email: string;
      practitioners: { id: string }[];
    }>(t, 'staff', { method: 'GET', url: `/api/patients/${stored!.patientId}`, status: 200 });
    expect(patient).toMatchObject({ firstName: 'Sam', lastName: 'Quinn Taylor', email: body.email });
    expect(patient.practitioners.map((person) => person.id)).toContain(practitioner.id);
    const [mail] = await t.ctx.mailer.listTo(body.email);
    expect(mail!.subject).toContain('booked');
    expect(mail!.body).toContain('/reset-password?token=');
    // The practitioner is told through the appointment's own notification, not a request to review.
    await expect
      .poll(async () =>
        (
          await t.database.db.select().from(notifications).where(eq(notifications.userId, practitioner.id))
        ).map((row) => row.type),
      )
      .toEqual(['appointment_created']);
    const told = await t.ctx.mailer.listTo(practitioner.email);
    expect(told.some((sent) => sent.subject === 'New online booking request')).toBe(false);
  });

  it('is refused with field messages for bad input and for a time that is not free', async () => {
    const { bookingLink } = await bookablePractitioner(t);
    const service = await publicService(t);
    const bad = await request(t, bookingLink, {
      ...details({ email: 'not-an-email', phone: 'call me', name: ' ' }),
      serviceTypeId: 'x',
      startsAt: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'serviceTypeId', 'startsAt']),
    );
    const offGrid = await request(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: `${dayAhead(5)}T09:07:00.000Z`,
    });
    expect(offGrid.statusCode).toBe(409);
    const past = await request(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(-1, 9),
    });
    expect(past.statusCode).toBe(409);
    // A time in a year no calendar here reaches is bad input; days far outside the horizon have no free times.
    for (const startsAt of ['9999-12-31T23:00:00.000Z', '0001-01-01T00:00:00.000Z']) {
      const far = await request(t, bookingLink, { ...details(), serviceTypeId: service.id, startsAt });
      expect(far.statusCode, startsAt).toBe(400);
      expect(far.json().fields.startsAt).toBe('Start must fall between 1900 and 2199');
    }
    expect(await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: '9999-12-31' })).toEqual([]);
    expect(await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: '0001-01-01' })).toEqual([]);
    const unknownLink = await request(t, 'no-such-page', {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(5, 9),
    });
    expect(unknownLink.statusCode).toBe(404);
  });

  it('is rehearsed with every check and nothing stored or sent', async () => {
    const { bookingLink } = await bookablePractitioner(t, { autoConfirm: true });
    const service = await publicService(t);
    const body = { ...details(), serviceTypeId: service.id, startsAt: hourOf(7, 11) };
    const before = await t.database.db.$count(publicBookingRequests);
    const rehearsal = await call(t, 'visitor', {
      method: 'POST',
      url: `/api/public/booking/${bookingLink}/rehearsal`,
      payload: body,
    });
    expect(rehearsal.statusCode, rehearsal.body).toBe(200);
    expect(rehearsal.json<VisitorBooking>()).toMatchObject({
      reference: 'REHEARSAL',
      status: 'confirmed',
      manageToken: null,
      startsAt: hourOf(7, 11),
    });
    expect(await t.database.db.$count(publicBookingRequests)).toBe(before);
    expect(await t.ctx.mailer.listTo(body.email)).toHaveLength(0);
    // The time is still free, and a rehearsal of a taken one is refused like the real thing.
    expect(await slotsOf(t, bookingLink, { serviceTypeId: service.id, day: dayAhead(7) })).toContain(
      hourOf(7, 11),
    );
    await book(t, bookingLink, body);
    const taken = await rehearse(t, bookingLink, {
      ...details(),
      serviceTypeId: service.id,
      startsAt: hourOf(7, 11),
    });
    expect(taken.statusCode).toBe(409);
  });
});
