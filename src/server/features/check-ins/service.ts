import {
  CHECK_IN_ERRORS,
  type CheckIn,
  type CheckInList,
  type CreateScheduleInput,
  type MeasureTrend,
  OUTCOME_REPORT_DEFAULT_DAYS,
  OUTCOME_REPORT_ERRORS,
  OUTCOME_REPORT_MAX_DAYS,
  OUTCOME_REPORT_NO_APPOINTMENT,
  type OutcomeReport,
  type OutcomeReportQuery,
  type OutcomeReportRow,
  type OutcomeSummary,
  SCHEDULE_TRIGGERS,
  type ScheduleList,
  type SendCheckInInput,
  type SubmitCheckInInput,
} from '../../../shared/check-ins';
import {
  improvementOf,
  OUTCOME_MEASURE_CODES,
  type OutcomeMeasureCode,
  scoreMeasure,
} from '../../../shared/outcome-measures';
import { CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import type { Db } from '../../db/client';
import { recordReportViewed } from '../../platform/activity';
import { addDays, clinicDayStart, clinicToday } from '../../platform/clinic-time';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import * as appointments from '../appointments/service';
import { requireCareBetweenVisits } from '../clinic-features/service';
import * as patients from '../patients/service';
import * as reports from '../reports/service';
import * as services from '../services/service';
import {
  assertPatientInReach,
  audit,
  type Caller,
  checkInNotFound,
  MANAGERS,
  reachesPatient,
  toCheckIn,
  toSchedule,
} from './access';
import * as repository from './repository';
import { dischargeMeasures, startWeeklyCycle, stopWeeklyCycles } from './triggers';

type Ctx = Pick<AppContext, 'db' | 'events'>;

/** The caller's check-ins: a patient's own, or one patient's when the caller names one in their reach. */
export async function listCheckIns(
  db: Db,
  caller: Caller,
  { patientId, meta }: { patientId?: string; meta: RequestMeta },
): Promise<CheckInList> {
  await requireCareBetweenVisits(db);
  const whose = caller.role === 'patient' ? caller.id : patientId;
  if (caller.role === 'patient' && patientId && patientId !== caller.id)
    throw notFound(patients.PATIENT_NOT_FOUND);
  let rows: repository.CheckInRow[];
  if (whose) {
    await assertPatientInReach(db, caller, whose);
    rows = await repository.listCheckIns(db, { patientId: whose });
  } else if (caller.role === 'practitioner')
    rows = await repository.listCheckIns(db, { patientIdsIn: patients.patientIdsInReachOf(caller.id) });
  else rows = await repository.listCheckIns(db, {});
  await audit(db, caller, {
    action: 'check_in.listed',
    entity: { type: 'patient', id: whose ?? null },
    meta,
    details: { count: rows.length },
  });
  return { items: rows.map(toCheckIn) };
}

/** One check-in the caller reaches; anything else does not exist for them. */
export async function getCheckIn(db: Db, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  await requireCareBetweenVisits(db);
  const row = await repository.findCheckIn(db, id);
  if (!row || !(await reachesPatient(db, caller, row.patientId))) throw checkInNotFound();
  await audit(db, caller, { action: 'check_in.read', entity: { type: 'check_in', id }, meta });
  return toCheckIn(row);
}

/**
 * Sends a measure to a patient now (reason 'sent', by a practitioner of their care team), or for a schedule
 * (by nobody). The patient is told once it has committed.
 */
export async function sendCheckIn(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: SendCheckInInput; meta: RequestMeta },
): Promise<CheckIn> {
  await requireCareBetweenVisits(ctx.db);
  await assertPatientInReach(ctx.db, caller, input.patientId);
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertCheckIn(tx, {
      patientId: input.patientId,
      measure: input.measure,
      reason: 'sent',
      requestedBy: caller.id,
    });
    await audit(tx, caller, {
      action: 'check_in.sent',
      entity: { type: 'check_in', id: created },
      meta,
      details: { patientId: input.patientId, measure: input.measure },
    });
    return created!;
  });
  ctx.events.publish('check-in.changed', {
    checkInId: id,
    patientId: input.patientId,
    actorId: caller.id,
    change: 'requested',
  });
  return toCheckIn((await repository.findCheckIn(ctx.db, id))!);
}

