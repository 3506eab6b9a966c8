import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated } from '../../../shared/scheduling';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { assign, book, call, careTeam, expectStatus, serviceType, slotAt } from './testing';

/** Private calendar feeds: made, read without signing in, replaced and revoked; only one's own appointments. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname;

describe('calendar feeds', () => {
  it('serve a patient and a practitioner their own appointments as iCal, without the notes, until revoked', async () => {
    const { practitioner, patient } = await careTeam(t);
    const other = await careTeam(t);
    const service = await serviceType(t, { name: 'Knee rehab' });
    const slot = slotAt();
    const made = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      ...slot,
    });
    await expectStatus(t, 'staff', {
      method: 'PATCH',
      url: `/api/appointments/${made.id}`,
      payload: { notes: 'SECRET-NOTE' },
      status: 200,
    });
    const gone = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      ...slotAt(),
    });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${gone.id}/cancel`,
      payload: { reason: 'Ill' },
      status: 200,
    });
    const theirs = await book(t, 'staff', {
      patientId: other.patient.id,
      practitionerId: other.practitioner.id,
      serviceTypeId: service.id,
      ...slotAt(),
    });

    expect(await expectStatus(t, patient, { method: 'GET', url: '/api/calendar-feed', status: 200 })).toEqual(
      {
        active: false,
        createdAt: null,
      },
    );
    const created = await expectStatus<CalendarFeedCreated>(t, patient, {
      method: 'POST',
      url: '/api/calendar-feed',
      status: 201,
    });
    expect(created.url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = await expectStatus<{ active: boolean }>(t, patient, {
      method: 'GET',
      url: '/api/calendar-feed',
      status: 200,
    });
    expect(status.active).toBe(true);

    const read = await t.app.inject({ method: 'GET', url: pathOf(created.url) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toContain('text/calendar');
    const body = read.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain(`UID:${made.id}@clinic-portal`);
    expect(body).toContain(`DTSTART:${slot.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(body).toContain(`SUMMARY:Knee rehab with ${practitioner.firstName} ${practitioner.lastName}`);
    expect(body).not.toContain(gone.id);
    expect(body).not.toContain(theirs.id);
    expect(body).not.toContain('SECRET-NOTE');

    const forPractitioner = await expectStatus<CalendarFeedCreated>(t, practitioner, {
      method: 'POST',
      url: '/api/calendar-feed',
      status: 201,
    });
    const practitionerBody = (await t.app.inject({ method: 'GET', url: pathOf(forPractitioner.url) })).body;
    expect(practitionerBody).toContain(`SUMMARY:Knee rehab: ${patient.firstName} ${patient.lastName[0]}.`);
    expect(practitionerBody).not.toContain(patient.lastName);

    // A new address replaces the old one; revoking ends the new one too.
    const replaced = await expectStatus<CalendarFeedCreated>(t, patient, {
      method: 'POST',
      url: '/api/calendar-feed',
      status: 201,
    });
    expect((await t.app.inject({ method: 'GET', url: pathOf(created.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(replaced.url) })).statusCode).toBe(200);
    const revoked = await call(t, patient, { method: 'DELETE', url: '/api/calendar-feed' });
    expect(revoked.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: pathOf(replaced.url) })).statusCode).toBe(404);

    const reads = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'calendar-feed.read'), eq(activityLog.actorId, patient.id)));
    expect(reads).toHaveLength(2);
  });

  it('escapes and folds names, so text stored before names were one line adds no property or event', async () => {
    const forged =
      'Eve\r\nATTENDEE:mailto:evil@example.test\r\nEND:VEVENT\r\nBEGIN:VEVENT\rSUMMARY:forged\u0007';
    const practitioner = await createPerson(t, 'practitioner', { firstName: forged, lastName: 'Ó Briain' });
    const patient = await createPerson(t, 'patient');
    await assign(t, practitioner.id, patient.id);
    const service = await serviceType(t, { name: `Knees; hips, backs \\ ${'é'.repeat(40)}` });
    const booked = await book(t, 'staff', {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: service.id,
      ...slotAt(),
    });
    const feed = await expectStatus<CalendarFeedCreated>(t, patient, {
      method: 'POST',
      url: '/api/calendar-feed',
      status: 201,
    });
    const body = (await t.app.inject({ method: 'GET', url: pathOf(feed.url) })).body;

    expect(body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = body.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.some((line) => /^(ATTENDEE|SUMMARY:forged)/.test(line))).toBe(false);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);

    const unfolded = body.replaceAll('\r\n ', '').split('\r\n');
    expect(unfolded).toContain(`UID:${booked.id}@clinic-portal`);
    expect(unfolded.filter((line) => line.startsWith('SUMMARY:'))).toEqual([
      `SUMMARY:Knees\\; hips\\, backs \\\\ ${'é'.repeat(40)} with ` +
        'Eve\\nATTENDEE:mailto:evil@example.test\\nEND:VEVENT\\nBEGIN:VEVENTSUMMARY:forged Ó Briain',
    ]);
  });

  it('is for patients and practitioners only, and an unknown address is 404', async () => {
    for (const [who, status] of [
      ['visitor', 401],
      ['staff', 403],
      ['admin', 403],
      ['member', 403],
      ['patient', 200],
      ['practitioner', 200],
    ] as const)
      expect((await call(t, who, { method: 'GET', url: '/api/calendar-feed' })).statusCode, who).toBe(status);
    for (const who of ['staff', 'admin', 'member'] as const) {
      expect((await call(t, who, { method: 'POST', url: '/api/calendar-feed' })).statusCode, who).toBe(403);
      expect((await call(t, who, { method: 'DELETE', url: '/api/calendar-feed' })).statusCode, who).toBe(403);
    }
    for (const address of ['nonsense', `${'a'.repeat(43)}.ics`, 'x'.repeat(150)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/calendar-feeds/${address}` });
      expect(response.statusCode, address).toBe(404);
      expect(response.json().message).toBe('Calendar feed not found');
    }
  });
});
