import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CheckInReason, ScheduleTrigger } from '../../../shared/check-ins';
import type { MeasureAnswer, OutcomeMeasureCode } from '../../../shared/outcome-measures';
import type { Db, Tx } from '../../db/client';
import {
  checkInDischarges,
  checkInResponses,
  checkInSchedules,
  checkIns,
  serviceTypes,
  users,
} from '../../db/schema';

const requester = alias(users, 'requester');

const checkInColumns = {
  id: checkIns.id,
  patientId: checkIns.patientId,
  patientFirstName: users.firstName,
  patientLastName: users.lastName,
  measure: checkIns.measure,
  reason: checkIns.reason,
  status: checkIns.status,
  requestedByFirstName: requester.firstName,
  requestedByLastName: requester.lastName,
  dueAt: checkIns.dueAt,
  createdAt: checkIns.createdAt,
  completedAt: checkInResponses.completedAt,
  score: checkInResponses.score,
  answers: checkInResponses.answers,
};

const selectCheckIns = (db: Db | Tx) =>
  db
    .select(checkInColumns)
    .from(checkIns)
    .innerJoin(users, eq(users.id, checkIns.patientId))
    .leftJoin(requester, eq(requester.id, checkIns.requestedBy))
    .leftJoin(checkInResponses, eq(checkInResponses.checkInId, checkIns.id));

export type CheckInRow = Awaited<ReturnType<typeof findCheckIn>> & {};

export async function findCheckIn(db: Db | Tx, id: string) {
  const [row] = await selectCheckIns(db).where(eq(checkIns.id, id));
  return row ?? null;
}

/** Locks a check-in for the one answer it may take. */
export async function lockCheckIn(tx: Tx, id: string) {
  const [row] = await tx.select().from(checkIns).where(eq(checkIns.id, id)).for('update');
  return row ?? null;
}

/** A patient's check-ins, or those of the patients a subquery names (a practitioner's), newest first. */
export function listCheckIns(db: Db | Tx, scope: { patientId?: string; patientIdsIn?: SQL }) {
  const conditions: SQL[] = [sql`${checkIns.status} <> 'cancelled'`];
  if (scope.patientId) conditions.push(eq(checkIns.patientId, scope.patientId));
  if (scope.patientIdsIn) conditions.push(sql`${checkIns.patientId} in (${scope.patientIdsIn})`);
  return selectCheckIns(db)
    .where(and(...conditions))
    .orderBy(desc(checkIns.createdAt))
    .limit(200);
}

export type NewCheckIn = {
  patientId: string;
  measure: OutcomeMeasureCode;
  reason: CheckInReason;
  requestedBy?: string | null;
  scheduleId?: string | null;
  appointmentId?: string | null;
  /** What sent it, once: a second send of the same occasion is ignored (null when none). */
  occasion?: string | null;
  dueAt?: Date;
};

/** Inserts a check-in; answers its id, or null when its occasion had already sent one. */
export async function insertCheckIn(db: Db | Tx, values: NewCheckIn) {
  const [row] = await db
    .insert(checkIns)
    .values(values)
    .onConflictDoNothing({ target: checkIns.occasion })
    .returning({ id: checkIns.id });
  return row?.id ?? null;
}

export async function insertResponse(
  tx: Tx,
  values: {
    checkInId: string;
    patientId: string;
    measure: OutcomeMeasureCode;
    answers: MeasureAnswer[];
    score: number;
  },
) {
  await tx.insert(checkInResponses).values(values);
  await tx.update(checkIns).set({ status: 'completed' }).where(eq(checkIns.id, values.checkInId));
}

/** A patient's scores, oldest first, per measure. */
export function scoresOf(db: Db | Tx, patientId: string) {
  return db
    .select({
      checkInId: checkInResponses.checkInId,
      measure: checkInResponses.measure,
      score: checkInResponses.score,
      completedAt: checkInResponses.completedAt,
    })
    .from(checkInResponses)
    .where(eq(checkInResponses.patientId, patientId))
    .orderBy(asc(checkInResponses.completedAt));
}

const scheduleColumns = {
  id: checkInSchedules.id,
  patientId: checkInSchedules.patientId,
  serviceTypeId: checkInSchedules.serviceTypeId,
  serviceTypeName: serviceTypes.name,
  measure: checkInSchedules.measure,
  trigger: checkInSchedules.trigger,
  interval: checkInSchedules.interval,
  createdAt: checkInSchedules.createdAt,
};
export type ScheduleRow = Awaited<ReturnType<typeof listSchedules>>[number];

