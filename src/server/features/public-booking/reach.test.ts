import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BOOKING_ERRORS, type PublicBookingRequest } from '../../../shared/public-booking';
import { activityLog, appointments, careTeamAssignments, publicBookingRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { assign } from '../appointments/testing';
import { book, bookablePractitioner, call, details, hourOf, publicService } from './testing';

/**
 * A booking request never widens anyone's reach by itself (docs/decisions/0020). A visitor can type any
 * patient's name and email into a practitioner's booking page; when that patient is outside the
 * practitioner's reach, only staff or an admin may match the request to them. Until then the practitioner
 * gets 404 for the record, as for any patient not theirs.
 */
let t: TestApp;
let serviceId = '';
let day = 3;

beforeAll(async () => {
  t = await createTestApp();
  serviceId = (await publicService(t)).id;
});
afterAll(() => t.close());

/** A request in the patient's name and email, or a new visitor's with none. */
async function requestFor(bookingLink: string, patient?: TestPerson) {
  day += 1;
  const made = await book(t, bookingLink, {
    ...details(patient ? { name: `${patient.firstName} ${patient.lastName}`, email: patient.email } : {}),
    serviceTypeId: serviceId,
    startsAt: hourOf(day, 10),
  });
  const [row] = await t.database.db
    .select()
    .from(publicBookingRequests)
    .where(eq(publicBookingRequests.reference, made.reference));
  return row!;
}

const confirm = (who: Parameters<typeof call>[1], id: string) =>
  call(t, who, { method: 'POST', url: `/api/public-bookings/${id}/confirm`, payload: {} });
const recordOf = (practitioner: TestPerson, patient: TestPerson) =>
  call(t, practitioner, { method: 'GET', url: `/api/patients/${patient.id}` });
const careTeamOf = (patientId: string) =>
  t.database.db
    .select({ id: careTeamAssignments.practitionerId })
    .from(careTeamAssignments)
    .where(eq(careTeamAssignments.patientId, patientId));

describe('a request naming a patient the clinic already has', () => {
  it('is refused to a practitioner outside the patient’s care, and logged; the record stays 404', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    const patient = await createPerson(t, 'patient');
    const request = await requestFor(bookingLink, patient);

    const refused = await confirm(practitioner, request.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PUBLIC_BOOKING_ERRORS.knownPatientForStaff);
    expect((await recordOf(practitioner, patient)).statusCode).toBe(404);
    const [still] = await t.database.db
      .select()
      .from(publicBookingRequests)
      .where(eq(publicBookingRequests.id, request.id));
    expect(still!.status).toBe('pending');
    expect(await careTeamOf(patient.id)).toEqual([]);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.entityId, request.id), eq(activityLog.action, 'public_booking.confirm_refused')),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actorId).toBe(practitioner.id);
  });

  it('is matched by staff: the appointment gives the practitioner reach, the care team stays as it was', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    const patient = await createPerson(t, 'patient');
    const request = await requestFor(bookingLink, patient);

    const confirmed = await confirm('staff', request.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<PublicBookingRequest>().patientId).toBe(patient.id);
    expect((await recordOf(practitioner, patient)).statusCode).toBe(200);
    expect(await careTeamOf(patient.id)).toEqual([]);

    // The patient cancels: the practitioner's reach ends with the appointment it came from.
    const appointmentId = confirmed.json<PublicBookingRequest>().appointmentId!;
    const cancelled = await call(t, patient, {
      method: 'POST',
      url: `/api/appointments/${appointmentId}/cancel`,
      payload: { reason: 'Feeling better' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await recordOf(practitioner, patient)).statusCode).toBe(404);
  });

  it('is matched by the practitioner when the patient is already in their care', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    const patient = await createPerson(t, 'patient');
    await assign(t, practitioner.id, patient.id);
    const request = await requestFor(bookingLink, patient);

    const confirmed = await confirm(practitioner, request.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<PublicBookingRequest>().patientId).toBe(patient.id);
  });

  it('stays pending for the clinic when the practitioner confirms automatically', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t, { autoConfirm: true });
    const patient = await createPerson(t, 'patient');
    const request = await requestFor(bookingLink, patient);

    expect(request.status).toBe('pending');
    expect(request.patientId).toBeNull();
    expect(
      await t.database.db.select().from(appointments).where(eq(appointments.patientId, patient.id)),
    ).toEqual([]);
    expect((await recordOf(practitioner, patient)).statusCode).toBe(404);
    expect((await confirm(practitioner, request.id)).statusCode).toBe(409);
    expect((await confirm('admin', request.id)).statusCode).toBe(200);
  });

  it('books a patient of the practitioner’s at once when they confirm automatically', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t, { autoConfirm: true });
    const patient = await createPerson(t, 'patient');
    await assign(t, practitioner.id, patient.id);
    const request = await requestFor(bookingLink, patient);
    expect(request.status).toBe('confirmed');
    expect(request.patientId).toBe(patient.id);
  });

  it('still makes a new patient for a new email and puts them in the practitioner’s care team', async () => {
    const { practitioner, bookingLink } = await bookablePractitioner(t);
    const request = await requestFor(bookingLink);
    const confirmed = (await confirm(practitioner, request.id)).json<PublicBookingRequest>();
    expect(await careTeamOf(confirmed.patientId!)).toEqual([{ id: practitioner.id }]);
  });
});
