import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENTS_CHANGED, appointmentUrl } from '../../../shared/scheduling';
import { notifications } from '../../db/schema';
import type { AppointmentEvent, EventName } from '../../platform/events';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { openSocket, untilConnections } from '../../test/sockets';
import { whenOf } from './notifications';
import { book, careTeam, expectStatus, serviceType, slotAt } from './testing';

/** Notes written on an appointment never leave it: not in notifications, events or pushes. */
const SECRET = 'ZEBRA-9 private remark';

let t: TestApp;
let practitioner: TestPerson;
let patient: TestPerson;
let serviceId = '';
const published: Array<{ name: EventName; event: AppointmentEvent }> = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  serviceId = (await serviceType(t)).id;
  for (const name of ['appointment.created', 'appointment.updated', 'appointment.cancelled'] as const)
    t.ctx.events.subscribe(name, (event) => {
      published.push({ name, event });
    });
});
afterAll(() => t.close());

const stored = (person: TestPerson) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, person.id));

/** Waits for the expected count, then a moment more so a stray extra one would show too. */
async function settle(person: TestPerson, count: number) {
  for (let i = 0; i < 200 && (await stored(person)).length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return stored(person);
}

const nameOf = (person: TestPerson) => `${person.firstName} ${person.lastName}`;

describe('notifications and pushes from appointments', () => {
  it('tells the patient and the practitioner, never the one who acted, and keeps the notes out', async () => {
    const staff = await demoPerson(t, 'staff');
    const slot = slotAt();
    const made = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
      ...slot,
    });
    const when = whenOf(slot.startsAt, 'Europe/London');
    const [toPatient] = await settle(patient, 1);
    expect(toPatient).toMatchObject({
      type: 'appointment_created',
      title: 'Appointment booked',
      message: `${nameOf(staff)} booked you in with ${nameOf(practitioner)} on ${when}`,
      actionUrl: appointmentUrl(made.id),
      data: { appointmentId: made.id, patientId: patient.id },
    });
    const [toPractitioner] = await settle(practitioner, 1);
    expect(toPractitioner).toMatchObject({
      type: 'appointment_created',
      message: `${nameOf(staff)} booked ${nameOf(patient)} in with you on ${when}`,
    });
    expect(await stored(staff)).toEqual([]);

    // The practitioner moves it: only the patient hears.
    const later = slotAt();
    await expectStatus(t, practitioner, {
      method: 'PATCH',
      url: `/api/appointments/${made.id}`,
      payload: { ...later, notes: SECRET },
      status: 200,
    });
    const afterMove = await settle(patient, 2);
    expect(afterMove.find((row) => row.type === 'appointment_updated')).toMatchObject({
      title: 'Appointment changed',
      message: `${nameOf(practitioner)} moved your appointment to ${whenOf(later.startsAt, 'Europe/London')}`,
    });
    expect(await stored(practitioner)).toHaveLength(1);

    // Checking in tells nobody; the patient cancelling tells the practitioner with high priority.
    const other = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
      ...slotAt(5),
    });
    await settle(patient, 3);
    await expectStatus(t, patient, {
      method: 'POST',
      url: `/api/appointments/${other.id}/cancel`,
      payload: { reason: 'Away' },
      status: 200,
    });
    const forPractitioner = await settle(practitioner, 3);
    expect(forPractitioner.find((row) => row.type === 'appointment_cancelled')).toMatchObject({
      title: 'Appointment cancelled',
      priority: 'high',
      message: `${nameOf(patient)} cancelled their appointment with you on ${whenOf(other.startsAt, 'Europe/London')}`,
    });
    expect((await stored(patient)).filter((row) => row.type === 'appointment_cancelled')).toEqual([]);
    await expectStatus(t, practitioner, {
      method: 'POST',
      url: `/api/appointments/${made.id}/check-in`,
      status: 200,
    });
    expect(await settle(patient, 4)).toHaveLength(3);

    const everything = JSON.stringify([
      ...(await stored(patient)),
      ...(await stored(practitioner)),
      published,
    ]);
    expect(everything).not.toContain(SECRET);
    expect(published.map((entry) => `${entry.name}:${entry.event.change}`)).toEqual([
      'appointment.created:created',
      'appointment.updated:rescheduled',
      'appointment.created:created',
      'appointment.cancelled:cancelled',
      'appointment.updated:checked_in',
    ]);
  });

  it('tells a practitioner an appointment was moved away from them, and pushes the change to open calendars', async () => {
    const team = await careTeam(t);
    const colleague = await createPerson(t, 'practitioner');
    const staffSocket = await openSocket(t, `token=${await t.tokenOf('staff')}&channel=notifications`);
    const patientSocket = await openSocket(t, `token=${team.patient.token}&channel=notifications`);
    await untilConnections(t, 2);
    const made = await book(t, 'admin', {
      patientId: team.patient.id,
      practitionerId: team.practitioner.id,
      serviceTypeId: serviceId,
      ...slotAt(),
    });
    const pushed = async (socket: Awaited<ReturnType<typeof openSocket>>) => {
      for (;;) {
        const message = (await socket.nextMessage()) as { type: string; appointmentId?: string };
        if (message.type === APPOINTMENTS_CHANGED) return message;
      }
    };
    expect(await pushed(staffSocket)).toEqual({ type: APPOINTMENTS_CHANGED, appointmentId: made.id });
    expect(await pushed(patientSocket)).toEqual({ type: APPOINTMENTS_CHANGED, appointmentId: made.id });

    await expectStatus(t, 'staff', {
      method: 'PATCH',
      url: `/api/appointments/${made.id}`,
      payload: { practitionerId: colleague.id },
      status: 200,
    });
    expect(await pushed(staffSocket)).toEqual({ type: APPOINTMENTS_CHANGED, appointmentId: made.id });
    const [movedAway] = (await settle(team.practitioner, 2)).filter(
      (row) => row.type === 'appointment_updated',
    );
    expect(movedAway.message).toContain(`${nameOf(team.patient)}’s appointment to ${nameOf(colleague)}`);
    const [movedHere] = await settle(colleague, 1);
    expect(movedHere).toMatchObject({ type: 'appointment_updated', title: 'Appointment changed' });
    staffSocket.socket.close();
    patientSocket.socket.close();
  });
});
