import {
  type CheckIn,
  type ExerciseChoice,
  type ProgrammeProgress,
  type ProgrammeSummary,
  type ProgrammeTemplate,
  type Today,
  WORSENING_ADHERENCE_DROP,
  WORSENING_PAIN_RISE,
  WORSENING_WINDOW_DAYS,
  type WorseningList,
} from '../../../shared/exercise-programmes';
import type { BodyRegion } from '../../../shared/exercises';
import type { Db } from '../../db/client';
import { addDays, clinicToday } from '../../platform/clinic-time';
import type { RequestMeta } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { requireCareBetweenVisits } from '../clinic-features/service';
import * as library from '../exercise-library/service';
import {
  adherenceOf,
  assertPatientReadable,
  audit,
  type Caller,
  periodOf,
  readableProgramme,
  toProgramme,
  toSummary,
} from './access';
import { currentItemsOf, exerciseNames } from './items';
import * as repository from './repository';

/* Reading programmes and their figures; changes are in changes.ts. Every call needs the capability on. */

export async function searchExercises(
  db: Db,
  query: { q?: string; region?: BodyRegion },
): Promise<ExerciseChoice[]> {
  await requireCareBetweenVisits(db);
  const rows = await library.findExercisesByName(db, query);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    bodyRegion: row.bodyRegion,
    instructions: row.instructions,
    sets: row.defaultSets,
    reps: row.defaultReps,
    holdSeconds: row.defaultHoldSeconds,
    timesPerDay: row.defaultTimesPerDay,
    daysPerWeek: row.defaultDaysPerWeek,
  }));
}

export async function listTemplates(db: Db): Promise<ProgrammeTemplate[]> {
  await requireCareBetweenVisits(db);
  const rows = await repository.listTemplates(db);
  const names = await exerciseNames(
    db,
    rows.flatMap((row) => row.items.map((item) => item.exerciseId)),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    // An exercise since removed from the library drops out of the template rather than breaking it.
    items: row.items
      .filter((item) => names.has(item.exerciseId))
      .map((item) => ({ ...item, name: names.get(item.exerciseId) ?? '' })),
  }));
}

/** A patient's programmes, newest first, each with its adherence so far. */
export async function listProgrammes(
  db: Db,
  caller: Caller,
  { patientId, meta }: { patientId: string; meta: RequestMeta },
): Promise<ProgrammeSummary[]> {
  await requireCareBetweenVisits(db);
  await assertPatientReadable(db, caller, patientId);
  const rows = await repository.programmesOf(db, patientId);
  const items = await currentItemsOf(
    db,
    rows.map((row) => row.id),
  );
  const today = clinicToday();
  const summaries = await Promise.all(
    rows.map(async (row) => {
      const period = periodOf(row, { today });
      const done = (await repository.doneCounts(db, [row.id], period)).get(row.id) ?? 0;
      return toSummary(row, items, adherenceOf(row.weeklySessions, done, period));
    }),
  );
  await audit(db, caller, {
    action: 'exercise-programme.listed',
    entity: { type: 'patient', id: patientId },
    meta,
    details: { patientId, count: rows.length },
  });
  return summaries;
}

/** One programme with its adherence, pain trend, notes and versions. */
export async function programmeProgress(
  db: Db,
  caller: Caller,
  { id, meta }: { id: string; meta: RequestMeta },
): Promise<ProgrammeProgress> {
  await requireCareBetweenVisits(db);
  const row = await readableProgramme(db, caller, id);
  const [items, versions] = await Promise.all([
    currentItemsOf(db, [row.id]),
    repository.versionsOf(db, row.id),
  ]);
  const period = periodOf(row);
  const logRows = await repository.logsOfProgramme(db, row.id, period);
  const names = await exerciseNames(
    db,
    logRows.map((log) => log.exerciseId),
  );
  // An exercise no longer in the library drops its log, as the join these replaced did.
  const logs = logRows.flatMap((log) =>
    names.has(log.exerciseId) ? [{ ...log, exerciseName: names.get(log.exerciseId)! }] : [],
  );
  const done = logs.filter((log) => log.done).length;
  const pains = new Map<string, number[]>();
  for (const log of logs)
    if (log.pain !== null) pains.set(log.clinicDay, [...(pains.get(log.clinicDay) ?? []), log.pain]);
  await audit(db, caller, {
    action: 'exercise-programme.viewed',
    entity: { type: 'exercise_programme', id: row.id },
    meta,
    details: { patientId: row.patientId },
  });
  return {
    programme: toProgramme(row, items),
    adherence: adherenceOf(row.weeklySessions, done, period),
    painTrend: [...pains].map(([day, list]) => ({
      day,
      pain: Math.round((list.reduce((sum, value) => sum + value, 0) / list.length) * 10) / 10,
    })),
    notes: logs
      .filter((log) => log.note)
      .reverse()
      .slice(0, 20)
      .map((log) => ({ day: log.clinicDay, exerciseName: log.exerciseName, note: log.note })),
    versions: versions.map((version) => ({
      version: version.version,
      createdAt: version.createdAt.toISOString(),
      createdByName: version.createdByName,
    })),
  };
}

