import {
  type Availability,
  type CreateTimeOffInput,
  type DateOverride,
  DEFAULT_SCHEDULE_SETTINGS,
  type PutDateOverrideInput,
  type ReplaceWeeklyHoursInput,
  SCHEDULING_ERRORS,
  type ScheduleSettings,
  SLOTS_RANGE_MAX_DAYS,
  type SlotsAnswer,
  type SlotsQuery,
  type TimeOff,
  type UpdateScheduleSettingsInput,
} from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { activeAppointmentSpans } from '../appointments/spans';
import * as careTeam from '../care-team/service';
import * as services from '../services/service';
import * as repository from './repository';
import { type BusyPeriod, freeSlots } from './slots';

type Caller = Pick<SessionUser, 'id' | 'role'>;

const DAY = 86_400_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const BOOKING_LINK_TAKEN = 'That booking link is already taken';
export const TIME_OFF_NOT_FOUND = 'Time off not found';
export const OVERRIDE_NOT_FOUND = 'No override on that day';

async function activePractitioner(db: Db | Tx, practitionerId: string) {
  const account = await accounts.findAccountById(db, practitionerId);
  if (account?.role !== 'practitioner' || !account.isActive)
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
}

/**
 * A practitioner's availability is theirs to keep and the clinic staff's to run; another practitioner is
 * answered as if it did not exist. Roles that never manage it are refused by the routes.
 */
async function assertMayManage(db: Db | Tx, caller: Caller, practitionerId: string) {
  if (caller.role === 'practitioner' && caller.id !== practitionerId)
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
  await activePractitioner(db, practitionerId);
}

/**
 * Free times: staff and admin for anyone, a practitioner their own (they book only with themselves), a
 * patient those of the practitioners on their care team. Anyone else's answer as not found.
 */
async function assertMayReadSlots(db: Db | Tx, caller: Caller, practitionerId: string) {
  if (caller.role === 'practitioner' && caller.id !== practitionerId)
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
  if (caller.role === 'patient' && !(await careTeam.practitionersOf(db, caller.id)).includes(practitionerId))
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
  await activePractitioner(db, practitionerId);
}

function toSettings(practitionerId: string, row: repository.ScheduleRow | null): ScheduleSettings {
  if (!row) return { practitionerId, ...DEFAULT_SCHEDULE_SETTINGS };
  return {
    practitionerId,
    timeZone: row.timeZone,
    minNoticeMinutes: row.minNoticeMinutes,
    bufferMinutes: row.bufferMinutes,
    horizonDays: row.horizonDays,
    autoConfirm: row.autoConfirm,
    bookingLink: row.bookingLink,
  };
}

function toTimeOff(row: repository.TimeOffRow): TimeOff {
  return {
    id: row.id,
    practitionerId: row.practitionerId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    reason: row.reason,
  };
}

/** Rows of one range each (or one without hours for a closed day) become one override per day. */
function groupOverrides(rows: { date: string; start: string | null; end: string | null }[]): DateOverride[] {
  const byDate = new Map<string, DateOverride>();
  for (const row of rows) {
    let override = byDate.get(row.date);
    if (!override) {
      override = { date: row.date, hours: [] };
      byDate.set(row.date, override);
    }
    if (row.start && row.end) override.hours.push({ start: row.start, end: row.end });
  }
  return [...byDate.values()];
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Settings, weekly hours, and the overrides and time off still to come (from yesterday, for any zone). Read
 * one after another: after a change `db` is its transaction, one connection that takes one query at a time.
 */
async function availabilityOf(db: Db | Tx, practitionerId: string, now = new Date()): Promise<Availability> {
  const settings = await repository.findSchedule(db, practitionerId);
  const weekly = await repository.listWeeklyHours(db, practitionerId);
  const overrideRows = await repository.listDateOverrideRows(db, practitionerId, {
    from: today(new Date(now.getTime() - DAY)),
    to: '9999-12-30',
  });
  const timeOff = await repository.listTimeOff(db, practitionerId, {
    from: now,
    to: new Date('9999-12-31T00:00:00Z'),
  });
  return {
    settings: toSettings(practitionerId, settings),
    weeklyHours: weekly,
    dateOverrides: groupOverrides(overrideRows),
    timeOff: timeOff.map(toTimeOff),
  };
}

export async function getAvailability(db: Db, caller: Caller, practitionerId: string) {
  await assertMayManage(db, caller, practitionerId);
  return availabilityOf(db, practitionerId);
}

/** The weekly hours of a practitioner, for other features (the calendar's shading, public booking). */
export const weeklyHoursOf = (db: Db | Tx, practitionerId: string) =>
  repository.listWeeklyHours(db, practitionerId);

/** A practitioner's booking settings (zone, notice, buffer, horizon, link), or the defaults without a row. */
export async function scheduleSettingsOf(db: Db | Tx, practitionerId: string) {
  return toSettings(practitionerId, await repository.findSchedule(db, practitionerId));
}

/** The zone a practitioner's day is told in: their own setting, or the clinic's. */
export async function timeZoneOf(db: Db | Tx, practitionerId: string) {
  return toSettings(practitionerId, await repository.findSchedule(db, practitionerId)).timeZone;
}

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

async function audited<T>(
  db: Db,
  caller: Caller,
  practitionerId: string,
  action: string,
  meta: RequestMeta,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await assertMayManage(tx, caller, practitionerId);
    const result = await change(tx);
    await recordActivity(tx, {
      actorId: caller.id,
      action,
      entityType: 'practitioner_schedule',
      entityId: practitionerId,
      ipAddress: meta.ipAddress,
    });
    return result;
  });
}

