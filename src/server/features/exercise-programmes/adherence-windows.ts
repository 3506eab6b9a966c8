import type { Db, Tx } from '../../db/client';
import { addDays, clinicDayStart, clinicToday } from '../../platform/clinic-time';
import { enqueueOnce, type Job, type JobHandler } from '../../platform/jobs';
import { getFeatures } from '../clinic-features/service';
import * as repository from './repository';
import { worseningWindows } from './service';

export const ADHERENCE_WINDOWS_JOB = 'exercise_adherence_windows';

/** One job per clinic day, due at the day's start: the key keeps it once a day whatever the instances. */
const windowsJob = (day: string) => ({
  kind: ADHERENCE_WINDOWS_JOB,
  key: `${ADHERENCE_WINDOWS_JOB}:${day}`,
  runAt: clinicDayStart(day),
  payload: { day },
});

/** Sums the worsening list's windows for the clinic day `day` (the 14 days before it) for every patient. */
export async function sumAdherenceWindows(db: Db | Tx, day: string) {
  await repository.saveAdherenceWindows(db, worseningWindows(day));
}

/**
 * At start-up: today's sums (due now when the night's job never ran; a job that ran keeps its key and is not
 * queued again) and tomorrow's. A start with both in place writes nothing.
 */
export async function scheduleAdherenceWindows(db: Db, now = new Date()) {
  const today = clinicToday(now);
  await enqueueOnce(db, [windowsJob(today), windowsJob(addDays(today, 1))]);
}

/** Queues the next day's sums first, so that the chain goes on whatever happens next, then sums the day's. */
export function adherenceWindowsHandler(ctx: { db: Db }): JobHandler {
  return async (job: Job) => {
    const day = String(job.payload.day);
    await enqueueOnce(ctx.db, [windowsJob(addDays(day, 1))]);
    // A later day's sums already there are newer; a clinic without the capability has no list to serve.
    if (day !== clinicToday() || !(await getFeatures(ctx.db)).features.careBetweenVisits) return;
    await sumAdherenceWindows(ctx.db, day);
  };
}