/** The patient's active programmes with what they checked in today. */
export async function today(db: Db, caller: Caller, { meta }: { meta: RequestMeta }): Promise<Today> {
  await requireCareBetweenVisits(db);
  if (caller.role !== 'patient') throw forbidden();
  const day = clinicToday();
  const rows = (await repository.programmesOf(db, caller.id, { activeOnly: true })).filter(
    (row) => row.startDate <= day,
  );
  const [items, logs] = await Promise.all([
    currentItemsOf(
      db,
      rows.map((row) => row.id),
    ),
    repository.logsOfDay(db, caller.id, day),
  ]);
  await audit(db, caller, {
    action: 'exercise-programme.today-viewed',
    entity: { type: 'patient', id: caller.id },
    meta,
    details: { patientId: caller.id, count: rows.length },
  });
  return {
    day,
    programmes: rows.map((row) => {
      const checkIns: Record<string, CheckIn> = {};
      for (const log of logs)
        if (log.programmeId === row.id)
          checkIns[log.exerciseId] = {
            done: log.done,
            difficulty: log.difficulty,
            pain: log.pain,
            note: log.note,
          };
      return { programme: toProgramme(row, items), checkIns };
    }),
  };
}

/** Whole percent of prescribed sessions done in a window; null when nothing was prescribed. */
const percentOf = (done: number, prescribed: number) =>
  prescribed > 0 ? Math.min(100, Math.round((done / prescribed) * 100)) : null;

const NO_CHECK_INS: repository.WindowSums = {
  done_now: 0,
  done_before: 0,
  pain_sum_now: 0,
  pain_count_now: 0,
  pain_sum_before: 0,
  pain_count_before: 0,
};

/** An average pain to one decimal, or null when no score was given. */
const averageOf = (sum: number, count: number) =>
  Number(count) > 0 ? Math.round((Number(sum) / Number(count)) * 10) / 10 : null;

export const WORSENING_THRESHOLDS = {
  windowDays: WORSENING_WINDOW_DAYS,
  adherenceDrop: WORSENING_ADHERENCE_DROP,
  painRise: WORSENING_PAIN_RISE,
};

/** The worsening list's windows on a clinic day: the last 7 days before it and the 7 before those. */
export function worseningWindows(today: string) {
  const to = addDays(today, -1);
  const nowFrom = addDays(to, -(WORSENING_WINDOW_DAYS - 1));
  return { beforeFrom: addDays(nowFrom, -WORSENING_WINDOW_DAYS), nowFrom, to };
}

/**
 * The practitioner's care-team patients whose home programme is going worse: the last 7 clinic days against
 * the 7 before, adherence down by 20 points or more, or average pain up by 2 or more (docs/features).
 */
export async function worseningList(
  db: Db,
  caller: Caller,
  { meta, now }: { meta: RequestMeta; now?: Date },
): Promise<WorseningList> {
  await requireCareBetweenVisits(db);
  if (caller.role !== 'practitioner') throw forbidden();
  const windows = worseningWindows(clinicToday(now));
  const { beforeFrom, to } = windows;
  const rows = await repository.windowFigures(db, {
    practitionerId: caller.id,
    windows,
    thresholds: WORSENING_THRESHOLDS,
  });
  // Patients the night's job has not summed yet: from their day rows (none at all: nothing done, no pain).
  const unsummed = rows.filter((row) => row.sums === null).map((row) => row.patient_id);
  const summedNow = new Map(
    (await repository.sumWindows(db, { patientIds: unsummed, windows })).map((row) => [row.patient_id, row]),
  );
  const items = rows
    .map((row) => {
      const sums = row.sums ?? summedNow.get(row.patient_id) ?? NO_CHECK_INS;
      const prescribed = (Number(row.weekly) * WORSENING_WINDOW_DAYS) / 7;
      const adherenceBefore = percentOf(Number(sums.done_before), prescribed);
      const adherenceNow = percentOf(Number(sums.done_now), prescribed);
      const painBefore = averageOf(sums.pain_sum_before, sums.pain_count_before);
      const painNow = averageOf(sums.pain_sum_now, sums.pain_count_now);
      const reasons: Array<'adherence' | 'pain'> = [];
      if (
        adherenceBefore !== null &&
        adherenceNow !== null &&
        adherenceBefore - adherenceNow >= WORSENING_ADHERENCE_DROP
      )
        reasons.push('adherence');
      if (painBefore !== null && painNow !== null && painNow - painBefore >= WORSENING_PAIN_RISE)
        reasons.push('pain');
      return {
        patientId: row.patient_id,
        patientName: row.patient_name,
        adherenceBefore,
        adherenceNow,
        painBefore,
        painNow,
        reasons,
      };
    })
    .filter((row) => row.reasons.length > 0)
    .sort(
      (a, b) => (a.adherenceNow ?? 0) - (b.adherenceNow ?? 0) || a.patientName.localeCompare(b.patientName),
    );
  await audit(db, caller, {
    action: 'exercise-programme.worsening-listed',
    entity: { type: 'patient', id: null },
    meta,
    details: { count: items.length },
  });
  return { from: beforeFrom, to, items };
}
