import {
  APPOINTMENT_PAGE_SIZE,
  type AppointmentPage,
  type AppointmentStatus,
  type ListAppointmentsQuery,
} from '../../../shared/scheduling';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { RequestMeta } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/errors';
import * as patients from '../patients/service';
import {
  APPOINTMENT_NOT_FOUND,
  audit,
  type Caller,
  MANAGERS,
  readableAppointment,
  toAppointment,
  videoJoinUrl,
  videoViewOf,
} from './access';
import { advanceAppointment } from './changes';
import type { Ctx } from './commit';
import * as repository from './repository';

/*
 * Reading the diary: one appointment, the lists and calendars, and what other features ask of it. Booking is
 * in booking.ts; what happens to an appointment afterwards, in changes.ts.
 */

export const INVALID_CURSOR = 'Cursor is not valid';

export async function getAppointment(
  db: Db,
  caller: Caller,
  { id, meta, config }: { id: string; meta: RequestMeta; config?: Pick<Config, 'appUrl'> },
) {
  const row = await readableAppointment(db, caller, { id });
  await audit(db, caller, { action: 'appointment.viewed', id, meta, details: { patientId: row.patientId } });
  return toAppointment(row, await videoViewOf(db, config));
}

const encodeCursor = (row: repository.AppointmentRow) => `${row.startsAt.toISOString()}_${row.id}`;

function decodeCursor(cursor: string): repository.Cursor {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i.exec(cursor);
  const startsAt = match ? new Date(match[1]) : null;
  if (!match || !startsAt || Number.isNaN(startsAt.getTime()))
    throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return { startsAt, id: match[2] };
}

/**
 * The appointments the caller may see, filtered: a calendar asks for a window (from, to), the lists for a
 * scope. Upcoming ones run earliest first; past and cancelled newest first.
 */
export async function listAppointments(
  db: Db,
  caller: Caller,
  {
    query,
    meta,
    config,
  }: { query: ListAppointmentsQuery; meta: RequestMeta; config?: Pick<Config, 'appUrl'> },
): Promise<AppointmentPage> {
  if (!MANAGERS.includes(caller.role) && caller.role !== 'practitioner' && caller.role !== 'patient')
    throw forbidden();
  const limit = query.limit ?? APPOINTMENT_PAGE_SIZE;
  const rows = await repository.listAppointments(db, {
    reach:
      caller.role === 'practitioner'
        ? { practitionerId: caller.id, patientIdsIn: patients.patientIdsInReachOf(caller.id) }
        : undefined,
    ownPatientId: caller.role === 'patient' ? caller.id : undefined,
    practitionerId: query.practitionerId,
    patientId: query.patientId,
    status: query.status,
    scope: query.scope,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    now: new Date(),
    cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  // One entry per list read: who looked, how many the page showed and whose appointments were asked for.
  await audit(db, caller, {
    action: 'appointment.listed',
    id: null,
    meta,
    details: {
      count: page.length,
      patientId: query.patientId ?? null,
      practitionerId: query.practitionerId ?? null,
    },
  });
  const video = await videoViewOf(db, config);
  return {
    items: page.map((row) => toAppointment(row, video)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null,
  };
}

export { APPOINTMENT_NOT_FOUND, audit, videoJoinUrl };

/** Marks an appointment completed (from a video visit's call): the same rules and events as the route's. */
export const completeAppointment = (
  ctx: Ctx,
  caller: Caller,
  { id, meta }: { id: string; meta: RequestMeta },
) => advanceAppointment(ctx, caller, { id, action: 'complete', meta });

/*
 * Figures for the dashboards. The dashboard has decided who is asking; these read no notes and write no log
 * entry of their own (the dashboard logs its reading once).
 */

/** A patient's next appointment: the earliest one still on (not cancelled, not done) that has not ended. */
export async function nextAppointmentOf(db: Db, patientId: string, now = new Date()) {
  const [row] = await repository.listAppointments(db, { patientId, scope: 'upcoming', now, limit: 1 });
  return row ? toAppointment(row) : null;
}

/** The appointments overlapping [from, to), earliest first: one practitioner's, or the whole clinic's. */
export async function appointmentsBetween(
  db: Db,
  window: { from: Date; to: Date; practitionerId?: string; limit: number },
) {
  const rows = await repository.listAppointments(db, {
    practitionerId: window.practitionerId,
    from: window.from,
    to: window.to,
    now: new Date(),
    limit: window.limit,
  });
  return rows.map((row) => toAppointment(row));
}

/** How many of the clinic's appointments overlapping [from, to) are in each status. */
export async function countByStatusBetween(db: Db, window: { from: Date; to: Date }) {
  const counts: Record<AppointmentStatus, number> = {
    scheduled: 0,
    confirmed: 0,
    checked_in: 0,
    completed: 0,
    cancelled: 0,
    no_show: 0,
  };
  for (const row of await repository.countByStatus(db, window)) counts[row.status] = row.count;
  return counts;
}

/** Whom an appointment is between, for a record that links to it; null when there is no such appointment. */
export async function partiesOf(db: Db | Tx, id: string) {
  const row = await repository.findAppointment(db, id);
  return row
    ? { patientId: row.patientId, practitionerId: row.practitionerId, serviceTypeId: row.serviceTypeId }
    : null;
}

/** How many of a patient's appointments (with one service, or any) are in these statuses. */
export const countPatientAppointments = (
  db: Db | Tx,
  options: { patientId: string; serviceTypeId?: string; statuses: readonly AppointmentStatus[] },
) => repository.countPatientAppointments(db, options);

/** The service types a patient has been booked for, cancellations aside. */
export const serviceTypesOfPatient = (db: Db | Tx, patientId: string) =>
  repository.serviceTypesOfPatient(db, patientId);

/** What a video visit's call needs of its appointment: its parties, time and status; null when there is none. */
export async function callAppointmentOf(db: Db | Tx, id: string) {
  const row = await repository.findAppointment(db, id);
  return row ? toCallAppointment(row) : null;
}

export type CallAppointment = ReturnType<typeof toCallAppointment>;

const toCallAppointment = (row: repository.AppointmentRow) => ({
  id: row.id,
  patientId: row.patientId,
  patientName: row.patientName,
  practitionerId: row.practitionerId,
  practitionerName: row.practitionerName,
  serviceName: row.serviceName,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  status: row.status,
  isVideo: row.isVideo,
});

/**
 * The video visits (cancelled ones aside) overlapping [from, to), earliest first: one patient's, one
 * practitioner's, or the whole clinic's. The caller has decided whose it may see.
 */
export async function videoVisitsBetween(
  db: Db,
  window: { from: Date; to: Date; patientId?: string; practitionerId?: string; limit: number },
) {
  const rows = await repository.listAppointments(db, {
    ownPatientId: window.patientId,
    practitionerId: window.practitionerId,
    videoVisits: true,
    from: window.from,
    to: window.to,
    now: new Date(),
    limit: window.limit,
  });
  return rows.map(toCallAppointment);
}
