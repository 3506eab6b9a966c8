import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_BOOKING_ERRORS,
  type PublicBookingPageOfRequests,
  type PublicBookingRequest,
  type VisitorBooking,
} from '../../../shared/public-booking';
import type { Appointment } from '../../../shared/scheduling';
import { activityLog, appointments, publicBookingRequests, users } from '../../db/schema';
import { servedRoutes } from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import {
  book,
  bookablePractitioner,
  call,
  details,
  expectStatus,
  hourOf,
  manage,
  publicService,
} from './testing';

/**
 * The clinic's side through the real app: the request list, confirming (a patient found by email or made,
 * the care team, a confirmed appointment) and declining with a message, and who may do any of it.
 */
let t: TestApp;
let alex: { practitioner: TestPerson; bookingLink: string };
let serviceId = '';
let day = 12;

beforeAll(async () => {
  t = await createTestApp();
  alex = await bookablePractitioner(t);
  serviceId = (await publicService(t)).id;
});
afterAll(() => t.close());

/** A fresh pending request with Alex on a day of its own. */
async function pending(overrides: Record<string, unknown> = {}) {
  day += 1;
  const made = await book(t, alex.bookingLink, {
    ...details(),
    serviceTypeId: serviceId,
    startsAt: hourOf(day, 10),
    ...overrides,
  });
  const [row] = await t.database.db
    .select()
    .from(publicBookingRequests)
    .where(eq(publicBookingRequests.reference, made.reference));
  return { made, id: row!.id, email: row!.email, startsAt: hourOf(day, 10) };
}

const confirm = (who: Parameters<typeof call>[1], id: string, payload: unknown = {}) =>
  call(t, who, { method: 'POST', url: `/api/public-bookings/${id}/confirm`, payload });
const decline = (
  who: Parameters<typeof call>[1],
  id: string,
  payload: unknown = { message: 'Sorry, not this week' },
) => call(t, who, { method: 'POST', url: `/api/public-bookings/${id}/decline`, payload });

describe('the request list', () => {
  it('shows a practitioner their own requests, staff all of them, with the pending count', async () => {
    const { id } = await pending();
    const other = await bookablePractitioner(t);
    const theirs = await book(t, other.bookingLink, {
      ...details(),
      serviceTypeId: serviceId,
      startsAt: hourOf(30, 9),
    });
    const own = await expectStatus<PublicBookingPageOfRequests>(t, alex.practitioner, {
      method: 'GET',
      url: '/api/public-bookings',
      status: 200,
    });
    expect(own.items.map((item) => item.id)).toContain(id);
    expect(own.items.every((item) => item.practitionerId === alex.practitioner.id)).toBe(true);
    expect(own.pendingCount).toBe(own.items.length);
    const elsewhere = await expectStatus<PublicBookingPageOfRequests>(t, alex.practitioner, {
      method: 'GET',
      url: `/api/public-bookings?practitionerId=${other.practitioner.id}`,
      status: 200,
    });
    expect(elsewhere.items).toEqual([]);
    const staff = await expectStatus<PublicBookingPageOfRequests>(t, 'staff', {
      method: 'GET',
      url: `/api/public-bookings?practitionerId=${other.practitioner.id}`,
      status: 200,
    });
    expect(staff.items.map((item) => item.reference)).toEqual([theirs.reference]);
    expect(staff.items[0]).toMatchObject({
      status: 'pending',
      name: 'Jordan Visitor',
      reason: 'Sore shoulder after tennis',
    });
    expect(staff.pendingCount).toBeGreaterThanOrEqual(2);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'public_booking.listed'));
    expect(logged.length).toBeGreaterThanOrEqual(3);
  });

  it('pages newest first and refuses a bad cursor or status', async () => {
    for (let i = 0; i < 3; i++) await pending();
    const first = await expectStatus<PublicBookingPageOfRequests>(t, 'admin', {
      method: 'GET',
      url: '/api/public-bookings?status=all',
      status: 200,
    });
    const times = first.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const query of ['cursor=nonsense', 'status=maybe', 'practitionerId=1', 'extra=1'])
      expect(
        (await call(t, 'admin', { method: 'GET', url: `/api/public-bookings?${query}` })).statusCode,
        query,
      ).toBe(400);
  });
});

