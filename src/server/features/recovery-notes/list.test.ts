import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecoveryNotePage, RecoveryProgress } from '../../../shared/recovery-notes';
import { recoveryNotes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { assign, call, careTeam, draft, expectStatus, share, sign, type Who } from './testing';

let t: TestApp;
let practitioner: TestPerson;
let colleague: TestPerson;
let patient: TestPerson;
/** Notes of one patient, oldest first, each a day apart in May 2026. */
const made: Array<{ id: string; day: string; author: string; signed: boolean }> = [];

const page = (who: Who, query: string) =>
  expectStatus<RecoveryNotePage>(t, who, { method: 'GET', url: `/api/recovery-notes?${query}`, status: 200 });

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  colleague = await createPerson(t, 'practitioner');
  await assign(t, colleague.id, patient.id);
  for (let index = 0; index < 30; index += 1) {
    const author = index % 3 === 0 ? colleague : practitioner;
    const note = await draft(t, author, { patientId: patient.id, painScore: 9 - Math.floor(index / 4) });
    const signed = index % 5 !== 4;
    if (signed) await sign(t, author, note.id);
    const day = `2026-05-${String(index + 1).padStart(2, '0')}`;
    await t.database.db
      .update(recoveryNotes)
      .set({ createdAt: new Date(`${day}T10:00:00Z`) })
      .where(eq(recoveryNotes.id, note.id));
    made.push({ id: note.id, day, author: author.id, signed });
  }
});
afterAll(() => t.close());

const newestFirst = () => [...made].reverse();

describe('GET /api/recovery-notes', () => {
  it('pages 25 at a time newest first, without skipping or repeating', async () => {
    const first = await page(practitioner, `patientId=${patient.id}`);
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toBe(first.items[24].id);
    const second = await page(practitioner, `patientId=${patient.id}&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(newestFirst().map((n) => n.id));
    // The list shows who and when, never the note's text.
    expect(first.items[0]).not.toHaveProperty('subjective');
    expect(first.items[0].patientName).toBe(`${patient.firstName} ${patient.lastName}`);
  });

  it('filters by practitioner, status and dates (both days included)', async () => {
    const byColleague = await page('staff', `practitionerId=${colleague.id}`);
    expect(byColleague.items.map((item) => item.id)).toEqual(
      newestFirst()
        .filter((n) => n.author === colleague.id)
        .map((n) => n.id),
    );
    const drafts = await page(practitioner, `patientId=${patient.id}&status=draft`);
    expect(drafts.items.map((item) => item.id)).toEqual(
      newestFirst()
        .filter((n) => !n.signed)
        .map((n) => n.id),
    );
    const week = await page(practitioner, `patientId=${patient.id}&from=2026-05-03&to=2026-05-09`);
    expect(week.items.map((item) => item.id)).toEqual(
      newestFirst()
        .filter((n) => n.day >= '2026-05-03' && n.day <= '2026-05-09')
        .map((n) => n.id),
    );
    const signedLate = await page(practitioner, `patientId=${patient.id}&status=signed&from=2026-05-28`);
    expect(signedLate.items.map((item) => item.id)).toEqual(
      newestFirst()
        .filter((n) => n.signed && n.day >= '2026-05-28')
        .map((n) => n.id),
    );
    expect(signedLate.items).toHaveLength(2);
  });

  it('shows a practitioner only the notes of patients in their reach, and refuses a cursor outside it', async () => {
    const outsider = await createPerson(t, 'practitioner');
    expect((await page(outsider, '')).items).toEqual([]);
    expect((await page(outsider, `patientId=${patient.id}`)).items).toEqual([]);
    const response = await call(t, outsider, {
      method: 'GET',
      url: `/api/recovery-notes?cursor=${made[3].id}`,
    });
    expect(response.statusCode).toBe(400);
    const own = await careTeam(t);
    const mine = await draft(t, own.practitioner, { patientId: own.patient.id });
    expect((await page(own.practitioner, '')).items.map((item) => item.id)).toEqual([mine.id]);
  });
});

describe('GET /api/recovery-notes/progress', () => {
  it('charts pain and goals from signed notes oldest first; the patient sees only what is shared with them', async () => {
    const signed = made.filter((n) => n.signed);
    const series = await expectStatus<RecoveryProgress>(t, practitioner, {
      method: 'GET',
      url: `/api/recovery-notes/progress?patientId=${patient.id}`,
      status: 200,
    });
    expect(series.patientId).toBe(patient.id);
    expect(series.points.map((point) => point.noteId)).toEqual(signed.map((n) => n.id));
    expect(series.points.map((point) => point.at.slice(0, 10))).toEqual(signed.map((n) => n.day));
    expect(series.points[0].painScore).toBe(9);
    expect(series.points.at(-1)?.painScore).toBe(2);

    const forPatient = () =>
      expectStatus<RecoveryProgress>(t, patient, {
        method: 'GET',
        url: `/api/recovery-notes/progress?patientId=${patient.id}`,
        status: 200,
      });
    expect((await forPatient()).points).toEqual([]);
    await share(t, 'staff', signed[1].id);
    await share(t, 'staff', made[4].id); // a draft: never a point
    expect((await forPatient()).points.map((point) => point.noteId)).toEqual([signed[1].id]);
  });
});
