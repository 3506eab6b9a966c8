import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BodyRegion } from '../../../shared/exercises';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  exerciseLogs,
  exerciseProgrammeItems,
  exerciseProgrammes,
  exerciseProgrammeTemplates,
  exerciseProgrammeVersions,
  exerciseReminders,
  jobs,
  type ProgrammeDosage,
  users,
} from '../../db/schema';

const patientUser = alias(users, 'programme_patient');
const practitionerUser = alias(users, 'programme_practitioner');

export type ProgrammeRow = typeof exerciseProgrammes.$inferSelect & {
  patientName: string;
  practitionerName: string;
};

const selectProgrammes = (db: Db | Tx) =>
  db
    .select({
      ...getTableColumns(exerciseProgrammes),
      patientName: sql<string>`${patientUser.firstName} || ' ' || ${patientUser.lastName}`,
      practitionerName: sql<string>`${practitionerUser.firstName} || ' ' || ${practitionerUser.lastName}`,
    })
    .from(exerciseProgrammes)
    .innerJoin(patientUser, eq(patientUser.id, exerciseProgrammes.patientId))
    .innerJoin(practitionerUser, eq(practitionerUser.id, exerciseProgrammes.practitionerId));

export async function findProgramme(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  if (options.lock)
    await db
      .select({ id: exerciseProgrammes.id })
      .from(exerciseProgrammes)
      .where(eq(exerciseProgrammes.id, id))
      .for('update');
  const [row] = await selectProgrammes(db).where(eq(exerciseProgrammes.id, id)).limit(1);
  return (row as ProgrammeRow | undefined) ?? null;
}

export async function programmesOf(db: Db | Tx, patientId: string, options: { activeOnly?: boolean } = {}) {
  const where = options.activeOnly
    ? and(eq(exerciseProgrammes.patientId, patientId), eq(exerciseProgrammes.status, 'active'))
    : eq(exerciseProgrammes.patientId, patientId);
  return (await selectProgrammes(db)
    .where(where)
    .orderBy(desc(exerciseProgrammes.createdAt))) as ProgrammeRow[];
}

export async function insertProgramme(
  tx: Tx,
  values: {
    patientId: string;
    practitionerId: string;
    title: string;
    startDate: string;
    reviewDate: string | null;
    weeklySessions: number;
    createdAt?: Date;
  },
) {
  const [row] = await tx.insert(exerciseProgrammes).values(values).returning({ id: exerciseProgrammes.id });
  return row.id;
}

export async function updateProgramme(
  tx: Tx,
  id: string,
  values: Partial<
    Pick<
      typeof exerciseProgrammes.$inferInsert,
      'title' | 'reviewDate' | 'status' | 'currentVersion' | 'weeklySessions'
    >
  >,
) {
  await tx
    .update(exerciseProgrammes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(exerciseProgrammes.id, id));
}

/** Writes a version and its items in order. */
export async function insertVersion(
  tx: Tx,
  {
    programmeId,
    version,
    createdBy,
    items,
    createdAt,
  }: { programmeId: string; version: number; createdBy: string; items: ProgrammeDosage[]; createdAt?: Date },
) {
  const [row] = await tx
    .insert(exerciseProgrammeVersions)
    .values({ programmeId, version, createdBy, createdAt })
    .returning({ id: exerciseProgrammeVersions.id });
  await tx.insert(exerciseProgrammeItems).values(
    items.map((item, position) => ({
      versionId: row.id,
      position,
      exerciseId: item.exerciseId,
      sets: item.sets,
      reps: item.reps,
      holdSeconds: item.holdSeconds,
      timesPerDay: item.timesPerDay,
      daysPerWeek: item.daysPerWeek,
      notes: item.notes,
    })),
  );
  return row.id;
}

const itemColumns = {
  ...getTableColumns(exerciseProgrammeItems),
  programmeId: exerciseProgrammeVersions.programmeId,
};
export type ItemRow = typeof exerciseProgrammeItems.$inferSelect & {
  programmeId: string;
  name: string;
  bodyRegion: BodyRegion;
  instructions: string;
  mediaUrl: string | null;
  mediaFileId: string | null;
  mediaContentType: string | null;
};