describe('confirming', () => {
  it('makes a new patient with the practitioner on their care team and a confirmed appointment, and emails the visitor', async () => {
    const { id, email, made } = await pending({ name: 'Robin Ash' });
    const response = await confirm(alex.practitioner, id);
    expect(response.statusCode, response.body).toBe(200);
    const confirmed = response.json<PublicBookingRequest>();
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      decidedByName: `Alex ${alex.practitioner.lastName}`,
    });
    const appointment = await expectStatus<Appointment>(t, alex.practitioner, {
      method: 'GET',
      url: `/api/appointments/${confirmed.appointmentId}`,
      status: 200,
    });
    expect(appointment).toMatchObject({
      status: 'confirmed',
      patientId: confirmed.patientId,
      patientName: 'Robin Ash',
      startsAt: confirmed.startsAt,
    });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, confirmed.patientId!));
    expect(account).toMatchObject({ role: 'patient', email });
    const mail = (await t.ctx.mailer.listTo(email)).find((sent) => sent.subject.includes('confirmed'));
    expect(mail!.body).toContain('/reset-password?token=');
    expect(mail!.body).toContain(`?manage=`);
    expect((await manage(t, made.manageToken!)).json<VisitorBooking>().status).toBe('confirmed');
    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(log.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['public_booking.requested', 'public_booking.confirmed']),
    );
    // Only once.
    const again = await confirm('staff', id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PUBLIC_BOOKING_ERRORS.notPending);
  });

  it('books the clinic’s existing patient with that email, whatever its case', async () => {
    const pat = await demoPerson(t, 'patient');
    const { id } = await pending({ email: pat.email.toUpperCase() });
    const confirmed = (await confirm('staff', id)).json<PublicBookingRequest>();
    expect(confirmed.patientId).toBe(pat.id);
    const mail = (await t.ctx.mailer.listTo(pat.email)).find((sent) => sent.subject.includes('confirmed'));
    expect(mail!.body).toContain('?manage=');
    expect(mail!.body).not.toContain('/reset-password');
  });

  it('books the patient staff choose instead, and refuses an email that is a staff account’s', async () => {
    const chosen = await createPerson(t, 'patient');
    const { id } = await pending();
    expect(
      (await confirm('admin', id, { patientId: chosen.id })).json<PublicBookingRequest>().patientId,
    ).toBe(chosen.id);
    const staffMember = await demoPerson(t, 'staff');
    const clash = await pending({ email: staffMember.email });
    const refused = await confirm('staff', clash.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PUBLIC_BOOKING_ERRORS.emailNotPatient);
    // A practitioner cannot reach for a patient outside their care.
    expect((await confirm(alex.practitioner, clash.id, { patientId: chosen.id })).statusCode).toBe(200);
    const stranger = await createPerson(t, 'patient');
    const third = await pending();
    expect((await confirm(alex.practitioner, third.id, { patientId: stranger.id })).statusCode).toBe(404);
  });

  it('answers 409 when the time was booked meanwhile, and leaves the request pending', async () => {
    const { id, startsAt } = await pending();
    const pat = await demoPerson(t, 'patient');
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/patients/${pat.id}/practitioners/${alex.practitioner.id}`,
      status: 200,
    });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: '/api/appointments',
      payload: {
        patientId: pat.id,
        practitionerId: alex.practitioner.id,
        serviceTypeId: serviceId,
        startsAt,
      },
      status: 201,
    });
    const refused = await confirm('staff', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PUBLIC_BOOKING_ERRORS.slotTaken);
    const [row] = await t.database.db
      .select()
      .from(publicBookingRequests)
      .where(eq(publicBookingRequests.id, id));
    expect(row).toMatchObject({ status: 'pending', patientId: null, appointmentId: null });
    const made = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.practitionerId, alex.practitioner.id));
    expect(made.filter((appointment) => appointment.startsAt.toISOString() === startsAt)).toHaveLength(1);
  });
});

describe('declining', () => {
  it('needs a message, emails it to the visitor, and frees the time', async () => {
    const { id, email, startsAt } = await pending();
    const empty = await decline('staff', id, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty('message');
    const declined = await decline(alex.practitioner, id, {
      message: 'I am away that week; please try the week after',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<PublicBookingRequest>()).toMatchObject({
      status: 'declined',
      message: 'I am away that week; please try the week after',
    });
    const [mail] = await t.ctx.mailer.listTo(email);
    expect(mail!.subject).toContain('declined');
    expect(mail!.body).toContain('I am away that week; please try the week after');
    expect(mail!.body).not.toContain('manage=');
    // The time is free again for the next visitor.
    await book(t, alex.bookingLink, { ...details(), serviceTypeId: serviceId, startsAt });
    expect((await decline('staff', id)).statusCode).toBe(409);
    expect((await confirm('staff', id)).json().message).toBe(PUBLIC_BOOKING_ERRORS.notPending);
  });
});

describe('who may handle requests', () => {
  it('has a test for every public booking route', () => {
    expect(servedRoutes(t.routes, '/api/public')).toEqual([
      'GET /api/public-bookings',
      'GET /api/public/booking/:bookingLink',
      'GET /api/public/booking/:bookingLink/slots',
      'GET /api/public/bookings/:token',
      'POST /api/public-bookings/:id/confirm',
      'POST /api/public-bookings/:id/decline',
      'POST /api/public/booking/:bookingLink/rehearsal',
      'POST /api/public/booking/:bookingLink/requests',
      'POST /api/public/bookings/:token/cancel',
      'POST /api/public/bookings/:token/reschedule',
    ]);
  });

  it('lets the practitioner, staff and admin in; another practitioner finds nothing; patients and members 403; visitors 401', async () => {
    const colleague = await createPerson(t, 'practitioner');
    for (const who of ['patient', 'member'] as const) {
      expect((await call(t, who, { method: 'GET', url: '/api/public-bookings' })).statusCode, who).toBe(403);
      const { id } = await pending();
      expect((await confirm(who, id)).statusCode, who).toBe(403);
      expect((await decline(who, id)).statusCode, who).toBe(403);
    }
    expect((await call(t, 'visitor', { method: 'GET', url: '/api/public-bookings' })).statusCode).toBe(401);
    const { id } = await pending();
    expect((await confirm('visitor', id)).statusCode).toBe(401);
    expect((await decline('visitor', id)).statusCode).toBe(401);
    expect((await confirm(colleague, id)).statusCode).toBe(404);
    expect((await decline(colleague, id)).statusCode).toBe(404);
    expect((await confirm('staff', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await confirm('staff', 'not-an-id')).statusCode).toBe(400);
    expect((await decline('admin', id)).statusCode).toBe(200);
    const next = await pending();
    expect((await confirm('admin', next.id)).statusCode).toBe(200);
  });
});