/** The patient answers their own check-in once; the answers are scored by the measure's published rule. */
export async function submitCheckIn(
  ctx: Ctx,
  caller: Caller,
  { id, input, meta }: { id: string; input: SubmitCheckInInput; meta: RequestMeta },
): Promise<CheckIn> {
  await requireCareBetweenVisits(ctx.db);
  const patientId = await ctx.db.transaction(async (tx) => {
    const row = await repository.lockCheckIn(tx, id);
    if (!row || !(await reachesPatient(tx, caller, row.patientId))) throw checkInNotFound();
    if (caller.id !== row.patientId) throw forbidden('Only the patient answers their check-in');
    if (row.status !== 'due') throw new AppError('CONFLICT', CHECK_IN_ERRORS.notDue);
    const result = scoreMeasure(row.measure, input.answers);
    if (!result.ok) {
      const fields = Object.fromEntries(result.problems.map((p) => [`answers.${p.linkId}`, p.message]));
      throw badRequest(result.problems[0]!.message, fields);
    }
    const answers = input.answers.map((answer) => ({
      linkId: answer.linkId,
      value: typeof answer.value === 'string' ? answer.value.trim() : answer.value,
    }));
    await repository.insertResponse(tx, {
      checkInId: id,
      patientId: row.patientId,
      measure: row.measure,
      answers,
      score: result.score,
    });
    await audit(tx, caller, {
      action: 'check_in.completed',
      entity: { type: 'check_in', id },
      meta,
      details: { patientId: row.patientId, measure: row.measure },
    });
    return row.patientId;
  });
  ctx.events.publish('check-in.changed', {
    checkInId: id,
    patientId,
    actorId: caller.id,
    change: 'completed',
  });
  return toCheckIn((await repository.findCheckIn(ctx.db, id))!);
}

/** Each measure the patient answered: every score, the first and latest, the change and whether it passes the MCID. */
export async function outcomeSummary(
  db: Db,
  caller: Caller,
  { patientId, meta }: { patientId: string; meta: RequestMeta },
): Promise<OutcomeSummary> {
  await requireCareBetweenVisits(db);
  await assertPatientInReach(db, caller, patientId);
  const rows = await repository.scoresOf(db, patientId);
  const byMeasure = new Map<OutcomeMeasureCode, typeof rows>();
  for (const row of rows) byMeasure.set(row.measure, [...(byMeasure.get(row.measure) ?? []), row]);
  const trends: MeasureTrend[] = [...byMeasure].map(([measure, list]) => {
    const baseline = list[0]!.score;
    const latest = list[list.length - 1]!.score;
    return {
      measure,
      points: list.map((row) => ({
        checkInId: row.checkInId,
        at: row.completedAt.toISOString(),
        score: row.score,
      })),
      baseline,
      latest,
      ...improvementOf(measure, { baseline, latest }),
    };
  });
  await audit(db, caller, {
    action: 'check_in.outcomes_read',
    entity: { type: 'patient', id: patientId },
    meta,
  });
  return { patientId, trends };
}

/**
 * A patient's schedules (their care team and the clinic see them), with the schedules of the services they
 * are booked with when asked; or the clinic's per-service ones.
 */
export async function listSchedules(
  db: Db,
  caller: Caller,
  { patientId, include }: { patientId?: string; include?: 'services' },
): Promise<ScheduleList> {
  await requireCareBetweenVisits(db);
  if (patientId) {
    await assertPatientInReach(db, caller, patientId);
    if (caller.role === 'patient') throw forbidden();
    const rows =
      include === 'services'
        ? await repository.schedulesFor(db, {
            patientId,
            serviceTypeIds: await appointments.serviceTypesOfPatient(db, patientId),
            triggers: SCHEDULE_TRIGGERS,
          })
        : await repository.listSchedules(db, { patientId });
    return { items: rows.map(toSchedule) };
  }
  if (!MANAGERS.includes(caller.role) && caller.role !== 'practitioner') throw forbidden();
  return { items: (await repository.listSchedules(db, { services: true })).map(toSchedule) };
}

/**
 * A practitioner sets a schedule for a patient of their care team; staff and admin set per-service ones. A
 * patient's every-N-weeks schedule starts its cycle now.
 */
export async function createSchedule(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: CreateScheduleInput; meta: RequestMeta },
) {
  await requireCareBetweenVisits(ctx.db);
  if (input.patientId) {
    if (caller.role !== 'practitioner')
      throw forbidden("Only the patient's practitioner sets their schedule");
    await assertPatientInReach(ctx.db, caller, input.patientId);
  } else {
    if (!MANAGERS.includes(caller.role)) throw forbidden('Only staff and admins set schedules for a service');
    if (!(await services.findServiceType(ctx.db, input.serviceTypeId!)))
      throw badRequest(CHECK_IN_ERRORS.serviceTypeNotFound, {
        serviceTypeId: CHECK_IN_ERRORS.serviceTypeNotFound,
      });
  }
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertSchedule(tx, {
      patientId: input.patientId ?? null,
      serviceTypeId: input.serviceTypeId ?? null,
      measure: input.measure,
      trigger: input.trigger,
      interval: input.interval ?? null,
      createdBy: caller.id,
    });
    if (input.patientId && input.trigger === 'every_weeks')
      await startWeeklyCycle(tx, { scheduleId: created, patientId: input.patientId, weeks: input.interval! });
    await audit(tx, caller, {
      action: 'check_in.schedule_created',
      entity: { type: 'check_in_schedule', id: created },
      meta,
      details: { patientId: input.patientId ?? null, measure: input.measure, trigger: input.trigger },
    });
    return created;
  });
  if (input.patientId) scheduleChanged(ctx, caller, input.patientId);
  return toSchedule((await repository.findSchedule(ctx.db, id))!);
}