/** The items of each programme's current version, in order, without their exercises (the library has those). */
export async function currentItemRowsOf(db: Db | Tx, programmeIds: string[]) {
  if (programmeIds.length === 0) return [];
  return db
    .select(itemColumns)
    .from(exerciseProgrammeItems)
    .innerJoin(exerciseProgrammeVersions, eq(exerciseProgrammeVersions.id, exerciseProgrammeItems.versionId))
    .innerJoin(exerciseProgrammes, eq(exerciseProgrammes.id, exerciseProgrammeVersions.programmeId))
    .where(
      and(
        inArray(exerciseProgrammeVersions.programmeId, programmeIds),
        eq(exerciseProgrammeVersions.version, exerciseProgrammes.currentVersion),
      ),
    )
    .orderBy(asc(exerciseProgrammeItems.position));
}

export async function versionsOf(db: Db | Tx, programmeId: string) {
  return db
    .select({
      version: exerciseProgrammeVersions.version,
      createdAt: exerciseProgrammeVersions.createdAt,
      createdByName: sql<string>`coalesce(${users.firstName} || ' ' || ${users.lastName}, '')`,
    })
    .from(exerciseProgrammeVersions)
    .leftJoin(users, eq(users.id, exerciseProgrammeVersions.createdBy))
    .where(eq(exerciseProgrammeVersions.programmeId, programmeId))
    .orderBy(desc(exerciseProgrammeVersions.version));
}

export async function listTemplates(db: Db | Tx) {
  return db
    .select()
    .from(exerciseProgrammeTemplates)
    .orderBy(asc(exerciseProgrammeTemplates.name))
    .limit(200);
}

export async function insertTemplate(
  tx: Tx,
  values: { name: string; items: ProgrammeDosage[]; createdBy: string },
) {
  const [row] = await tx.insert(exerciseProgrammeTemplates).values(values).returning();
  return row;
}

/** Done check-ins and prescribed sessions of programmes between two days, per programme. */
export async function doneCounts(
  db: Db | Tx,
  programmeIds: string[],
  { from, to }: { from: string; to: string },
) {
  if (programmeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ programmeId: exerciseLogs.programmeId, done: sql<number>`count(*)::int` })
    .from(exerciseLogs)
    .where(
      and(
        inArray(exerciseLogs.programmeId, programmeIds),
        gte(exerciseLogs.clinicDay, from),
        lte(exerciseLogs.clinicDay, to),
        eq(exerciseLogs.done, true),
      ),
    )
    .groupBy(exerciseLogs.programmeId);
  return new Map(rows.map((row) => [row.programmeId, Number(row.done)]));
}

export async function logsOfProgramme(
  db: Db | Tx,
  programmeId: string,
  { from, to }: { from: string; to: string },
) {
  return db
    .select({
      clinicDay: exerciseLogs.clinicDay,
      done: exerciseLogs.done,
      pain: exerciseLogs.pain,
      note: exerciseLogs.note,
      exerciseId: exerciseLogs.exerciseId,
      loggedAt: exerciseLogs.loggedAt,
    })
    .from(exerciseLogs)
    .where(
      and(
        eq(exerciseLogs.programmeId, programmeId),
        gte(exerciseLogs.clinicDay, from),
        lte(exerciseLogs.clinicDay, to),
      ),
    )
    .orderBy(asc(exerciseLogs.clinicDay));
}

export async function logsOfDay(db: Db | Tx, patientId: string, day: string) {
  return db
    .select()
    .from(exerciseLogs)
    .where(and(eq(exerciseLogs.patientId, patientId), eq(exerciseLogs.clinicDay, day)));
}

/**
 * Saves a check-in (a second one that day replaces the first) and recomputes the patient's figures of the
 * day from that day's check-ins, so the summary can never drift from the rows.
 */
export async function saveCheckIn(
  tx: Tx,
  values: {
    patientId: string;
    programmeId: string;
    itemId: string;
    exerciseId: string;
    clinicDay: string;
    done: boolean;
    difficulty: number | null;
    pain: number | null;
    note: string;
  },
) {
  await tx
    .insert(exerciseLogs)
    .values(values)
    .onConflictDoUpdate({
      target: [exerciseLogs.programmeId, exerciseLogs.exerciseId, exerciseLogs.clinicDay],
      set: {
        itemId: values.itemId,
        done: values.done,
        difficulty: values.difficulty,
        pain: values.pain,
        note: values.note,
        loggedAt: new Date(),
      },
    });
  await refreshDay(tx, values.patientId, values.clinicDay);
}