export async function updateSettings(
  db: Db,
  caller: Caller,
  practitionerId: string,
  input: UpdateScheduleSettingsInput,
  meta: RequestMeta,
): Promise<ScheduleSettings> {
  try {
    return await audited(db, caller, practitionerId, 'schedule.settings_updated', meta, async (tx) =>
      toSettings(practitionerId, await repository.upsertSchedule(tx, practitionerId, input)),
    );
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', BOOKING_LINK_TAKEN, { fields: { bookingLink: BOOKING_LINK_TAKEN } });
    throw error;
  }
}

/** Two ranges of one day may touch but not overlap: which of them would the slots follow? */
function assertNoOverlap(
  ranges: readonly { start: string; end: string }[],
  field: (index: number) => string,
) {
  const order = ranges
    .map((range, index) => ({ ...range, index }))
    .sort((a, b) => (a.start < b.start ? -1 : 1));
  for (let i = 1; i < order.length; i++) {
    if (order[i]!.start < order[i - 1]!.end) {
      const message = 'These hours overlap other hours on the same day';
      throw badRequest(message, { [field(order[i]!.index)]: message });
    }
  }
}

export function replaceWeeklyHours(
  db: Db,
  caller: Caller,
  practitionerId: string,
  input: ReplaceWeeklyHoursInput,
  meta: RequestMeta,
) {
  for (let weekday = 0; weekday < 7; weekday++) {
    const ofDay = input.hours
      .map((range, index) => ({ ...range, index }))
      .filter((r) => r.weekday === weekday);
    try {
      assertNoOverlap(ofDay, (i) => `hours.${ofDay[i]!.index}.start`);
    } catch (error) {
      if (error instanceof AppError)
        throw badRequest(`${WEEKDAYS[weekday]}: ${error.message}`, error.extra.fields);
      throw error;
    }
  }
  return audited(db, caller, practitionerId, 'schedule.weekly_hours_replaced', meta, async (tx) => {
    await repository.replaceWeeklyHours(tx, practitionerId, input.hours);
    return availabilityOf(tx, practitionerId);
  });
}

export function putDateOverride(
  db: Db,
  caller: Caller,
  practitionerId: string,
  date: string,
  input: PutDateOverrideInput,
  meta: RequestMeta,
) {
  assertNoOverlap(input.hours, (index) => `hours.${index}.start`);
  return audited(db, caller, practitionerId, 'schedule.date_override_set', meta, async (tx) => {
    await repository.replaceDateOverride(tx, practitionerId, date, input.hours);
    return availabilityOf(tx, practitionerId);
  });
}

export function deleteDateOverride(
  db: Db,
  caller: Caller,
  practitionerId: string,
  date: string,
  meta: RequestMeta,
) {
  return audited(db, caller, practitionerId, 'schedule.date_override_removed', meta, async (tx) => {
    if ((await repository.deleteDateOverride(tx, practitionerId, date)) === 0)
      throw notFound(OVERRIDE_NOT_FOUND);
  });
}

export function addTimeOff(
  db: Db,
  caller: Caller,
  practitionerId: string,
  input: CreateTimeOffInput,
  meta: RequestMeta,
) {
  return audited(db, caller, practitionerId, 'schedule.time_off_added', meta, async (tx) =>
    toTimeOff(
      await repository.insertTimeOff(tx, {
        practitionerId,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        reason: input.reason?.trim() ?? '',
      }),
    ),
  );
}

export function removeTimeOff(db: Db, caller: Caller, practitionerId: string, id: string, meta: RequestMeta) {
  return audited(db, caller, practitionerId, 'schedule.time_off_removed', meta, async (tx) => {
    if (!(await repository.deleteTimeOff(tx, practitionerId, id))) throw notFound(TIME_OFF_NOT_FOUND);
  });
}

/**
 * Free slots between two days of the practitioner's zone for one service, for a caller who may read them.
 */
