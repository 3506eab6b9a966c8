import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutcomeReport } from '../../../shared/check-ins';
import type { OutcomeMeasureCode } from '../../../shared/outcome-measures';
import { activityLog, appointments, checkInResponses, checkIns } from '../../db/schema';
import { clinicToday } from '../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { serviceType } from '../appointments/testing';
import { call, expectStatus } from '../recovery-notes/testing';
import { setCareBetweenVisits } from './testing';

/**
 * The outcomes report on a hand-made clinic far from today (spring 2031), so every figure is known: who counts,
 * under which practitioner and service, each measure's direction and MCID, the window's clinic-day edges.
 */
let t: TestApp;
let riley: TestPerson;
let maya: TestPerson;
const SPRING = 'from=2031-03-01&to=2031-06-30';
const URL = '/api/check-ins/outcome-report';

/** Scores as answered check-ins, at the instants given (the answers themselves do not matter here). */
async function scores(patient: TestPerson, measure: OutcomeMeasureCode, list: Array<[string, number]>) {
  const db = t.database.db;
  const made = await db
    .insert(checkIns)
    .values(
      list.map(([at]) => ({
        patientId: patient.id,
        measure,
        reason: 'sent' as const,
        status: 'completed' as const,
        dueAt: new Date(at),
        createdAt: new Date(at),
      })),
    )
    .returning({ id: checkIns.id });
  await db.insert(checkInResponses).values(
    list.map(([at, score], index) => ({
      checkInId: made[index]!.id,
      patientId: patient.id,
      measure,
      answers: [],
      score,
      completedAt: new Date(at),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await setCareBetweenVisits(t, true);
  riley = await createPerson(t, 'practitioner', { firstName: 'Riley', lastName: 'Outcome' });
  maya = await createPerson(t, 'practitioner', { firstName: 'Maya', lastName: 'Outcome' });
  const knee = await serviceType(t, { name: 'Knee rehab (outcomes)' });
  const shoulder = await serviceType(t, { name: 'Shoulder rehab (outcomes)' });
  const [p1, p2, p3, p4, p5, p6] = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(() => createPerson(t, 'patient')),
  );
  const visit = (
    patient: TestPerson,
    with_: { practitioner: TestPerson; serviceTypeId: string; at: string; status?: string },
  ) => ({
    patientId: patient!.id,
    practitionerId: with_.practitioner.id,
    serviceTypeId: with_.serviceTypeId,
    startsAt: new Date(with_.at),
    endsAt: new Date(Date.parse(with_.at) + 3_600_000),
    status: (with_.status ?? 'completed') as 'completed',
    cancellationReason: with_.status === 'cancelled' ? 'Unwell' : null,
  });
  await t.database.db.insert(appointments).values([
    // P1 counts under Riley and knee: the cancelled visit before the latest score and the one after it do not.
    visit(p1!, { practitioner: riley, serviceTypeId: knee.id, at: '2031-03-01T10:00:00Z' }),
    visit(p1!, {
      practitioner: maya,
      serviceTypeId: shoulder.id,
      at: '2031-04-20T10:00:00Z',
      status: 'cancelled',
    }),
    visit(p1!, { practitioner: maya, serviceTypeId: shoulder.id, at: '2031-05-10T10:00:00Z' }),
    // P2: Riley and shoulder; the missed visit with Maya does not count.
    visit(p2!, { practitioner: riley, serviceTypeId: shoulder.id, at: '2031-03-04T10:00:00Z' }),
    visit(p2!, {
      practitioner: maya,
      serviceTypeId: knee.id,
      at: '2031-04-01T10:00:00Z',
      status: 'no_show',
    }),
    // P4 has no visit before their latest score: their first one after it (Maya, knee) counts.
    visit(p4!, {
      practitioner: maya,
      serviceTypeId: knee.id,
      at: '2031-04-10T10:00:00Z',
      status: 'scheduled',
    }),
    // P6: Maya and shoulder. P3 and P5 have no visits.
    visit(p6!, { practitioner: maya, serviceTypeId: shoulder.id, at: '2031-03-02T10:00:00Z' }),
  ]);
  // NPRS (lower is better, MCID 2): P1 8 -> 4 improved; P2 6 -> 5 not; P4 5 -> 5 not.
  await scores(p1!, 'nprs', [
    ['2031-03-02T09:00:00Z', 8],
    ['2031-04-01T09:00:00Z', 6],
    ['2031-05-01T09:00:00Z', 4],
  ]);
  await scores(p2!, 'nprs', [
    ['2031-03-05T09:00:00Z', 6],
    ['2031-04-05T09:00:00Z', 5],
  ]);
  await scores(p4!, 'nprs', [
    ['2031-03-03T09:00:00Z', 5],
    ['2031-04-03T09:00:00Z', 5],
  ]);
  // P3 has one score in the window (the February one is outside it): not counted.
  await scores(p3!, 'nprs', [
    ['2031-02-10T09:00:00Z', 9],
    ['2031-03-10T09:00:00Z', 8],
  ]);
  // PSFS (higher is better, MCID 2): 4.3 -> 6.3 is exactly 2 once rounded to the measure's one decimal.
  await scores(p4!, 'psfs', [
    ['2031-03-03T09:00:00Z', 4.3],
    ['2031-04-03T09:00:00Z', 6.3],
  ]);
  // LEFS (higher is better, MCID 9): 40 -> 46 in the window; 62 at 00:30 on 1 July in London is outside it.
  await scores(p5!, 'lefs', [
    ['2031-03-01T09:00:00Z', 40],
    ['2031-06-30T22:00:00Z', 46],
    ['2031-06-30T23:30:00Z', 62],
  ]);
  // SPADI (lower is better, MCID 13): 60 -> 45 improved.
  await scores(p6!, 'spadi', [
    ['2031-03-05T09:00:00Z', 60],
    ['2031-05-05T09:00:00Z', 45],
  ]);
});
afterAll(() => t.close());

const report = (who: 'staff' | 'admin', query: string) =>
  expectStatus<OutcomeReport>(t, who, { method: 'GET', url: `${URL}?${query}`, status: 200 });

describe('the outcomes report', () => {
  it('counts each patient with two scores under their practitioner, by measure, with exact figures', async () => {
    const answer = await report('admin', SPRING);
    expect(answer).toMatchObject({
      from: '2031-03-01',
      to: '2031-06-30',
      timeZone: 'Europe/London',
      measure: null,
    });
    expect(answer.byPractitioner).toEqual([
      {
        key: maya.id,
        label: 'Maya Outcome',
        measure: 'nprs',
        patients: 1,
        baselineMean: 5,
        latestMean: 5,
        improved: 0,
        improvedShare: 0,
      },
      {
        key: riley.id,
        label: 'Riley Outcome',
        measure: 'nprs',
        patients: 2,
        baselineMean: 7,
        latestMean: 4.5,
        improved: 1,
        improvedShare: 0.5,
      },
      {
        key: maya.id,
        label: 'Maya Outcome',
        measure: 'psfs',
        patients: 1,
        baselineMean: 4.3,
        latestMean: 6.3,
        improved: 1,
        improvedShare: 1,
      },
      {
        key: null,
        label: 'No appointment',
        measure: 'lefs',
        patients: 1,
        baselineMean: 40,
        latestMean: 46,
        improved: 0,
        improvedShare: 0,
      },
      {
        key: maya.id,
        label: 'Maya Outcome',
        measure: 'spadi',
        patients: 1,
        baselineMean: 60,
        latestMean: 45,
        improved: 1,
        improvedShare: 1,
      },
    ]);
  });

  it('is logged as a report reading, without figures', async () => {
    const admin = await createPerson(t, 'admin');
    await expectStatus(t, admin, { method: 'GET', url: `${URL}?${SPRING}&measure=lefs`, status: 200 });
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.actorId, admin.id), eq(activityLog.action, 'report.viewed')));
    expect(logged.map((entry) => [entry.action, entry.details])).toEqual([
      ['report.viewed', { report: 'outcomes', from: '2031-03-01', to: '2031-06-30', measure: 'lefs' }],
    ]);
  });

  it('counts the same patients under the service of that appointment', async () => {
    const answer = await report('staff', SPRING);
    expect(
      answer.byService.map((row) => [
        row.measure,
        row.label,
        row.patients,
        row.baselineMean,
        row.latestMean,
        row.improved,
        row.improvedShare,
      ]),
    ).toEqual([
      ['nprs', 'Knee rehab (outcomes)', 2, 6.5, 4.5, 1, 0.5],
      ['nprs', 'Shoulder rehab (outcomes)', 1, 6, 5, 0, 0],
      ['psfs', 'Knee rehab (outcomes)', 1, 4.3, 6.3, 1, 1],
      ['lefs', 'No appointment', 1, 40, 46, 0, 0],
      ['spadi', 'Shoulder rehab (outcomes)', 1, 60, 45, 1, 1],
    ]);
    expect(answer.byService.find((row) => row.measure === 'lefs')?.key).toBeNull();
  });

  it('narrows to one measure, and moves with the window', async () => {
    const nprs = await report('staff', `${SPRING}&measure=nprs`);
    expect(nprs.measure).toBe('nprs');
    expect(nprs.byPractitioner.map((row) => [row.label, row.patients])).toEqual([
      ['Maya Outcome', 1],
      ['Riley Outcome', 2],
    ]);
    expect(nprs.byService.every((row) => row.measure === 'nprs')).toBe(true);
    // From February P3 has two NPRS scores too (9 -> 8: not past the MCID); they have no visit.
    const wider = await report('staff', 'from=2031-02-01&to=2031-06-30&measure=nprs');
    expect(wider.byPractitioner.at(-1)).toMatchObject({
      key: null,
      label: 'No appointment',
      patients: 1,
      baselineMean: 9,
      latestMean: 8,
      improved: 0,
    });
    // Up to 1 April only P1 (8 -> 6) and P4 (5 -> 5) have two scores.
    const early = await report('staff', 'from=2031-03-01&to=2031-04-03&measure=nprs');
    expect(early.byService.map((row) => [row.label, row.patients, row.latestMean, row.improved])).toEqual([
      ['Knee rehab (outcomes)', 2, 5.5, 1],
    ]);
    const none = await report('staff', 'from=2031-08-01&to=2031-08-31');
    expect(none).toMatchObject({ byPractitioner: [], byService: [] });
  });

  it("defaults to the last 180 of the clinic's days", async () => {
    const answer = await report('staff', '');
    expect(answer.to).toBe(clinicToday());
    const days = (Date.parse(answer.to) - Date.parse(answer.from)) / 86_400_000 + 1;
    expect(days).toBe(180);
  });

  it('answers 400 for a bad window or measure', async () => {
    for (const query of [
      'from=2031-04-01&to=2031-03-01',
      'from=2031-02-30&to=2031-03-01',
      'from=March&to=2031-03-01',
      'from=2020-01-01&to=2031-01-01',
      'from=2099-01-01',
      'measure=ndi',
      'practitionerId=x',
    ]) {
      const response = await call(t, 'admin', { method: 'GET', url: `${URL}?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('is refused to visitors, patients, practitioners and members', async () => {
    for (const role of ['patient', 'practitioner', 'member'] as const) {
      const response = await call(t, role, { method: 'GET', url: `${URL}?${SPRING}` });
      expect(response.statusCode, role).toBe(403);
    }
    expect((await call(t, 'visitor', { method: 'GET', url: `${URL}?${SPRING}` })).statusCode).toBe(401);
    const own = await createPerson(t, 'practitioner');
    expect((await call(t, own, { method: 'GET', url: `${URL}?${SPRING}` })).statusCode).toBe(403);
  });

  it('answers 409 while the clinic has care between visits off', async () => {
    await setCareBetweenVisits(t, false);
    try {
      for (const role of ['staff', 'admin'] as const) {
        const response = await call(t, role, { method: 'GET', url: `${URL}?${SPRING}` });
        expect(response.statusCode, role).toBe(409);
      }
    } finally {
      await setCareBetweenVisits(t, true);
    }
  });
});
