import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, jobs } from '../../db/schema';
import { createTestApp, demoAccount, type TestApp } from '../../test/app';
import { expectStatus, serviceType } from '../appointments/testing';
import { csvOf, dayAhead, importNow, preview } from './testing';

let t: TestApp;
let practitionerId: string;
beforeAll(async () => {
  t = await createTestApp();
  await serviceType(t, { name: 'Physio Initial', durationMinutes: 60 });
  await serviceType(t, { name: 'Retired Massage', active: false });
  const me = await t.injectAs('practitioner', { method: 'GET', url: '/api/auth/me' });
  practitionerId = me.json().user.id;
  await expectStatus(t, 'staff', {
    method: 'PUT',
    url: `/api/practitioners/${practitionerId}/weekly-hours`,
    payload: {
      hours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '08:00', end: '18:00' })),
    },
    status: 200,
  });
});
afterAll(() => t.close());

const patient = demoAccount('patient').email;
const practitioner = demoAccount('practitioner').email;
const day = dayAhead(12);
const FILE = csvOf('Patient Email,Practitioner Email,Service,Start,Notes', [
  `${patient},${practitioner},Physio Initial,${day} 09:00,First visit`,
  `${patient},${practitioner},physio initial,${day} 11:00,`,
  `${patient},nobody@example.test,Physio Initial,${day} 13:00,`,
  `${patient},${practitioner},Physio Initial,${day} 20:00,`,
  `stranger@example.test,${practitioner},Physio Initial,${day} 14:00,`,
  `${patient},${practitioner},Retired Massage,${day} 15:00,`,
  `${patient},${practitioner},Physio Initial,next tuesday,`,
  `${patient},${practitioner},Physio Initial,${day} 09:30,`,
  `${patient},${practitioner},Physio Initial,2020-01-06 09:00,`,
]);
const input = { kind: 'appointments' as const, csv: FILE, fileName: 'upcoming.csv' };

describe('importing upcoming appointments', () => {
  it('previews every rule a booking obeys, per row and field', async () => {
    const result = await preview(t, input);
    expect(result.counts).toEqual({ rows: 9, create: 2, match: 0, skip: 7 });
    const problems = Object.fromEntries(result.rows.map((row) => [row.line, row.problems]));
    expect(problems[2]).toEqual([]);
    expect(problems[3]).toEqual([]);
    expect(problems[4]).toEqual([{ field: 'practitionerEmail', message: 'No practitioner has this email' }]);
    expect(problems[5]).toEqual([
      { field: 'startsAt', message: "The time is outside the practitioner's working hours" },
    ]);
    expect(problems[6]).toEqual([
      { field: 'patientEmail', message: 'No patient has this email; import the clients first' },
    ]);
    expect(problems[7][0]).toMatchObject({ field: 'service' });
    expect(problems[8][0]).toMatchObject({
      field: 'startsAt',
      message: expect.stringContaining('Start must be'),
    });
    expect(problems[9]).toEqual([
      { field: 'startsAt', message: 'The practitioner already has an appointment at this time' },
    ]);
    expect(problems[10][0]).toMatchObject({ field: 'startsAt', message: expect.stringContaining('past') });
  });

  it('books the good rows confirmed with reminders, then matches them on a second run, and undoes', async () => {
    const run = await importNow(t, input);
    expect(run).toMatchObject({ status: 'done', created: 2, matched: 0, skipped: 7 });
    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.practitionerId, practitionerId));
    expect(booked.filter((row) => row.status === 'confirmed')).toHaveLength(2);
    const reminders = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'appointment_reminder'));
    expect(reminders.length).toBeGreaterThanOrEqual(2);

    const again = await importNow(t, input);
    expect(again).toMatchObject({ created: 0, matched: 2, skipped: 7 });

    await expectStatus(t, 'admin', { method: 'POST', url: `/api/admin/imports/${run.id}/undo`, status: 200 });
    const left = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.practitionerId, practitionerId));
    expect(left).toHaveLength(0);
  });
});
