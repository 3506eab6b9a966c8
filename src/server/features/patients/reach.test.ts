import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../../shared/scheduling';
import { appointments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { book, call, openAllWeek, serviceType, slotAt } from '../appointments/testing';

/**
 * A practitioner reaches the patients on their care team and those with an appointment with them
 * (PRODUCT.md). An appointment counts in every status but cancelled: one that never took place leaves no
 * reach behind (docs/decisions/0020). Each case reads every patient-data route the reach opens.
 */
const IN_REACH = { record: 200, listed: true, chart: 200, consents: 200 };
const OUT_OF_REACH = { record: 404, listed: false, chart: 404, consents: 404 };

let t: TestApp;
let serviceTypeId = '';

beforeAll(async () => {
  t = await createTestApp();
  serviceTypeId = (await serviceType(t))!.id;
});
afterAll(() => t.close());

/** A practitioner and a patient with no link between them yet. */
async function strangers() {
  const practitioner = await createPerson(t, 'practitioner');
  await openAllWeek(t, practitioner.id);
  const patient = await createPerson(t, 'patient');
  return { practitioner, patient };
}

/** What the practitioner gets for the patient's record, its place in their list, the recovery chart and consents. */
async function reachOf(practitioner: TestPerson, patient: TestPerson) {
  const record = await call(t, practitioner, { method: 'GET', url: `/api/patients/${patient.id}` });
  const list = await call(t, practitioner, {
    method: 'GET',
    url: `/api/patients?search=${encodeURIComponent(patient.lastName)}`,
  });
  const listed = list.json<{ items: { id: string }[] }>().items.some((item) => item.id === patient.id);
  const chart = await call(t, practitioner, {
    method: 'GET',
    url: `/api/recovery-notes/progress?patientId=${patient.id}`,
  });
  const consents = await call(t, practitioner, {
    method: 'GET',
    url: `/api/patients/${patient.id}/consents`,
  });
  return { record: record.statusCode, listed, chart: chart.statusCode, consents: consents.statusCode };
}

async function appointmentBetween(practitioner: TestPerson, patient: TestPerson, daysAhead: number) {
  return book(t, 'staff', {
    practitionerId: practitioner.id,
    patientId: patient.id,
    serviceTypeId,
    ...slotAt(daysAhead),
  });
}

describe("a practitioner's reach through appointments", () => {
  it('reaches nobody without a care team or an appointment', async () => {
    const { practitioner, patient } = await strangers();
    expect(await reachOf(practitioner, patient)).toEqual(OUT_OF_REACH);
  });

  it('loses the patient when their only appointment is cancelled', async () => {
    const { practitioner, patient } = await strangers();
    const appointment = await appointmentBetween(practitioner, patient, 5);
    expect(await reachOf(practitioner, patient)).toEqual(IN_REACH);

    const cancelled = await call(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${appointment.id}/cancel`,
      payload: { reason: 'Booked with the wrong practitioner' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await reachOf(practitioner, patient)).toEqual(OUT_OF_REACH);
  });

  it.each<AppointmentStatus>(['scheduled', 'confirmed', 'checked_in', 'completed', 'no_show'])(
    'keeps the patient through an appointment that is %s',
    async (status) => {
      const { practitioner, patient } = await strangers();
      const appointment = await appointmentBetween(practitioner, patient, status === 'scheduled' ? 5 : -5);
      await t.database.db.update(appointments).set({ status }).where(eq(appointments.id, appointment.id));
      expect(await reachOf(practitioner, patient)).toEqual(IN_REACH);
    },
  );

  it('keeps the patient while another of their appointments still stands', async () => {
    const { practitioner, patient } = await strangers();
    const first = await appointmentBetween(practitioner, patient, 5);
    await appointmentBetween(practitioner, patient, 8);
    await call(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${first.id}/cancel`,
      payload: { reason: 'Moved to the later session' },
    });
    expect((await reachOf(practitioner, patient)).record).toBe(200);
  });
});
