import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, jobs } from '../../db/schema';
import { createTestApp, demoAccount, type TestApp } from '../../test/app';
import { expectStatus, serviceType } from '../appointments/testing';
import { setVideoVisits } from '../telehealth/testing';
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

describe('importing appointments of a video service', () => {
  const VIDEO = 'Video Check-in';
  const videoDay = dayAhead(13);
  const videoFile = (hours: [string, string]) =>
    csvOf('Patient Email,Practitioner Email,Service,Start', [
      `${patient},${practitioner},${VIDEO},${videoDay} ${hours[0]}`,
      `${patient},${practitioner},Physio Initial,${videoDay} ${hours[1]}`,
    ]);
  const booked = () =>
    t.database.db
      .select({
        id: appointments.id,
        isVideo: appointments.isVideo,
        serviceTypeId: appointments.serviceTypeId,
      })
      .from(appointments)
      .where(eq(appointments.practitionerId, practitionerId));

  it('books a video visit while video visits are on, and an in-person one while they are off', async () => {
    await setVideoVisits(t, true);
    const video = await expectStatus<{ id: string; isVideo?: boolean }>(t, 'admin', {
      method: 'POST',
      url: '/api/service-types',
      payload: { name: VIDEO, durationMinutes: 30, priceCents: 6000, colour: '#0d9488', isVideo: true },
      status: 201,
    });
    expect(video.isVideo).toBe(true);

    // On: the row of the video service is a video visit (with its link), the other an in-person visit.
    const on = await importNow(t, {
      kind: 'appointments',
      csv: videoFile(['09:00', '10:00']),
      fileName: 'video.csv',
    });
    expect(on).toMatchObject({ status: 'done', created: 2, skipped: 0 });
    const rows = await booked();
    const ofVideo = rows.filter((row) => row.serviceTypeId === video.id);
    expect(ofVideo.map((row) => row.isVideo)).toEqual([true]);
    expect(rows.filter((row) => row.serviceTypeId !== video.id).map((row) => row.isVideo)).toEqual([false]);
    const shown = await expectStatus<{ isVideo?: boolean; joinUrl?: string }>(t, 'practitioner', {
      method: 'GET',
      url: `/api/appointments/${ofVideo[0].id}`,
      status: 200,
    });
    expect(shown.isVideo).toBe(true);
    expect(shown.joinUrl).toMatch(new RegExp(`/telehealth-session/${ofVideo[0].id}$`));

    // Off: the same service books an in-person visit, as imports always did, and nothing speaks of video.
    await setVideoVisits(t, false);
    try {
      const off = await importNow(t, {
        kind: 'appointments',
        csv: videoFile(['12:00', '14:00']),
        fileName: 'off.csv',
      });
      expect(off).toMatchObject({ status: 'done', created: 2, skipped: 0 });
      const now = await booked();
      const added = now.filter((row) => !rows.some((before) => before.id === row.id));
      expect(added).toHaveLength(2);
      expect(added.map((row) => row.isVideo)).toEqual([false, false]);
      const plain = await t.injectAs('practitioner', {
        method: 'GET',
        url: `/api/appointments/${added.find((row) => row.serviceTypeId === video.id)!.id}`,
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).not.toHaveProperty('isVideo');
      expect(plain.json()).not.toHaveProperty('joinUrl');
    } finally {
      await setVideoVisits(t, true);
    }
  });
});
