import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Today, WorseningList } from '../../../shared/exercise-programmes';
import { rowsOf } from '../../db/rows';
import { emailOutbox, exerciseAdherenceWindows, exerciseLogDays, jobs, notifications } from '../../db/schema';
import { addDays, clinicToday } from '../../platform/clinic-time';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { exerciseAs, PNG, uploadAs } from '../exercise-library/testing';
import { ADHERENCE_WINDOWS_JOB, scheduleAdherenceWindows } from './adherence-windows';
import {
  EXERCISE_REMINDER_JOB,
  exerciseJobHandlers,
  nextReminder,
  scheduleExerciseReminders,
} from './reminders';
import {
  assignProgramme,
  expectStatus,
  item,
  libraryExercises,
  newCareTeam,
  pdfText,
  turnOn,
} from './testing';

let t: TestApp;
let exerciseIds: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await turnOn(t);
  exerciseIds = (await libraryExercises(t)).map((row) => row.id);
});
afterAll(() => t.close());

const checkIn = (who: Parameters<typeof expectStatus>[1], body: Record<string, unknown>, status = 200) =>
  expectStatus<Today>(t, who, {
    method: 'PUT',
    url: '/api/my-exercises/check-ins',
    payload: { done: true, difficulty: 5, pain: 4, note: '', ...body },
    status,
  });