export async function refreshDay(tx: Db | Tx, patientId: string, day: string) {
  await tx.execute(sql`
    insert into exercise_log_days (patient_id, clinic_day, done_count, pain_sum, pain_count)
    select ${patientId}::uuid, ${day}::date,
           count(*) filter (where done)::int, coalesce(sum(pain), 0)::int, count(pain)::int
    from exercise_logs where patient_id = ${patientId}::uuid and clinic_day = ${day}::date
    on conflict (patient_id, clinic_day) do update
      set done_count = excluded.done_count, pain_sum = excluded.pain_sum, pain_count = excluded.pain_count`);
}

/** A patient's sums over the two windows, as exercise_adherence_windows keeps them. */
export type WindowSums = {
  done_now: number;
  done_before: number;
  pain_sum_now: number;
  pain_count_now: number;
  pain_sum_before: number;
  pain_count_before: number;
};

/** A care-team patient on the worsening list's way: their sums, or null when the night's job has none. */
export type WorseningRow = {
  patient_id: string;
  patient_name: string;
  weekly: number;
  sums: WindowSums | null;
};

export type FigureWindows = { beforeFrom: string; nowFrom: string; to: string };

/** A patient's sums over the two windows from their day rows `d`, under the column names of WindowSums. */
const windowSums = ({ nowFrom }: FigureWindows) => sql`
  coalesce(sum(d.done_count) filter (where d.clinic_day >= ${nowFrom}::date), 0)::int as done_now,
  coalesce(sum(d.done_count) filter (where d.clinic_day < ${nowFrom}::date), 0)::int as done_before,
  coalesce(sum(d.pain_sum) filter (where d.clinic_day >= ${nowFrom}::date), 0)::int as pain_sum_now,
  coalesce(sum(d.pain_count) filter (where d.clinic_day >= ${nowFrom}::date), 0)::int as pain_count_now,
  coalesce(sum(d.pain_sum) filter (where d.clinic_day < ${nowFrom}::date), 0)::int as pain_sum_before,
  coalesce(sum(d.pain_count) filter (where d.clinic_day < ${nowFrom}::date), 0)::int as pain_count_before`;

/**
 * Sums the two windows ending `to` for every patient with an active programme and keeps them, one row a
 * patient (the nightly job). One statement; a second run for the same windows writes the same figures.
 */
export async function saveAdherenceWindows(db: Db | Tx, windows: FigureWindows) {
  const { beforeFrom, to } = windows;
  await db.execute(sql`
    insert into exercise_adherence_windows
      (patient_id, window_to, done_now, done_before, pain_sum_now, pain_count_now, pain_sum_before, pain_count_before)
    select p.patient_id, ${to}::date, ${windowSums(windows)}
    from (select distinct patient_id from exercise_programmes where status = 'active') p
    left join exercise_log_days d
      on d.patient_id = p.patient_id and d.clinic_day between ${beforeFrom}::date and ${to}::date
    group by p.patient_id
    on conflict (patient_id) do update set
      window_to = excluded.window_to, done_now = excluded.done_now, done_before = excluded.done_before,
      pain_sum_now = excluded.pain_sum_now, pain_count_now = excluded.pain_count_now,
      pain_sum_before = excluded.pain_sum_before, pain_count_before = excluded.pain_count_before`);
}

/** The given patients' sums over the two windows, from their day rows (a patient without any: no row). */
export async function sumWindows(db: Db | Tx, query: { patientIds: string[]; windows: FigureWindows }) {
  const { patientIds, windows } = query;
  if (patientIds.length === 0) return [];
  return rowsOf<WindowSums & { patient_id: string }>(
    db,
    sql`
    select d.patient_id, ${windowSums(windows)}
    from exercise_log_days d
    where d.patient_id = any(${`{${patientIds.join(',')}}`}::uuid[])
      and d.clinic_day between ${windows.beforeFrom}::date and ${windows.to}::date
    group by d.patient_id`,
  );
}