/** One patient's own schedules, or the clinic's per-service schedules. */
export function listSchedules(db: Db | Tx, scope: { patientId: string } | { services: true }) {
  return db
    .select(scheduleColumns)
    .from(checkInSchedules)
    .leftJoin(serviceTypes, eq(serviceTypes.id, checkInSchedules.serviceTypeId))
    .where(
      'patientId' in scope
        ? eq(checkInSchedules.patientId, scope.patientId)
        : isNull(checkInSchedules.patientId),
    )
    .orderBy(asc(checkInSchedules.createdAt));
}

export async function findSchedule(db: Db | Tx, id: string) {
  const [row] = await db
    .select(scheduleColumns)
    .from(checkInSchedules)
    .leftJoin(serviceTypes, eq(serviceTypes.id, checkInSchedules.serviceTypeId))
    .where(eq(checkInSchedules.id, id));
  return row ?? null;
}

export async function insertSchedule(
  db: Db | Tx,
  values: {
    patientId: string | null;
    serviceTypeId: string | null;
    measure: OutcomeMeasureCode;
    trigger: ScheduleTrigger;
    interval: number | null;
    createdBy: string;
  },
) {
  const [row] = await db.insert(checkInSchedules).values(values).returning({ id: checkInSchedules.id });
  return row!.id;
}

export const deleteSchedule = (db: Db | Tx, id: string) =>
  db.delete(checkInSchedules).where(eq(checkInSchedules.id, id));

/** The schedules with a trigger that apply to a patient: their own, and those of the services given. */
export function schedulesFor(
  db: Db | Tx,
  options: { patientId: string; serviceTypeIds: readonly string[]; triggers: readonly ScheduleTrigger[] },
) {
  const owners: SQL[] = [eq(checkInSchedules.patientId, options.patientId)];
  if (options.serviceTypeIds.length > 0)
    owners.push(inArray(checkInSchedules.serviceTypeId, [...options.serviceTypeIds]));
  return db
    .select(scheduleColumns)
    .from(checkInSchedules)
    .leftJoin(serviceTypes, eq(serviceTypes.id, checkInSchedules.serviceTypeId))
    .where(and(or(...owners), inArray(checkInSchedules.trigger, [...options.triggers])))
    .orderBy(asc(checkInSchedules.createdAt));
}

/** Records a practitioner's discharge of a patient, in the transaction that sends the discharge measures. */
export async function insertDischarge(tx: Tx, values: { patientId: string; dischargedBy: string }) {
  await tx.insert(checkInDischarges).values(values);
}

/** Whether the patient was discharged after a time: their weekly check-ins stop then. */
export async function dischargedSince(db: Db | Tx, patientId: string, since: Date) {
  const [row] = await db
    .select({ id: checkInDischarges.id })
    .from(checkInDischarges)
    .where(
      and(
        eq(checkInDischarges.patientId, patientId),
        sql`${checkInDischarges.dischargedAt} > ${since.toISOString()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The demo clinic's history: check-ins answered over months, written as they would have been. */
export async function insertHistory(
  tx: Tx,
  rows: Array<{
    patientId: string;
    measure: OutcomeMeasureCode;
    requestedBy: string | null;
    at: Date;
    answers: MeasureAnswer[] | null;
    score: number | null;
  }>,
) {
  if (rows.length === 0) return;
  const ids = await tx
    .insert(checkIns)
    .values(
      rows.map((row) => ({
        patientId: row.patientId,
        measure: row.measure,
        reason: 'sent' as const,
        status: row.answers ? ('completed' as const) : ('due' as const),
        requestedBy: row.requestedBy,
        dueAt: row.at,
        createdAt: row.at,
      })),
    )
    .returning({ id: checkIns.id });
  const responses = rows.flatMap((row, index) =>
    row.answers && row.score !== null
      ? [
          {
            checkInId: ids[index]!.id,
            patientId: row.patientId,
            measure: row.measure,
            answers: row.answers,
            score: row.score,
            completedAt: new Date(row.at.getTime() + 3 * 3_600_000),
          },
        ]
      : [],
  );
  if (responses.length > 0) await tx.insert(checkInResponses).values(responses);
}
