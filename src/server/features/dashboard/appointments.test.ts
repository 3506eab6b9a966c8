import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneralDashboard, PatientDashboard, PractitionerDashboard } from '../../../shared/dashboard';
import { rowsOf } from '../../db/rows';
import { clinicDayOf } from '../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { book, careTeam, expectStatus, serviceType, slotAt, type Who } from '../appointments/testing';
import * as publicBookingRequests from '../public-booking/repository';
import { touchesClinicDay } from './service';

/** The dashboards' appointment sections: the patient's next one, the practitioner's today, the clinic's day. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const dashboardOf = <T>(who: Who) =>
  expectStatus<T>(t, who, { method: 'GET', url: '/api/dashboard', status: 200 });

/** An hour of the clinic's today, `hours` after its midnight. */
function todayAt(hours: number, minutes = 60) {
  const { from } = clinicDayOf(new Date());
  const start = from.getTime() + hours * HOUR;
  return {
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + minutes * 60_000).toISOString(),
  };
}

const cancel = (who: Who, id: string) =>
  expectStatus(t, who, {
    method: 'POST',
    url: `/api/appointments/${id}/cancel`,
    payload: { reason: 'Unwell' },
    status: 200,
  });

describe('the clinic day', () => {
  it('runs from midnight to midnight in the clinic zone, 23 or 25 hours across a clock change', () => {
    const summer = clinicDayOf(new Date('2026-07-01T23:30:00Z'));
    expect(summer).toMatchObject({ day: '2026-07-02', timeZone: 'Europe/London' });
    expect(summer.from.toISOString()).toBe('2026-07-01T23:00:00.000Z');
    expect(summer.to.toISOString()).toBe('2026-07-02T23:00:00.000Z');
    const spring = clinicDayOf(new Date('2026-03-29T12:00:00Z'));
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * HOUR);
    const autumn = clinicDayOf(new Date('2026-10-25T12:00:00Z'));
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * HOUR);
    const now = new Date('2026-07-02T09:00:00Z');
    expect(touchesClinicDay('2026-07-01T22:30:00Z', '2026-07-01T23:15:00Z', now)).toBe(true);
    expect(touchesClinicDay('2026-07-01T22:00:00Z', '2026-07-01T23:00:00Z', now)).toBe(false);
    expect(touchesClinicDay('2026-07-02T23:00:00Z', '2026-07-02T23:30:00Z', now)).toBe(false);
  });
});

