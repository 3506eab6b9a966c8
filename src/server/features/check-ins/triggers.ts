import type { CheckInReason } from '../../../shared/check-ins';
import type { OutcomeMeasureCode } from '../../../shared/outcome-measures';
import type { Db, Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { AppointmentEvent } from '../../platform/events';
import { enqueue, type Job, type JobHandler } from '../../platform/jobs';
import * as appointments from '../appointments/service';
import { getFeatures } from '../clinic-features/service';
import { audit } from './access';
import * as repository from './repository';

/*
 * What sends a measure by itself (decision 0036):
 * - intake: the patient's first appointment with a service is booked (due at its start), so the baseline
 *   comes before treatment; a patient's own intake schedule uses their first booking of any service;
 * - every N visits: the Nth, 2Nth… completed appointment (with that service, or any for a patient's own);
 * - every N weeks: a keyed job per schedule, patient and cycle, from the schedule (a patient's own) or the
 *   intake (a service's), until the schedule is removed or the patient is discharged;
 * - discharge: the practitioner's "discharge" action.
 * Each occasion has a key stored with the check-in, so an event seen twice or a job run twice sends once.
 */

type Ctx = Pick<AppContext, 'db' | 'events'>;
export const WEEKLY_JOB = 'check_ins.weekly';
const WEEK_MS = 7 * 86_400_000;

export async function sendScheduled(
  db: Db | Tx,
  values: {
    patientId: string;
    measure: OutcomeMeasureCode;
    reason: CheckInReason;
    scheduleId: string | null;
    occasion: string;
    appointmentId?: string | null;
    dueAt?: Date;
    requestedBy?: string | null;
  },
) {
  const id = await repository.insertCheckIn(db, values);
  if (!id) return null;
  await audit(db, null, {
    action: 'check_in.sent',
    entity: { type: 'check_in', id },
    details: { patientId: values.patientId, measure: values.measure, reason: values.reason },
  });
  return id;
}

const announce = (
  ctx: Ctx,
  sent: Array<{ id: string | null; patientId: string }>,
  actorId: string | null,
) => {
  for (const { id, patientId } of sent)
    if (id)
      ctx.events.publish('check-in.changed', { checkInId: id, patientId, actorId, change: 'requested' });
};

export async function startWeeklyCycle(
  db: Db | Tx,
  options: {
    scheduleId: string;
    patientId: string;
    weeks: number;
    cycle?: number;
    from?: Date;
    startedAt?: string;
  },
) {
  const { scheduleId, patientId, weeks, cycle = 1, from = new Date() } = options;
  // The cycle's first start travels with every run, so a discharge after it ends the whole cycle.
  const startedAt = options.startedAt ?? from.toISOString();
  await enqueue(db, {
    kind: WEEKLY_JOB,
    key: `${WEEKLY_JOB}:${scheduleId}:${patientId}:${cycle}`,
    runAt: new Date(from.getTime() + weeks * WEEK_MS),
    payload: { scheduleId, patientId, cycle, startedAt },
  });
}

/** Removing a schedule ends its cycles: the next run finds no schedule and stops, so nothing is withdrawn here. */
export async function stopWeeklyCycles(_db: Db | Tx, _scheduleIds: string[]) {}

async function runWeekly(ctx: Ctx, job: Job) {
  const scheduleId = String(job.payload.scheduleId);
  const patientId = String(job.payload.patientId);
  const cycle = Number(job.payload.cycle);
  const schedule = await repository.findSchedule(ctx.db, scheduleId);
  if (schedule?.trigger !== 'every_weeks' || !schedule.interval) return;
  if (await repository.dischargedSince(ctx.db, patientId, new Date(String(job.payload.startedAt)))) return;
  const on = (await getFeatures(ctx.db)).features.careBetweenVisits;
  const id = await ctx.db.transaction(async (tx) => {
    const sent = on
      ? await sendScheduled(tx, {
          patientId,
          measure: schedule.measure,
          reason: 'weeks',
          scheduleId,
          occasion: `weeks:${scheduleId}:${patientId}:${cycle}`,
        })
      : null;
    await startWeeklyCycle(tx, {
      scheduleId,
      patientId,
      weeks: schedule.interval!,
      cycle: cycle + 1,
      from: job.runAt,
      startedAt: String(job.payload.startedAt),
    });
    return sent;
  });
  announce(ctx, [{ id, patientId }], null);
}

export const checkInJobHandlers = (ctx: Ctx): Record<string, JobHandler> => ({
  [WEEKLY_JOB]: (job) => runWeekly(ctx, job),
});

/** A first booking with a service sends its intake measures and starts its weekly cycles. */
async function onBooked(ctx: Ctx, event: AppointmentEvent) {
  const parties = await appointments.partiesOf(ctx.db, event.appointmentId);
  if (!parties) return;
  const booked = ['scheduled', 'confirmed', 'checked_in', 'completed', 'no_show'] as const;
  const [withService, withAny] = await Promise.all([
    appointments.countPatientAppointments(ctx.db, {
      patientId: event.patientId,
      serviceTypeId: parties.serviceTypeId,
      statuses: booked,
    }),
    appointments.countPatientAppointments(ctx.db, { patientId: event.patientId, statuses: booked }),
  ]);
  if (withService !== 1) return;
  const schedules = await repository.schedulesFor(ctx.db, {
    patientId: event.patientId,
    serviceTypeIds: [parties.serviceTypeId],
    triggers: ['intake', 'every_weeks'],
  });
  const sent = await ctx.db.transaction(async (tx) => {
    const ids: Array<{ id: string | null; patientId: string }> = [];
    for (const schedule of schedules) {
      if (schedule.patientId && withAny !== 1) continue;
      if (schedule.trigger === 'every_weeks') {
        if (!schedule.patientId)
          await startWeeklyCycle(tx, {
            scheduleId: schedule.id,
            patientId: event.patientId,
            weeks: schedule.interval!,
          });
        continue;
      }
      const id = await sendScheduled(tx, {
        patientId: event.patientId,
        measure: schedule.measure,
        reason: 'intake',
        scheduleId: schedule.id,
        appointmentId: event.appointmentId,
        occasion: `intake:${schedule.id}:${event.patientId}`,
        dueAt: new Date(event.startsAt),
      });
      ids.push({ id, patientId: event.patientId });
    }
    return ids;
  });
  announce(ctx, sent, event.actorId);
}

/** The Nth completed visit (with the service, or any for a patient's own schedule) sends its measure. */
async function onCompleted(ctx: Ctx, event: AppointmentEvent) {
  const parties = await appointments.partiesOf(ctx.db, event.appointmentId);
  if (!parties) return;
  const schedules = await repository.schedulesFor(ctx.db, {
    patientId: event.patientId,
    serviceTypeIds: [parties.serviceTypeId],
    triggers: ['every_visits'],
  });
  if (schedules.length === 0) return;
  const sent = await ctx.db.transaction(async (tx) => {
    const ids: Array<{ id: string | null; patientId: string }> = [];
    for (const schedule of schedules) {
      const visits = await appointments.countPatientAppointments(tx, {
        patientId: event.patientId,
        serviceTypeId: schedule.patientId ? undefined : parties.serviceTypeId,
        statuses: ['completed'],
      });
      if (visits === 0 || visits % schedule.interval! !== 0) continue;
      const id = await sendScheduled(tx, {
        patientId: event.patientId,
        measure: schedule.measure,
        reason: 'visits',
        scheduleId: schedule.id,
        appointmentId: event.appointmentId,
        occasion: `visits:${schedule.id}:${event.appointmentId}`,
      });
      ids.push({ id, patientId: event.patientId });
    }
    return ids;
  });
  announce(ctx, sent, event.actorId);
}

/** Appointments drive intake and every-N-visits check-ins while the clinic has care between visits on. */
export function sendCheckInsOnAppointments(ctx: Ctx) {
  const whenOn = (work: (event: AppointmentEvent) => Promise<void>) => async (event: AppointmentEvent) => {
    if ((await getFeatures(ctx.db)).features.careBetweenVisits) await work(event);
  };
  ctx.events.subscribe(
    'appointment.created',
    whenOn((event) => onBooked(ctx, event)),
  );
  ctx.events.subscribe(
    'appointment.updated',
    whenOn((event) => (event.change === 'completed' ? onCompleted(ctx, event) : Promise.resolve())),
  );
}

/** Discharge sends the patient's discharge measures (their own schedules and their services'). */
export async function dischargeMeasures(
  ctx: Ctx,
  tx: Tx,
  { patientId, actorId }: { patientId: string; actorId: string },
) {
  const serviceTypeIds = await appointments.serviceTypesOfPatient(tx, patientId);
  const schedules = await repository.schedulesFor(tx, { patientId, serviceTypeIds, triggers: ['discharge'] });
  const stamp = new Date().toISOString();
  const sent: Array<{ id: string | null; patientId: string }> = [];
  for (const schedule of schedules)
    sent.push({
      id: await sendScheduled(tx, {
        patientId,
        measure: schedule.measure,
        reason: 'discharge',
        scheduleId: schedule.id,
        requestedBy: actorId,
        occasion: `discharge:${schedule.id}:${patientId}:${stamp}`,
      }),
      patientId,
    });
  return { sent, announce: () => announce(ctx, sent, actorId) };
}
