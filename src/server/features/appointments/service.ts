import {
  APPOINTMENT_MAX_MINUTES,
  APPOINTMENT_MIN_MINUTES,
  APPOINTMENT_PAGE_SIZE,
  APPOINTMENT_TRANSITIONS,
  type AppointmentAction,
  type AppointmentPage,
  type AppointmentStatus,
  type CancelAppointmentInput,
  type CreateAppointmentInput,
  EDITABLE_STATUSES,
  type ListAppointmentsQuery,
  PATIENT_CANCEL_NOTICE_HOURS,
  SCHEDULING_ERRORS,
  transitionRefused,
  type UpdateAppointmentInput,
} from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { hasSqlState, lockSchedules, transactionRetrying } from '../../db/concurrency';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { AppointmentEvent, EventName } from '../../platform/events';
import * as availability from '../availability/service';
import * as careTeam from '../care-team/service';
import * as patients from '../patients/service';
import * as services from '../services/service';
import {
  APPOINTMENT_NOT_FOUND,
  assertMayManage,
  audit,
  type Caller,
  MANAGERS,
  readableAppointment,
  toAppointment,
} from './access';
import { scheduleReminder, withdrawReminder } from './reminders';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'events'>;

export const NO_SHOW_TOO_EARLY = 'A no-show can be recorded only once the appointment has started';
export const PRACTITIONER_BOOKS_OWN =
  'Practitioners book appointments with themselves; the clinic staff can book with anyone';
export const ONLY_STAFF_REASSIGN = 'Only the clinic staff can move an appointment to another practitioner';
export const PATIENT_LENGTH_FIXED = 'A requested appointment lasts as long as its service';
export const INVALID_CURSOR = 'Cursor is not valid';

const conflict = (message: string) => new AppError('CONFLICT', message);
const MINUTE = 60_000;

type Change = AppointmentEvent['change'];
type Outcome = { id: string; event: EventName; change: Change; previousPractitionerId?: string };

/** The database's exclusion constraint refused the time (SQLSTATE 23P01), on either driver. */
const isOverlap = (error: unknown) => hasSqlState(error, '23P01');

/**
 * Runs a change in one transaction with its log entry, then publishes its event once it has committed. A
 * clash with another active appointment of the practitioner, however close the race, is the database's to
 * refuse and answers 409.
 */
async function change(ctx: Ctx, caller: Caller, work: (tx: Tx) => Promise<Outcome>) {
  let outcome: Outcome;
  try {
    outcome = await transactionRetrying(ctx.db, work);
  } catch (error) {
    if (isOverlap(error)) throw conflict(SCHEDULING_ERRORS.overlap);
    throw error;
  }
  const row = (await repository.findAppointment(ctx.db, outcome.id))!;
  ctx.events.publish(outcome.event, {
    appointmentId: row.id,
    patientId: row.patientId,
    practitionerId: row.practitionerId,
    previousPractitionerId: outcome.previousPractitionerId,
    actorId: caller.id,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    change: outcome.change,
  });
  return toAppointment(row);
}

/** The practitioner named must be an active practitioner account. */
async function assertPractitioner(db: Db | Tx, practitionerId: string) {
  const person = await repository.findUserRole(db, practitionerId);
  if (person?.role !== 'practitioner' || !person.isActive)
    throw badRequest(SCHEDULING_ERRORS.notPractitioner, {
      practitionerId: SCHEDULING_ERRORS.notPractitioner,
    });
}

/** A service type that exists and is still offered. */
async function offeredService(db: Db | Tx, serviceTypeId: string) {
  const service = await services.findServiceType(db, serviceTypeId);
  if (!service)
    throw badRequest(SCHEDULING_ERRORS.serviceNotFound, { serviceTypeId: SCHEDULING_ERRORS.serviceNotFound });
  if (!service.active)
    throw badRequest(SCHEDULING_ERRORS.serviceInactive, { serviceTypeId: SCHEDULING_ERRORS.serviceInactive });
  return service;
}

