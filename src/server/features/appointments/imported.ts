import { TZDate } from '@date-fns/tz';
import type { Db, Tx } from '../../db/client';
import { lockSchedules } from '../../db/concurrency';
import { recordActivities } from '../../platform/activity';
import { AppError } from '../../platform/errors';
import * as availability from '../availability/service';
import * as services from '../services/service';
import { assertLength, assertPractitioner, offeredService } from './checks';
import { scheduleReminders } from './reminders';
import * as repository from './repository';

/*
 * Appointments brought in from another system's export. They obey the rules a booking by the clinic obeys
 * (an active practitioner, a service still offered, a length within bounds, no clash), checked here with the
 * same functions, plus the practitioner's weekly hours; many at once, for an import's batches.
 */

/** The problem with a rule, in the words the booking itself would answer, or null when it holds. */
async function problemOf(check: () => Promise<unknown> | unknown) {
  try {
    await check();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** Why a practitioner cannot take bookings (not one, or inactive), or null. */
export const practitionerProblem = (db: Db | Tx, practitionerId: string) =>
  problemOf(() => assertPractitioner(db, practitionerId));

/** Why a length is refused (end before start, too short, too long), or null. */
export const lengthProblem = (startsAt: Date, endsAt: Date) =>
  problemOf(() => assertLength(startsAt, endsAt));

/**
 * A service as an import books it. `isVideo` comes only while the clinic has video visits on (the services'
 * own answer), so an import made while they are off books in-person visits as it always did.
 */
export type OfferedService = { id: string; durationMinutes: number; isVideo?: boolean };

/** The services by lower-case name, each with why it cannot be booked (archived) or null. */
export async function servicesByName(db: Db | Tx) {
  const all = await services.listServiceTypes(db as Db, { includeInactive: true });
  const byName = new Map<string, { service: OfferedService; problem: string | null }>();
  for (const service of all) {
    const problem = await problemOf(() => offeredService(db, service.id));
    byName.set(service.name.trim().toLowerCase(), { service, problem });
  }
  return byName;
}

export type WorkingWeek = { timeZone: string; hours: { weekday: number; start: string; end: string }[] };

/** A practitioner's weekly hours and the zone they are told in. */
export async function workingWeekOf(db: Db | Tx, practitionerId: string): Promise<WorkingWeek> {
  const [timeZone, rows] = await Promise.all([
    availability.timeZoneOf(db, practitionerId),
    availability.weeklyHoursOf(db, practitionerId),
  ]);
  return {
    timeZone,
    hours: rows.map((row) => ({ weekday: row.weekday, start: row.start, end: row.end })),
  };
}

const clock = (at: TZDate) =>
  `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;

/** Whether the whole appointment falls within one of the practitioner's working spans of that weekday. */
export function isWithinHours(week: WorkingWeek, { startsAt, endsAt }: { startsAt: Date; endsAt: Date }) {
  const start = new TZDate(startsAt.getTime(), week.timeZone);
  const end = new TZDate(endsAt.getTime(), week.timeZone);
  if (start.getDate() !== end.getDate() && clock(end) !== '00:00') return false;
  const from = clock(start);
  const to = clock(end) === '00:00' ? '24:00' : clock(end);
  return week.hours.some((span) => span.weekday === start.getDay() && span.start <= from && to <= span.end);
}

/** The appointments already held by these practitioners in a window: to match re-imports and find clashes. */
export const appointmentsTouching = (
  db: Db | Tx,
  window: { practitionerIds: string[]; from: Date; to: Date },
) => repository.appointmentsTouching(db, window);

export type ImportedAppointment = {
  id: string;
  patientId: string;
  practitionerId: string;
  serviceTypeId: string;
  startsAt: Date;
  endsAt: Date;
  notes: string;
  /** A video visit when its service is one and the clinic has video visits on, as a booking would be. */
  isVideo: boolean;
};

/**
 * Books a batch as the clinic books: confirmed, with their reminders, each logged (never its notes). The
 * schedules are locked first, and the database's exclusion constraint still refuses a clash that raced in.
 */
export async function bookImportedAppointments(
  tx: Tx,
  { list, actorId }: { list: ImportedAppointment[]; actorId: string | null },
) {
  if (list.length === 0) return;
  await lockSchedules(
    tx,
    list.map((row) => row.practitionerId),
  );
  await repository.insertAppointments(
    tx,
    list.map((row) => ({ ...row, status: 'confirmed' as const, createdBy: actorId })),
  );
  await scheduleReminders(
    tx,
    list.map((row) => ({ appointmentId: row.id, startsAt: row.startsAt })),
  );
  await recordActivities(
    tx,
    list.map((row) => ({
      actorId,
      action: 'appointment.created',
      entityType: 'appointment',
      entityId: row.id,
      details: { patientId: row.patientId, source: 'import' },
    })),
  );
}

/** Removes appointments an import booked (undo). */
export const deleteImportedAppointments = (tx: Tx, ids: string[]) => repository.deleteAppointments(tx, ids);
