import { TZDate } from '@date-fns/tz';
import { DEFAULT_REMINDER, MY_EXERCISES_PATH, type Reminder } from '../../../shared/exercise-programmes';
import { CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { addDays, clinicToday } from '../../platform/clinic-time';
import type { AppContext, RequestMeta } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { cancelJob, enqueue, enqueueMany, type Job, type JobHandler } from '../../platform/jobs';
import * as accounts from '../accounts/service';
import { getFeatures, requireCareBetweenVisits } from '../clinic-features/service';
import { raise } from '../notifications/service';
import { audit, type Caller } from './access';
import { ADHERENCE_WINDOWS_JOB, adherenceWindowsHandler } from './adherence-windows';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>;

export const EXERCISE_REMINDER_JOB = 'exercise_reminder';

/**
 * One job per patient and clinic day. The key is unique in the jobs table and a job that ran is never queued
 * again under its key, so however many instances schedule the same day, the patient is reminded once.
 */
const reminderKey = (patientId: string, day: string) => `${EXERCISE_REMINDER_JOB}:${patientId}:${day}`;

/** The instant of HH:MM on a clinic day, in the clinic's zone (a day the clocks change keeps its wall time). */
function instantOf(day: string, timeOfDay: string) {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = timeOfDay.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, date, hours, minutes, CLINIC_TIME_ZONE).getTime());
}

/** The next reminder at or after `now`: today's if its time has not passed, otherwise tomorrow's. */
export function nextReminder(timeOfDay: string, now = new Date()) {
  const today = clinicToday(now);
  const at = instantOf(today, timeOfDay);
  if (at.getTime() >= now.getTime()) return { day: today, at };
  const tomorrow = addDays(today, 1);
  return { day: tomorrow, at: instantOf(tomorrow, timeOfDay) };
}

async function schedule(
  tx: Db | Tx,
  { patientId, timeOfDay, now = new Date() }: { patientId: string; timeOfDay: string; now?: Date },
) {
  const next = nextReminder(timeOfDay, now);
  await enqueue(tx, {
    kind: EXERCISE_REMINDER_JOB,
    key: reminderKey(patientId, next.day),
    runAt: next.at,
    payload: { patientId, day: next.day },
  });
}

export async function getReminder(db: Db, caller: Caller): Promise<Reminder> {
  await requireCareBetweenVisits(db);
  if (caller.role !== 'patient') throw forbidden();
  const row = await repository.findReminder(db, caller.id);
  return row ? { enabled: row.enabled, timeOfDay: row.timeOfDay, email: row.email } : DEFAULT_REMINDER;
}

/** Saves the patient's choice and moves today's and tomorrow's reminder to match it, in one transaction. */
export async function saveReminder(
  db: Db,
  caller: Caller,
  { input, meta, now = new Date() }: { input: Reminder; meta: RequestMeta; now?: Date },
): Promise<Reminder> {
  await requireCareBetweenVisits(db);
  if (caller.role !== 'patient') throw forbidden();
  await db.transaction(async (tx) => {
    await repository.saveReminder(tx, { patientId: caller.id, ...input });
    const today = clinicToday(now);
    await cancelJob(tx, reminderKey(caller.id, today));
    await cancelJob(tx, reminderKey(caller.id, addDays(today, 1)));
    // The next reminder and the one after: when today's already ran, its key stays done and tomorrow's keeps
    // the daily chain going.
    if (input.enabled) {
      await schedule(tx, { patientId: caller.id, timeOfDay: input.timeOfDay, now });
      const next = nextReminder(input.timeOfDay, now);
      await schedule(tx, {
        patientId: caller.id,
        timeOfDay: input.timeOfDay,
        now: instantOf(addDays(next.day, 1), '00:00'),
      });
    }
    await audit(tx, caller, {
      action: 'exercise-programme.reminder-saved',
      entity: { type: 'patient', id: caller.id },
      meta,
      details: { patientId: caller.id, enabled: input.enabled, email: input.email },
    });
  });
  return getReminder(db, caller);
}

/**
 * At start-up an instance queues the next reminder of each patient whose daily chain is missing (reminders on,
 * no job of theirs queued or running): every run queues the next day's, so in the steady state this is one
 * read and no write, however many patients and instances. The keys still make it one job a day.
 */
export async function scheduleExerciseReminders(db: Db, now = new Date()) {
  const rows = await repository.remindersWithoutJob(db, EXERCISE_REMINDER_JOB);
  const jobs = rows.map((row) => {
    const next = nextReminder(row.timeOfDay, now);
    return {
      kind: EXERCISE_REMINDER_JOB,
      key: reminderKey(row.patientId, next.day),
      runAt: next.at,
      payload: { patientId: row.patientId, day: next.day },
    };
  });
  for (let start = 0; start < jobs.length; start += 500)
    await enqueueMany(db, jobs.slice(start, start + 500));
}

/**
 * Reminds the patient in the portal and, when they asked for it, by email; then queues tomorrow's. Nothing
 * is sent while the capability is off, the reminder was turned off, or no programme is running today. The
 * words name no exercise or condition (health data stays in the portal).
 */
function reminderHandler(ctx: Ctx): JobHandler {
  return async (job: Job) => {
    const patientId = String(job.payload.patientId);
    const day = String(job.payload.day);
    const reminder = await repository.findReminder(ctx.db, patientId);
    if (!reminder?.enabled) return;
    await schedule(ctx.db, {
      patientId,
      timeOfDay: reminder.timeOfDay,
      now: instantOf(addDays(day, 1), '00:00'),
    });
    if (!(await getFeatures(ctx.db)).features.careBetweenVisits) return;
    const running = (await repository.programmesOf(ctx.db, patientId, { activeOnly: true })).some(
      (row) => row.startDate <= day,
    );
    const patient = await accounts.findAccountById(ctx.db, patientId);
    if (!running || patient?.role !== 'patient' || !patient.isActive) return;
    await raise(ctx, patientId, {
      type: 'system_update',
      title: 'Time for your exercises',
      message: "Your home exercises are waiting: check in today's when you have done them.",
      priority: 'medium',
      actionUrl: MY_EXERCISES_PATH,
      emailedSeparately: true,
    });
    if (reminder.email) {
      const link = `${ctx.config.appUrl.replace(/\/$/, '')}${MY_EXERCISES_PATH}`;
      await ctx.mailer.send({
        to: patient.email,
        subject: 'Clinic Portal: time for your exercises',
        text: `Hello ${patient.firstName},\n\nThis is your daily reminder to do your home exercises. Sign in to check them off:\n${link}\n\nYou can change the time or turn reminders off on that page.\n\nClinic Portal`,
      });
    }
    await recordActivity(ctx.db, {
      actorId: null,
      action: 'exercise-programme.reminded',
      entityType: 'patient',
      entityId: patientId,
      details: { patientId, day, email: reminder.email },
    });
  };
}

export const exerciseJobHandlers = (ctx: Ctx): Record<string, JobHandler> => ({
  [EXERCISE_REMINDER_JOB]: reminderHandler(ctx),
  [ADHERENCE_WINDOWS_JOB]: adherenceWindowsHandler(ctx),
});