function assertLength(startsAt: Date, endsAt: Date) {
  const minutes = (endsAt.getTime() - startsAt.getTime()) / MINUTE;
  if (minutes <= 0)
    throw badRequest(SCHEDULING_ERRORS.endBeforeStart, { endsAt: SCHEDULING_ERRORS.endBeforeStart });
  if (minutes < APPOINTMENT_MIN_MINUTES)
    throw badRequest(SCHEDULING_ERRORS.tooShort, { endsAt: SCHEDULING_ERRORS.tooShort });
  if (minutes > APPOINTMENT_MAX_MINUTES)
    throw badRequest(SCHEDULING_ERRORS.tooLong, { endsAt: SCHEDULING_ERRORS.tooLong });
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

/**
 * A patient asks only for one of their practitioner's free times (hours, overrides, time off, other
 * bookings with the buffer, minimum notice and horizon, as the free-slot computation answers them). The
 * database still has the last word on a race for the same time.
 */
async function assertFreeTime(
  db: Db,
  caller: Caller,
  practitionerId: string,
  serviceTypeId: string,
  startsAt: Date,
) {
  if (startsAt.getTime() <= Date.now())
    throw badRequest(SCHEDULING_ERRORS.inThePast, { startsAt: SCHEDULING_ERRORS.inThePast });
  if (!(await careTeam.isAssigned(db, practitionerId, caller.id)))
    throw badRequest(SCHEDULING_ERRORS.notCareTeam, { practitionerId: SCHEDULING_ERRORS.notCareTeam });
  const day = dayIn(startsAt, await availability.timeZoneOf(db, practitionerId));
  const { slots } = await availability.slotsFor(db, caller, practitionerId, {
    serviceTypeId,
    from: day,
    to: day,
  });
  if (!slots.some((slot) => Date.parse(slot.startsAt) === startsAt.getTime()))
    throw conflict(SCHEDULING_ERRORS.notFree);
}

/**
 * Books an appointment. Staff and admin book any patient with any practitioner; a practitioner books a
 * patient in their reach with themselves; a patient requests one of the free times of a practitioner on
 * their care team, for the service's length, and it waits as 'scheduled' until the clinic confirms it.
 * What the clinic books is confirmed at once.
 */
export async function createAppointment(
  ctx: Ctx,
  caller: Caller,
  input: CreateAppointmentInput,
  meta: RequestMeta,
) {
  const isPatient = caller.role === 'patient';
  const patientId = isPatient ? (input.patientId ?? caller.id) : input.patientId;
  if (!patientId) throw badRequest('Patient is required', { patientId: 'Patient is required' });
  if (caller.role === 'practitioner' && input.practitionerId !== caller.id)
    throw forbidden(PRACTITIONER_BOOKS_OWN);
  const startsAt = new Date(input.startsAt);
  if (isPatient) await assertFreeTime(ctx.db, caller, input.practitionerId, input.serviceTypeId, startsAt);
  return change(ctx, caller, async (tx) => {
    await lockSchedules(tx, [input.practitionerId]);
    if (!(await patients.isPatientInReach(tx, caller, patientId)))
      throw notFound(SCHEDULING_ERRORS.notPatient);
    await assertPractitioner(tx, input.practitionerId);
    const service = await offeredService(tx, input.serviceTypeId);
    const serviceEnd = new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
    const endsAt = input.endsAt ? new Date(input.endsAt) : serviceEnd;
    if (isPatient && endsAt.getTime() !== serviceEnd.getTime())
      throw badRequest(PATIENT_LENGTH_FIXED, { endsAt: PATIENT_LENGTH_FIXED });
    assertLength(startsAt, endsAt);
    const id = await repository.insertAppointment(tx, {
      patientId,
      practitionerId: input.practitionerId,
      serviceTypeId: service.id,
      startsAt,
      endsAt,
      status: isPatient ? 'scheduled' : 'confirmed',
      notes: input.notes ?? '',
      createdBy: caller.id,
    });
    await scheduleReminder(tx, id, startsAt);
    await audit(tx, caller, 'appointment.created', id, meta, { patientId });
    return { id, event: 'appointment.created', change: 'created' };
  });
}

/**
 * Edits or reschedules an appointment that has not started to happen (scheduled or confirmed). Moving the
 * start alone keeps the length; a new service alone keeps the start and takes the service's length.
 */
export async function updateAppointment(
  ctx: Ctx,
  caller: Caller,
  id: string,
  input: UpdateAppointmentInput,
  meta: RequestMeta,
) {
  return change(ctx, caller, async (tx) => {
    const row = await readableAppointment(tx, caller, id, { lock: true });
    assertMayManage(caller, row);
    if (!(EDITABLE_STATUSES as readonly string[]).includes(row.status))
      throw conflict(SCHEDULING_ERRORS.notEditable);
    const practitionerId = input.practitionerId ?? row.practitionerId;
    if (practitionerId !== row.practitionerId) {
      if (!MANAGERS.includes(caller.role)) throw forbidden(ONLY_STAFF_REASSIGN);
      await assertPractitioner(tx, practitionerId);
    }
    const serviceChanged = input.serviceTypeId !== undefined && input.serviceTypeId !== row.serviceTypeId;
    const service = serviceChanged ? await offeredService(tx, input.serviceTypeId!) : null;
    const startsAt = input.startsAt ? new Date(input.startsAt) : row.startsAt;
    let endsAt = row.endsAt;
    if (input.endsAt) endsAt = new Date(input.endsAt);
    else if (service) endsAt = new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
    else if (input.startsAt)
      endsAt = new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime()));
    assertLength(startsAt, endsAt);
    const moved =
      practitionerId !== row.practitionerId ||
      startsAt.getTime() !== row.startsAt.getTime() ||
      endsAt.getTime() !== row.endsAt.getTime();
    // Only the appointment's own row is locked so far; no writer of a schedule waits on that row.
    if (moved) await lockSchedules(tx, [row.practitionerId, practitionerId]);
    await repository.updateAppointment(tx, id, {
      practitionerId,
      serviceTypeId: service?.id ?? row.serviceTypeId,
      startsAt,
      endsAt,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    });
    if (startsAt.getTime() !== row.startsAt.getTime()) {
      await withdrawReminder(tx, id, row.startsAt);
      await scheduleReminder(tx, id, startsAt);
    }
    // The names of the fields changed, never the notes themselves.
    await audit(tx, caller, moved ? 'appointment.rescheduled' : 'appointment.updated', id, meta, {
      patientId: row.patientId,
      fields: Object.keys(input).join(','),
    });
    return {
      id,
      event: 'appointment.updated',
      change: moved ? 'rescheduled' : 'edited',
      previousPractitionerId: practitionerId !== row.practitionerId ? row.practitionerId : undefined,
    };
  });
}