/** The schedule's setter's kind removes it: the patient's practitioner, or staff and admin for a service. */
export async function deleteSchedule(
  ctx: Ctx,
  caller: Caller,
  { id, meta }: { id: string; meta: RequestMeta },
) {
  await requireCareBetweenVisits(ctx.db);
  const row = await repository.findSchedule(ctx.db, id);
  const reaches = row?.patientId
    ? caller.role !== 'patient' && (await reachesPatient(ctx.db, caller, row.patientId))
    : caller.role !== 'patient' && caller.role !== 'member';
  if (!row || !reaches) throw notFound(CHECK_IN_ERRORS.scheduleNotFound);
  if (row.patientId ? caller.role !== 'practitioner' : !MANAGERS.includes(caller.role)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await repository.deleteSchedule(tx, id);
    await stopWeeklyCycles(tx, [id]);
    await audit(tx, caller, {
      action: 'check_in.schedule_deleted',
      entity: { type: 'check_in_schedule', id },
      meta,
    });
  });
  if (row.patientId) scheduleChanged(ctx, caller, row.patientId);
}

/** A patient's own schedule changed: their open records and check-in screens ask again (realtime/pushes.ts). */
function scheduleChanged(ctx: Ctx, caller: Caller, patientId: string) {
  ctx.events.publish('check-in.changed', {
    checkInId: null,
    patientId,
    actorId: caller.id,
    change: 'schedule',
  });
}

/**
 * A practitioner discharges a patient of their care team from between-visit check-ins: the discharge
 * measures go out and the weekly ones stop.
 */
export async function dischargePatient(
  ctx: Ctx,
  caller: Caller,
  { patientId, meta }: { patientId: string; meta: RequestMeta },
) {
  await requireCareBetweenVisits(ctx.db);
  await assertPatientInReach(ctx.db, caller, patientId);
  if (caller.role !== 'practitioner') throw forbidden("Only the patient's practitioner discharges them");
  const result = await ctx.db.transaction(async (tx) => {
    const discharged = await dischargeMeasures(ctx, tx, { patientId, actorId: caller.id });
    await repository.insertDischarge(tx, { patientId, dischargedBy: caller.id });
    await audit(tx, caller, {
      action: 'check_in.discharged',
      entity: { type: 'patient', id: patientId },
      meta,
      details: { sent: discharged.sent.filter((s) => s.id).length },
    });
    return discharged;
  });
  result.announce();
  return { sent: result.sent.filter((s) => s.id).length };
}

/** The window of the outcomes report: the days asked for, or the last OUTCOME_REPORT_DEFAULT_DAYS up to today. */
function outcomeWindow(query: OutcomeReportQuery) {
  const to = query.to ?? clinicToday();
  const from = query.from ?? addDays(to, -(OUTCOME_REPORT_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(OUTCOME_REPORT_ERRORS.order, { to: OUTCOME_REPORT_ERRORS.order });
  if (addDays(from, OUTCOME_REPORT_MAX_DAYS - 1) < to)
    throw badRequest(OUTCOME_REPORT_ERRORS.tooLong, { to: OUTCOME_REPORT_ERRORS.tooLong });
  return { from, to };
}

const byMeasureThenLabel = (a: OutcomeReportRow, b: OutcomeReportRow) =>
  OUTCOME_MEASURE_CODES.indexOf(a.measure) - OUTCOME_MEASURE_CODES.indexOf(b.measure) ||
  Number(a.key === null) - Number(b.key === null) ||
  a.label.localeCompare(b.label);

/**
 * Outcomes by practitioner and by service for the clinic (staff and admin), over a window of clinic days and
 * optionally one measure; one aggregate query. The reading is logged like the other reports', without figures.
 */
export async function outcomeReport(
  db: Db,
  caller: Caller,
  { query, meta }: { query: OutcomeReportQuery; meta: RequestMeta },
): Promise<OutcomeReport> {
  if (!MANAGERS.includes(caller.role)) throw forbidden();
  await requireCareBetweenVisits(db);
  const { from, to } = outcomeWindow(query);
  const measure = query.measure ?? null;
  const rows = await reports.outcomeRows(db, {
    start: clinicDayStart(from),
    end: clinicDayStart(to, 1),
    measure,
  });
  const answer: OutcomeReport = {
    from,
    to,
    timeZone: CLINIC_TIME_ZONE,
    measure,
    byPractitioner: [],
    byService: [],
  };
  for (const row of rows) {
    const named =
      row.grouping === 'practitioner'
        ? row.first_name === null
          ? null
          : `${row.first_name} ${row.last_name}`
        : row.service_name;
    const entry: OutcomeReportRow = {
      key: row.key,
      label: named ?? OUTCOME_REPORT_NO_APPOINTMENT,
      measure: row.measure,
      patients: row.patients,
      baselineMean: row.baseline_mean,
      latestMean: row.latest_mean,
      improved: row.improved,
      improvedShare: row.improved / row.patients,
    };
    (row.grouping === 'practitioner' ? answer.byPractitioner : answer.byService).push(entry);
  }
  answer.byPractitioner.sort(byMeasureThenLabel);
  answer.byService.sort(byMeasureThenLabel);
  await recordReportViewed(db, caller, { meta, details: { report: 'outcomes', from, to, measure } });
  return answer;
}