export async function slotsFor(
  db: Db,
  caller: Caller,
  practitionerId: string,
  query: SlotsQuery,
  now = new Date(),
): Promise<SlotsAnswer> {
  assertSlotsRange(query);
  await assertMayReadSlots(db, caller, practitionerId);
  const service = await services.bookableServiceType(db, query.serviceTypeId);
  return computeSlots(db, practitionerId, service, query, { now });
}

function assertSlotsRange(query: { from: string; to: string }) {
  const span = (Date.parse(query.to) - Date.parse(query.from)) / DAY + 1;
  if (span < 1) throw badRequest('To must be on or after from', { to: 'To must be on or after from' });
  if (span > SLOTS_RANGE_MAX_DAYS) {
    const message = `A range spans at most ${SLOTS_RANGE_MAX_DAYS} days`;
    throw badRequest(message, { to: message });
  }
}

/**
 * The schedule behind a public booking page: an active practitioner's settings when their booking link is
 * this one; null otherwise (no such link, or the practitioner is no longer active).
 */
export async function scheduleByBookingLink(db: Db | Tx, bookingLink: string) {
  const row = await repository.findScheduleByBookingLink(db, bookingLink);
  if (!row) return null;
  const account = await accounts.findAccountById(db, row.practitionerId);
  if (account?.role !== 'practitioner' || !account.isActive) return null;
  return { settings: toSettings(row.practitionerId, row), practitioner: account };
}

/**
 * Free slots on a practitioner's public page: the same computation with no caller (the page is public; the
 * public booking feature has checked the link and that the service is offered online). `busyIn` answers
 * more busy time within a window, treated like appointments (with the buffer): public booking's pending
 * requests, which hold their time. `freeing` is the visitor's own appointment as it moves: its time counts
 * as free for the move.
 */
export async function publicSlotsFor(
  db: Db | Tx,
  practitionerId: string,
  service: { id: string; durationMinutes: number },
  query: { from: string; to: string },
  options: {
    busyIn: (window: { from: Date; to: Date }) => Promise<readonly BusyPeriod[]>;
    freeing?: { startsAt: Date; endsAt: Date };
    now?: Date;
  },
): Promise<SlotsAnswer> {
  assertSlotsRange(query);
  return computeSlots(db, practitionerId, service, query, { ...options, now: options.now ?? new Date() });
}

const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Everything that can take time away is read for a window a little wider than the days asked, whatever the
 * zone's offset and the buffer. No slot lies before now or beyond the horizon, so the days asked are first
 * cut to those (a range wholly outside answers none without reading anything).
 */
async function computeSlots(
  db: Db | Tx,
  practitionerId: string,
  service: { id: string; durationMinutes: number },
  query: { from: string; to: string },
  options: {
    busyIn?: (window: { from: Date; to: Date }) => Promise<readonly BusyPeriod[]>;
    freeing?: { startsAt: Date; endsAt: Date };
    now: Date;
  },
): Promise<SlotsAnswer> {
  const scheduleRow = await repository.findSchedule(db, practitionerId);
  const settings = toSettings(practitionerId, scheduleRow);
  const now = options.now.getTime();
  const days = {
    from: query.from > dayOf(now - 2 * DAY) ? query.from : dayOf(now - 2 * DAY),
    to:
      query.to < dayOf(now + (settings.horizonDays + 2) * DAY)
        ? query.to
        : dayOf(now + (settings.horizonDays + 2) * DAY),
  };
  const answer = { practitionerId, serviceTypeId: service.id, timeZone: settings.timeZone };
  if (days.from > days.to) return { ...answer, slots: [] };
  const window = {
    from: new Date(Date.parse(days.from) - 2 * DAY),
    to: new Date(Date.parse(days.to) + 3 * DAY),
  };
  const [weeklyHours, overrideRows, timeOff, appointments, busy] = await Promise.all([
    repository.listWeeklyHours(db, practitionerId),
    repository.listDateOverrideRows(db, practitionerId, days),
    repository.listTimeOff(db, practitionerId, window),
    activeAppointmentSpans(db, practitionerId, window),
    options.busyIn?.(window) ?? [],
  ]);
  const { freeing } = options;
  const kept = freeing
    ? appointments.filter(
        (span) =>
          span.startsAt.getTime() !== freeing.startsAt.getTime() ||
          span.endsAt.getTime() !== freeing.endsAt.getTime(),
      )
    : appointments;
  const slots = freeSlots({
    timeZone: settings.timeZone,
    weeklyHours,
    overrides: groupOverrides(overrideRows),
    timeOff,
    appointments: busy.length ? [...kept, ...busy] : kept,
    durationMinutes: service.durationMinutes,
    bufferMinutes: settings.bufferMinutes,
    minimumNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    from: days.from,
    to: days.to,
    now: options.now,
  });
  return { ...answer, slots: slots.map(({ startsAt, endsAt }) => ({ startsAt, endsAt })) };
}