const CHANGE_OF: Record<Exclude<AppointmentAction, 'cancel'>, Change> = {
  confirm: 'confirmed',
  'check-in': 'checked_in',
  complete: 'completed',
  'no-show': 'no_show',
};

/**
 * Moves an appointment along its day: confirm, check in, complete, no-show; each only from the statuses the
 * contract allows (otherwise 409). The appointment's practitioner, staff and admin do this.
 */
export async function advanceAppointment(
  ctx: Ctx,
  caller: Caller,
  id: string,
  action: Exclude<AppointmentAction, 'cancel'>,
  meta: RequestMeta,
) {
  return change(ctx, caller, async (tx) => {
    const row = await readableAppointment(tx, caller, id, { lock: true });
    assertMayManage(caller, row);
    const transition = APPOINTMENT_TRANSITIONS[action];
    if (!(transition.from as readonly string[]).includes(row.status))
      throw conflict(transitionRefused(action, row.status));
    if (action === 'no-show' && row.startsAt.getTime() > Date.now()) throw conflict(NO_SHOW_TOO_EARLY);
    await repository.updateAppointment(tx, id, { status: transition.to });
    await audit(tx, caller, `appointment.${CHANGE_OF[action]}`, id, meta, { patientId: row.patientId });
    return { id, event: 'appointment.updated', change: CHANGE_OF[action] };
  });
}

/**
 * Cancels with a reason, freeing the slot. The appointment's practitioner, staff and admin cancel any time;
 * the patient cancels their own only while it is more than 24 hours ahead.
 */
export async function cancelAppointment(
  ctx: Ctx,
  caller: Caller,
  id: string,
  input: CancelAppointmentInput,
  meta: RequestMeta,
) {
  return change(ctx, caller, async (tx) => {
    const row = await readableAppointment(tx, caller, id, { lock: true });
    if (caller.role === 'patient') {
      if (row.startsAt.getTime() - Date.now() <= PATIENT_CANCEL_NOTICE_HOURS * 60 * MINUTE)
        throw forbidden(SCHEDULING_ERRORS.cancelTooLate);
    } else assertMayManage(caller, row);
    if (!(APPOINTMENT_TRANSITIONS.cancel.from as readonly string[]).includes(row.status))
      throw conflict(transitionRefused('cancel', row.status));
    await repository.updateAppointment(tx, id, {
      status: 'cancelled',
      cancellationReason: input.reason,
      cancelledAt: new Date(),
      cancelledBy: caller.id,
    });
    await withdrawReminder(tx, id, row.startsAt);
    await audit(tx, caller, 'appointment.cancelled', id, meta, { patientId: row.patientId });
    return { id, event: 'appointment.cancelled', change: 'cancelled' };
  });
}

export async function getAppointment(db: Db, caller: Caller, id: string, meta: RequestMeta) {
  const row = await readableAppointment(db, caller, id);
  await audit(db, caller, 'appointment.viewed', id, meta, { patientId: row.patientId });
  return toAppointment(row);
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
  query: ListAppointmentsQuery,
  meta: RequestMeta,
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
  await audit(db, caller, 'appointment.listed', null, meta, {
    count: page.length,
    patientId: query.patientId ?? null,
    practitionerId: query.practitionerId ?? null,
  });
  return {
    items: page.map(toAppointment),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null,
  };
}

export { APPOINTMENT_NOT_FOUND };

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
  return rows.map(toAppointment);
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
  return row ? { patientId: row.patientId, practitionerId: row.practitionerId } : null;
}