describe('exercise programmes', () => {
  it('a patient checks in today, a second check-in replaces the first, and adherence counts it once', async () => {
    const { practitioner, patient } = await newCareTeam(t);
    const { programme } = await assignProgramme(t, practitioner, {
      patientId: patient.id,
      exerciseIds,
      startDate: clinicToday(),
    });
    const today = await expectStatus<Today>(t, patient, {
      method: 'GET',
      url: '/api/my-exercises/today',
      status: 200,
    });
    expect(today.programmes.map((entry) => entry.programme.items.map((i) => i.name))).toEqual([
      ['Heel slides', 'Bridging', 'Clamshells'],
    ]);
    await checkIn(patient, { programmeId: programme.id, exerciseId: exerciseIds[0], pain: 6 });
    const after = await checkIn(patient, {
      programmeId: programme.id,
      exerciseId: exerciseIds[0],
      pain: 3,
      note: 'Easier today',
    });
    expect(after.programmes[0].checkIns[exerciseIds[0]]).toEqual({
      done: true,
      difficulty: 5,
      pain: 3,
      note: 'Easier today',
    });
    const progress = await expectStatus(t, practitioner, {
      method: 'GET',
      url: `/api/exercise-programmes/${programme.id}`,
      status: 200,
    });
    // Three exercises every day: three sessions prescribed today, one done.
    expect(progress.adherence).toMatchObject({ done: 1, prescribed: 3, percent: 33 });
    expect(progress.painTrend).toEqual([{ day: clinicToday(), pain: 3 }]);
    expect(progress.notes).toEqual([
      { day: clinicToday(), exerciseName: 'Heel slides', note: 'Easier today' },
    ]);
  });

  it("shows the patient the library's stored picture of each exercise, which the patient may then fetch", async () => {
    const { practitioner, patient } = await newCareTeam(t);
    const picture = await uploadAs(t, 'practitioner');
    const pictured = await exerciseAs(t, 'practitioner', { mediaFileId: picture.id });
    await assignProgramme(t, practitioner, {
      patientId: patient.id,
      exerciseIds: [pictured.id, exerciseIds[0]],
      startDate: clinicToday(),
    });
    const today = await expectStatus<Today>(t, patient, {
      method: 'GET',
      url: '/api/my-exercises/today',
      status: 200,
    });
    const [withPicture, without] = today.programmes[0].programme.items;
    expect(withPicture.media).toEqual({
      url: `/api/exercises/media/${picture.id}`,
      contentType: 'image/png',
    });
    expect(without.media).toBeNull();
    const served = await t.app.inject({
      method: 'GET',
      url: withPicture.media?.url ?? '',
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('a change to the exercises is a new version; the patient sees the current one and the old is kept', async () => {
    const { practitioner, patient } = await newCareTeam(t);
    const { programme } = await assignProgramme(t, practitioner, {
      patientId: patient.id,
      exerciseIds,
      startDate: clinicToday(),
    });
    const changed = await expectStatus(t, practitioner, {
      method: 'PATCH',
      url: `/api/exercise-programmes/${programme.id}`,
      payload: { items: [item(exerciseIds[2], 3), item(exerciseIds[0])] },
      status: 200,
    });
    expect(changed.programme.version).toBe(2);
    expect(changed.versions.map((v) => v.version)).toEqual([2, 1]);
    const today = await expectStatus<Today>(t, patient, {
      method: 'GET',
      url: '/api/my-exercises/today',
      status: 200,
    });
    expect(today.programmes[0].programme.items.map((i) => i.name)).toEqual(['Clamshells', 'Heel slides']);
    await checkIn(patient, { programmeId: programme.id, exerciseId: exerciseIds[1] }, 400);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { practitioner, patient } = await newCareTeam(t);
    const base = {
      patientId: patient.id,
      title: 'Knee',
      startDate: '2026-03-10',
      reviewDate: null,
      items: [item(exerciseIds[0])],
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ reviewDate: '2026-03-01' }, 'reviewDate'],
      [{ items: [] }, 'items'],
      [{ items: [item(exerciseIds[0]), item(exerciseIds[0])] }, 'items'],
      [{ items: [{ ...item(exerciseIds[0]), daysPerWeek: 8 }] }, 'items.0.daysPerWeek'],
      [{ items: [item('00000000-0000-4000-8000-000000000000')] }, 'items.0.exerciseId'],
      [{ startDate: '10/03/2026' }, 'startDate'],
    ];
    for (const [change, field] of cases) {
      const body = await expectStatus<{ fields: Record<string, string> }>(t, practitioner, {
        method: 'POST',
        url: '/api/exercise-programmes',
        payload: { ...base, ...change },
        status: 400,
      });
      expect(Object.keys(body.fields), JSON.stringify(change)).toContain(field);
    }
    const { programme } = await assignProgramme(t, practitioner, {
      patientId: patient.id,
      exerciseIds,
      startDate: clinicToday(),
    });
    const pain = await expectStatus<{ fields: Record<string, string> }>(t, patient, {
      method: 'PUT',
      url: '/api/my-exercises/check-ins',
      payload: {
        programmeId: programme.id,
        exerciseId: exerciseIds[0],
        done: true,
        difficulty: 2,
        pain: 11,
        note: '',
      },
      status: 400,
    });
    expect(pain.fields).toHaveProperty('pain');
  });

  it("lists the care team's patients whose adherence fell or pain rose, last 7 days against the 7 before", async () => {
    const { practitioner, patient: slipping } = await newCareTeam(t);
    const steady = await (async () => {
      const { createPerson } = await import('../../test/people');
      const person = await createPerson(t, 'patient', { firstName: 'Steady' });
      await t.injectAs('staff', {
        method: 'POST',
        url: `/api/patients/${person.id}/practitioners/${practitioner.id}`,
      });
      return person;
    })();
    const start = addDays(clinicToday(), -30);
    for (const patient of [slipping, steady])
      await assignProgramme(t, practitioner, {
        patientId: patient.id,
        exerciseIds: [exerciseIds[0]],
        startDate: start,
      });
    const yesterday = addDays(clinicToday(), -1);
    const days = Array.from({ length: 14 }, (_, i) => addDays(yesterday, -i));
    await t.ctx.db.insert(exerciseLogDays).values([
      // Slipping: every day before, two days of the last seven, and more pain.
      ...days.map((day, i) => ({
        patientId: slipping.id,
        clinicDay: day,
        doneCount: i < 7 ? (i < 2 ? 1 : 0) : 1,
        painSum: i < 2 ? 7 : i >= 7 ? 3 : 0,
        painCount: i < 2 || i >= 7 ? 1 : 0,
      })),
      ...days.map((day) => ({
        patientId: steady.id,
        clinicDay: day,
        doneCount: 1,
        painSum: 2,
        painCount: 1,
      })),
    ]);
    const list = await expectStatus<WorseningList>(t, practitioner, {
      method: 'GET',
      url: '/api/exercise-programmes/worsening',
      status: 200,
    });
    expect(list.items).toEqual([
      {
        patientId: slipping.id,
        patientName: `${slipping.firstName} ${slipping.lastName}`,
        adherenceBefore: 100,
        adherenceNow: 29,
        painBefore: 3,
        painNow: 7,
        reasons: ['adherence', 'pain'],
      },
    ]);
  });

  it("reads the night's sums and lists exactly whom the day rows list, edges of the rounding included", async () => {
    const { practitioner } = await newCareTeam(t);
    const { createPerson } = await import('../../test/people');
    const yesterday = addDays(clinicToday(), -1);
    const days = Array.from({ length: 14 }, (_, i) => addDays(yesterday, -i));
    // One check-in a day prescribed (7 a week). Done counts and pain scores that land on both sides of the
    // thresholds: drops of 14 to 29 points, pain rises of 1.8 to 2.1 once averaged and rounded to tenths.
    const shapes = [
      { doneBefore: 7, doneNow: 5, painBefore: [10], painNow: [29] }, // 100 -> 71; 1.0 -> 2.9
      { doneBefore: 7, doneNow: 6, painBefore: [10, 11], painNow: [31, 30] }, // 100 -> 86; 1.1 -> 3.1
      { doneBefore: 6, doneNow: 5, painBefore: [9, 10], painNow: [29, 30] }, // 86 -> 71; 1.0 -> 3.0
      { doneBefore: 7, doneNow: 7, painBefore: [20, 21], painNow: [39, 40] }, // 2.1 -> 4.0: not listed
      { doneBefore: 3, doneNow: 1, painBefore: [], painNow: [50] }, // 43 -> 14; no pain before
      { doneBefore: 0, doneNow: 0, painBefore: [40], painNow: [61] }, // 0 -> 0; 4.0 -> 6.1
      { doneBefore: 5, doneNow: 3, painBefore: [33], painNow: [51] }, // 71 -> 43; 3.3 -> 5.1
      { doneBefore: 7, doneNow: 7, painBefore: [10, 11, 10, 11, 10], painNow: [30, 29, 30, 29, 30] }, // 1.04 -> 2.96
    ];
    const patients: Array<{ id: string }> = [];
    for (const [index, shape] of shapes.entries()) {
      const patient = await createPerson(t, 'patient', { firstName: `Edge${index}` });
      await t.injectAs('staff', {
        method: 'POST',
        url: `/api/patients/${patient.id}/practitioners/${practitioner.id}`,
      });
      await assignProgramme(t, practitioner, {
        patientId: patient.id,
        exerciseIds: [exerciseIds[0]],
        startDate: addDays(clinicToday(), -30),
      });
      // Pain scores are in tenths here: each day row holds a sum of whole scores, so a tenth-precise average
      // is written as ten scores a day over the window (sum of tenths, count of ten each).
      const rows = days.map((day, i) => {
        const now = i < 7;
        const done = (now ? shape.doneNow : shape.doneBefore) > (now ? i : i - 7) ? 1 : 0;
        const pains = now ? shape.painNow : shape.painBefore;
        const pain = pains[now ? i : i - 7];
        return {
          patientId: patient.id,
          clinicDay: day,
          doneCount: done,
          painSum: pain ?? 0,
          painCount: pain === undefined ? 0 : 10,
        };
      });
      await t.ctx.db.insert(exerciseLogDays).values(rows);
      patients.push(patient);
    }
    const list = () =>
      expectStatus<WorseningList>(t, practitioner, {
        method: 'GET',
        url: '/api/exercise-programmes/worsening',
        status: 200,
      });
    const fromDayRows = await list();
    const name = (id: string) => patients.findIndex((patient) => patient.id === id);
    expect(
      fromDayRows.items.map((row) => [name(row.patientId), row.reasons, row.painBefore, row.painNow]),
    ).toEqual([
      [5, ['pain'], 4, 6.1],
      [4, ['adherence'], null, 5],
      [6, ['adherence'], 3.3, 5.1],
      [0, ['adherence'], 1, 2.9],
      [2, ['pain'], 1, 3],
      [1, ['pain'], 1.1, 3.1],
      [7, ['pain'], 1, 3], // 1.92 apart before rounding: inside the statement's margin
    ]);
    // The night's job (queued at start-up for today), then the same list from one row a patient.
    await scheduleAdherenceWindows(t.database.db);
    const worker = new JobWorker(t.database.db, {
      log: t.app.log,
      handlers: exerciseJobHandlers(t.ctx),
      pollMs: 60_000,
    });
    expect(await worker.drain(new Date())).toBeGreaterThanOrEqual(1);
    const kept = await t.database.db
      .select()
      .from(exerciseAdherenceWindows)
      .where(eq(exerciseAdherenceWindows.patientId, patients[0].id));
    expect(kept).toMatchObject([{ windowTo: yesterday, doneBefore: 7, doneNow: 5, painSumNow: 29 }]);
    expect(await list()).toEqual(fromDayRows);
    // The list reads the sums, not the day rows: a day row changed after the night (which a check-in never
    // does) leaves it as it is.
    await t.ctx.db
      .update(exerciseLogDays)
      .set({ doneCount: 0 })
      .where(eq(exerciseLogDays.patientId, patients[1].id));
    expect(await list()).toEqual(fromDayRows);
    // The next day's job is queued, once.
    const next = await t.database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(and(eq(jobs.kind, ADHERENCE_WINDOWS_JOB), eq(jobs.status, 'queued')));
    expect(next.map((row) => row.key)).toEqual([`${ADHERENCE_WINDOWS_JOB}:${addDays(clinicToday(), 1)}`]);
    // A later start with both days' jobs in place writes nothing: the rows keep their versions.
    const versions = () =>
      rowsOf<{ key: string; xmin: string }>(
        t.database.db,
        sql`select key, xmin::text as xmin from jobs where kind = ${ADHERENCE_WINDOWS_JOB} order by key`,
      );
    const before = await versions();
    await scheduleAdherenceWindows(t.database.db);
    expect(await versions()).toEqual(before);
  });

  it('reminds once a day at the chosen time, in the portal and by email, even with two workers', async () => {
    const { practitioner, patient } = await newCareTeam(t);
    await assignProgramme(t, practitioner, {
      patientId: patient.id,
      exerciseIds,
      startDate: addDays(clinicToday(), -1),
    });
    await expectStatus(t, patient, {
      method: 'PUT',
      url: '/api/my-exercises/reminder',
      payload: { enabled: true, timeOfDay: '07:30', email: true },
      status: 200,
    });
    const next = nextReminder('07:30');
    const due = new Date(next.at.getTime() + 60_000);
    const workers = [1, 2].map(
      () =>
        new JobWorker(t.database.db, {
          log: t.app.log,
          // The reminders alone: other daily jobs (the night's sums) may be due by then too.
          handlers: { [EXERCISE_REMINDER_JOB]: exerciseJobHandlers(t.ctx)[EXERCISE_REMINDER_JOB] },
          pollMs: 60_000,
        }),
    );
    const ran = await Promise.all(workers.map((worker) => worker.drain(due)));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    // Queuing the day again (another instance starting) does not run it again.
    await expectStatus(t, patient, {
      method: 'PUT',
      url: '/api/my-exercises/reminder',
      payload: { enabled: true, timeOfDay: '07:30', email: true },
      status: 200,
    });
    await Promise.all(workers.map((worker) => worker.drain(due)));
    const sent = await t.database.db.select().from(notifications).where(eq(notifications.userId, patient.id));
    expect(sent.map((row) => row.title)).toEqual(['Time for your exercises']);
    const emails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, patient.email));
    expect(emails.map((row) => row.subject)).toEqual(['Clinic Portal: time for your exercises']);
    const queued = await t.database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(and(eq(jobs.kind, 'exercise_reminder'), eq(jobs.status, 'queued')));
    expect(queued.map((row) => row.key)).toContain(`exercise_reminder:${patient.id}:${addDays(next.day, 1)}`);
  });

  it('queues at start-up only the reminder chains that are missing, writing nothing when all are queued', async () => {
    const setReminder = (patient: Parameters<typeof expectStatus>[1], enabled: boolean) =>
      expectStatus(t, patient, {
        method: 'PUT',
        url: '/api/my-exercises/reminder',
        payload: { enabled, timeOfDay: '18:15', email: false },
        status: 200,
      });
    const people = await Promise.all([newCareTeam(t), newCareTeam(t), newCareTeam(t)]);
    const [kept, lost, off] = people.map((team) => team.patient);
    await setReminder(kept, true);
    await setReminder(lost, true);
    await setReminder(off, false);
    // Row versions (xmin) change with any write: equal snapshots mean no row was inserted, updated or locked.
    const snapshot = () =>
      rowsOf<{ key: string; status: string; run_at: string; version: string }>(
        t.database.db,
        sql`select key, status, run_at::text, xmin::text as version from jobs
            where kind = 'exercise_reminder' order by key`,
      );
    await scheduleExerciseReminders(t.database.db);
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    await scheduleExerciseReminders(t.database.db);
    await scheduleExerciseReminders(t.database.db);
    expect(await snapshot()).toEqual(before);

    await t.database.db.delete(jobs).where(like(jobs.key, `exercise_reminder:${lost.id}:%`));
    await scheduleExerciseReminders(t.database.db);
    const after = await snapshot();
    const chainOf = (id: string) => after.filter((row) => row.key.startsWith(`exercise_reminder:${id}:`));
    expect(chainOf(lost.id)).toEqual([
      expect.objectContaining({
        key: `exercise_reminder:${lost.id}:${nextReminder('18:15').day}`,
        status: 'queued',
      }),
    ]);
    expect(chainOf(off.id)).toEqual([]);
    expect(after.filter((row) => !row.key.includes(lost.id))).toEqual(
      before.filter((row) => !row.key.includes(lost.id)),
    );
  });

  it('tells the patient and their care team when the patient checks in', async () => {
    const { practitioner, patient } = await newCareTeam(t);
    const { programme } = await assignProgramme(t, practitioner, {
      patientId: patient.id,
      exerciseIds,
      startDate: clinicToday(),
    });
    const heard: string[] = [];
    t.ctx.events.subscribe('exercise-programme.changed', (event) => {
      if (event.patientId === patient.id) heard.push(event.change);
    });
    await checkIn(patient, { programmeId: programme.id, exerciseId: exerciseIds[1] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['checked_in']);
  });

  it('serves the programme as a PDF with its exercises', async () => {
    const { practitioner, patient } = await newCareTeam(t);
    const { programme } = await assignProgramme(t, practitioner, {
      patientId: patient.id,
      exerciseIds,
      startDate: clinicToday(),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/exercise-programmes/${programme.id}/pdf`,
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Bridging');
    expect(text).toContain('3 sets × 10 reps, once a day, every day');
  });
});