/** What the list may leave out before the service's exact test: the margins cover its rounding. */
export type WorseningThresholds = { windowDays: number; adherenceDrop: number; painRise: number };

/**
 * The practitioner's care-team patients with an active programme started before both windows, with the night's
 * sums of their check-ins: those whose sums can pass the service's test, and those the night's job has no sums
 * for yet (a programme given today, a night the job has not run), which the service sums from their day rows.
 * The margins: adherence down by at least one point less than the drop (whole percents round by half a point
 * each), average pain up by at least 0.2 less than the rise (tenths round by 0.05 each).
 */
export async function windowFigures(
  db: Db | Tx,
  query: { practitionerId: string; windows: FigureWindows; thresholds: WorseningThresholds },
) {
  const rows = await rowsOf<Omit<WorseningRow, 'sums'> & Partial<WindowSums> & { summed: boolean }>(
    db,
    windowFiguresQuery(query),
  );
  return rows.map(({ patient_id, patient_name, weekly, summed, ...sums }) => ({
    patient_id,
    patient_name,
    weekly,
    sums: summed ? (sums as WindowSums) : null,
  }));
}

/** The statement behind windowFigures, apart so that the adherence bench can print its plan. */
export function windowFiguresQuery({
  practitionerId,
  windows,
  thresholds,
}: {
  practitionerId: string;
  windows: FigureWindows;
  thresholds: WorseningThresholds;
}) {
  const { beforeFrom, to } = windows;
  const { windowDays, adherenceDrop, painRise } = thresholds;
  return sql`
    with team as (
      select c.patient_id, sum(p.weekly_sessions)::int as weekly
      from care_team_assignments c
      join exercise_programmes p on p.patient_id = c.patient_id and p.status = 'active' and p.start_date <= ${beforeFrom}::date
      where c.practitioner_id = ${practitionerId}::uuid
      group by c.patient_id
    )
    select t.patient_id, u.first_name || ' ' || u.last_name as patient_name, t.weekly,
           w.patient_id is not null as summed, w.done_now, w.done_before, w.pain_sum_now, w.pain_count_now,
           w.pain_sum_before, w.pain_count_before
    from team t
    left join exercise_adherence_windows w on w.patient_id = t.patient_id and w.window_to = ${to}::date
    join users u on u.id = t.patient_id
    where w.patient_id is null
       or (w.done_before - w.done_now) * 100 * 7 >= ${adherenceDrop - 1} * t.weekly * ${windowDays}
       or (w.pain_count_now > 0 and w.pain_count_before > 0
           and w.pain_sum_now::float / w.pain_count_now - w.pain_sum_before::float / w.pain_count_before
               >= ${painRise - 0.2})`;
}

export async function findReminder(db: Db | Tx, patientId: string) {
  const [row] = await db.select().from(exerciseReminders).where(eq(exerciseReminders.patientId, patientId));
  return row ?? null;
}

export async function saveReminder(
  tx: Tx,
  values: { patientId: string; enabled: boolean; timeOfDay: string; email: boolean },
) {
  await tx
    .insert(exerciseReminders)
    .values(values)
    .onConflictDoUpdate({
      target: exerciseReminders.patientId,
      set: {
        enabled: values.enabled,
        timeOfDay: values.timeOfDay,
        email: values.email,
        updatedAt: new Date(),
      },
    });
}

/**
 * The patients with reminders on whose daily chain has no job waiting: none of `kind` queued or running under
 * their key (`<kind>:<patientId>:<day>`). One anti-join read; with every chain in place it answers nothing.
 */
export async function remindersWithoutJob(db: Db | Tx, kind: string) {
  return db
    .select({ patientId: exerciseReminders.patientId, timeOfDay: exerciseReminders.timeOfDay })
    .from(exerciseReminders)
    .where(
      and(
        eq(exerciseReminders.enabled, true),
        sql`not exists (
          select 1 from ${jobs}
          where ${jobs.kind} = ${kind} and ${jobs.status} in ('queued', 'running')
            and split_part(${jobs.key}, ':', 2) = ${exerciseReminders.patientId}::text
        )`,
      ),
    );
}
