import { APPOINTMENT_REMINDER_HOURS, appointmentUrl } from '../../../shared/scheduling';
import type { Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext } from '../../platform/context';
import { cancelJob, enqueueMany, type Job, type JobHandler } from '../../platform/jobs';
import * as availability from '../availability/service';
import { raise } from '../notifications/service';
import { appointmentReminderMessage } from '../notifications/wording';
import { videoJoinUrl, videoViewOf } from './access';
import { whenOf } from './notifications';
import * as repository from './repository';

export const REMINDER_JOB = 'appointment_reminder';
const AHEAD_MS = APPOINTMENT_REMINDER_HOURS * 3_600_000;

/** One reminder per appointment and start time: a moved appointment gets a reminder for its new time. */
const reminderKey = (appointmentId: string, startsAt: Date) =>
  `${REMINDER_JOB}:${appointmentId}:${startsAt.toISOString()}`;

/**
 * Queues the reminder 24 hours before the start (at once when booked closer than that), in the transaction
 * that books or moves the appointment, so neither exists without the other. Nothing for a time passed.
 */
export const scheduleReminder = (tx: Tx, appointmentId: string, startsAt: Date) =>
  scheduleReminders(tx, [{ appointmentId, startsAt }]);

/** The same for many appointments in one statement (the demo clinic's diary). */
export async function scheduleReminders(
  tx: Tx,
  list: { appointmentId: string; startsAt: Date }[],
  now = new Date(),
) {
  await enqueueMany(
    tx,
    list
      .filter(({ startsAt }) => startsAt.getTime() > now.getTime())
      .map(({ appointmentId, startsAt }) => ({
        kind: REMINDER_JOB,
        key: reminderKey(appointmentId, startsAt),
        runAt: new Date(Math.max(now.getTime(), startsAt.getTime() - AHEAD_MS)),
        payload: { appointmentId, startsAt: startsAt.toISOString() },
      })),
  );
}

/** Withdraws the reminder for a start time that no longer holds (moved or cancelled). */
export const withdrawReminder = (tx: Tx, appointmentId: string, startsAt: Date) =>
  cancelJob(tx, reminderKey(appointmentId, startsAt));

/**
 * Reminds the patient in the portal and, as their preferences say (on by default), by email through the
 * mailer. The appointment is read again first: one cancelled, moved, or already under way since the job was
 * queued is not reminded of.
 */
export function reminderHandler(ctx: Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>): JobHandler {
  return async (job: Job) => {
    const appointmentId = String(job.payload.appointmentId);
    const row = await repository.findAppointment(ctx.db, appointmentId);
    if (!row || (row.status !== 'scheduled' && row.status !== 'confirmed')) return;
    if (row.startsAt.toISOString() !== job.payload.startsAt || row.startsAt.getTime() <= Date.now()) return;
    const when = whenOf(
      row.startsAt.toISOString(),
      await availability.timeZoneOf(ctx.db, row.practitionerId),
    );
    // A video visit (while the clinic has them on) says so and carries the way in.
    const video = row.isVideo ? await videoViewOf(ctx.db, ctx.config) : null;
    const joinLine = video ? ` It is a video visit: join at ${videoJoinUrl(video.appUrl, row.id)}` : '';
    await raise(ctx, row.patientId, {
      type: 'appointment_reminder',
      title: 'Appointment reminder',
      message: `${appointmentReminderMessage({ practitionerName: row.practitionerName, when })}${video ? '.' : ''}${joinLine}`,
      priority: 'high',
      actionUrl: appointmentUrl(row.id),
      data: { appointmentId: row.id },
      emailText: `This is a reminder of your appointment with ${row.practitionerName} on ${when}.${joinLine}`,
    });
    await recordActivity(ctx.db, {
      actorId: null,
      action: 'appointment.reminded',
      entityType: 'appointment',
      entityId: row.id,
      details: { patientId: row.patientId },
    });
  };
}

/** The jobs this feature runs, for the worker every instance starts. */
export const appointmentJobHandlers = (ctx: Pick<AppContext, 'db' | 'events' | 'mailer' | 'config'>) => ({
  [REMINDER_JOB]: reminderHandler(ctx),
});