describe('appointments on the dashboards', () => {
  it("gives a patient their next appointment that is still on, and never another patient's", async () => {
    const { practitioner, patient } = await careTeam(t);
    const { patient: neighbour } = await careTeam(t);
    const service = await serviceType(t, { name: 'Knee follow-up' });
    expect((await dashboardOf<PatientDashboard>(patient)).nextAppointment).toBeNull();

    const base = { practitionerId: practitioner.id, serviceTypeId: service.id };
    await book(t, 'staff', { ...base, patientId: patient.id, ...slotAt(-3) });
    const later = await book(t, 'staff', { ...base, patientId: patient.id, ...slotAt(9) });
    const sooner = await book(t, 'staff', { ...base, patientId: patient.id, ...slotAt(4) });
    await book(t, 'staff', { ...base, patientId: neighbour.id, ...slotAt(1) });

    const board = await dashboardOf<PatientDashboard>(patient);
    expect(board.nextAppointment).toEqual({
      id: sooner.id,
      startsAt: sooner.startsAt,
      endsAt: sooner.endsAt,
      status: 'confirmed',
      serviceName: 'Knee follow-up',
      patientId: patient.id,
      patientName: `${patient.firstName} ${patient.lastName}`,
      practitionerId: practitioner.id,
      practitionerName: `${practitioner.firstName} ${practitioner.lastName}`,
    });
    expect(board.nextAppointment).not.toHaveProperty('notes');

    await cancel('staff', sooner.id);
    expect((await dashboardOf<PatientDashboard>(patient)).nextAppointment?.id).toBe(later.id);
  });

  it("gives a practitioner their own sessions of the clinic's today, earliest first, without cancelled ones", async () => {
    const { practitioner, patient } = await careTeam(t);
    const colleague = await createPerson(t, 'practitioner');
    const service = await serviceType(t);
    const base = { practitionerId: practitioner.id, serviceTypeId: service.id, patientId: patient.id };
    const afternoon = await book(t, 'staff', { ...base, ...todayAt(14) });
    const morning = await book(t, 'staff', { ...base, ...todayAt(9) });
    const dropped = await book(t, 'staff', { ...base, ...todayAt(11) });
    await cancel('staff', dropped.id);
    await book(t, 'staff', { ...base, ...todayAt(24 + 10) });
    await book(t, 'staff', { ...base, ...todayAt(-24 + 10) });
    await book(t, 'staff', { ...base, practitionerId: colleague.id, ...todayAt(10) });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${morning.id}/check-in`,
      status: 200,
    });

    const board = await dashboardOf<PractitionerDashboard>(practitioner);
    const today = clinicDayOf(new Date());
    expect(board.todaysSessions.day).toBe(today.day);
    expect(board.todaysSessions.timeZone).toBe('Europe/London');
    expect(board.todaysSessions.appointments.map((session) => [session.id, session.status])).toEqual([
      [morning.id, 'checked_in'],
      [afternoon.id, 'confirmed'],
    ]);
    expect(board.todaysSessions.appointments[0]).toMatchObject({
      patientId: patient.id,
      patientName: `${patient.firstName} ${patient.lastName}`,
      serviceName: service.name,
    });

    const theirs = await dashboardOf<PractitionerDashboard>(colleague);
    expect(theirs.todaysSessions.appointments).toHaveLength(1);
  });

  it("gives staff and admin every practitioner's appointments of today with counts by status", async () => {
    const before = await dashboardOf<GeneralDashboard>('staff');
    const { practitioner: first, patient } = await careTeam(t);
    const second = await createPerson(t, 'practitioner');
    const service = await serviceType(t);
    const base = { serviceTypeId: service.id, patientId: patient.id };
    const a = await book(t, 'staff', { ...base, practitionerId: first.id, ...todayAt(8) });
    const b = await book(t, 'staff', { ...base, practitionerId: second.id, ...todayAt(8, 30) });
    const c = await book(t, 'staff', { ...base, practitionerId: second.id, ...todayAt(13) });
    await cancel('staff', c.id);
    await book(t, 'staff', { ...base, practitionerId: first.id, ...todayAt(24 + 9) });

    for (const role of ['staff', 'admin'] as const) {
      const after = await dashboardOf<GeneralDashboard>(role);
      const schedule = after.clinicSchedule;
      expect(schedule.day).toBe(clinicDayOf(new Date()).day);
      expect(schedule.total).toBe(before.clinicSchedule.total + 3);
      expect(schedule.byStatus.confirmed).toBe(before.clinicSchedule.byStatus.confirmed + 2);
      expect(schedule.byStatus.cancelled).toBe(before.clinicSchedule.byStatus.cancelled + 1);
      const ids = schedule.appointments.map((appointment) => appointment.id);
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
      expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(c.id));
      const starts = schedule.appointments.map((appointment) => appointment.startsAt);
      expect(starts).toEqual([...starts].sort());
      expect(schedule.appointments.find((appointment) => appointment.id === b.id)).toMatchObject({
        practitionerId: second.id,
        patientId: patient.id,
        status: 'confirmed',
      });
    }
  });

  it('logs a reading of the patient dashboard once, as a reading of their own data', async () => {
    const { patient } = await careTeam(t);
    const entries = () =>
      rowsOf<{ action: string; entity_type: string; entity_id: string | null }>(
        t.database.db,
        sql`select action, entity_type, entity_id from activity_log where actor_id = ${patient.id} order by id`,
      );
    const before = (await entries()).length;
    await dashboardOf(patient);
    await dashboardOf(patient);
    expect((await entries()).slice(before)).toEqual([
      { action: 'dashboard.viewed', entity_type: 'patient', entity_id: patient.id },
      { action: 'dashboard.viewed', entity_type: 'patient', entity_id: patient.id },
    ]);
  });

  it('counts the sessions it shows in the practitioner’s logged reading', async () => {
    const { practitioner, patient } = await careTeam(t);
    const service = await serviceType(t);
    await book(t, 'staff', {
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      patientId: patient.id,
      ...todayAt(12),
    });
    await dashboardOf(practitioner);
    const rows = await rowsOf<{ details: { count: number } }>(
      t.database.db,
      sql`select details from activity_log where actor_id = ${practitioner.id} and action = 'dashboard.viewed'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].details.count).toBeGreaterThanOrEqual(1);
  });

  it('gives a practitioner how many of their public booking requests wait for a decision', async () => {
    const practitioner = await createPerson(t, 'practitioner');
    const colleague = await createPerson(t, 'practitioner');
    const service = await serviceType(t);
    const request = (practitionerId: string, n: number) => {
      const slot = slotAt(5);
      return publicBookingRequests.insertRequest(t.database.db, {
        reference: `DASH-${Date.now()}-${n}`,
        practitionerId,
        serviceTypeId: service.id,
        startsAt: new Date(slot.startsAt),
        endsAt: new Date(slot.endsAt),
        name: 'Robin Visitor',
        email: `visitor-${n}@example.test`,
        phone: '+44 20 7946 0000',
        nonce: `nonce-${n}`,
      });
    };
    expect((await dashboardOf<PractitionerDashboard>(practitioner)).pendingPublicBookings).toBe(0);
    await request(practitioner.id, 1);
    const declined = await request(practitioner.id, 2);
    await request(practitioner.id, 3);
    await request(colleague.id, 4);
    await publicBookingRequests.updateRequest(t.database.db, declined, {
      status: 'declined',
      message: 'That day is full',
    });
    expect((await dashboardOf<PractitionerDashboard>(practitioner)).pendingPublicBookings).toBe(2);
    expect((await dashboardOf<PractitionerDashboard>(colleague)).pendingPublicBookings).toBe(1);
  });
});
