import {
  type Availability,
  type DateOverride,
  DEFAULT_SCHEDULE_SETTINGS,
  type ScheduleSettings,
  SLOTS_RANGE_MAX_DAYS,
  type SlotsAnswer,
  type SlotsQuery,
  type TimeOff,
} from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../platform/errors';
import * as accounts from '../accounts/service';
import { activeAppointmentSpans } from '../appointments/spans';
import * as services from '../services/service';
import { assertMayManage, assertMayReadSlots, type Caller } from './access';
import * as repository from './repository';
import { type BusyPeriod, freeSlots } from './slots';

/*
 * A practitioner's availability as others read it: the whole of it for its keepers (changes.ts changes it),
 * the settings and zone other features need, and the free slots it leaves.
 */

const DAY = 86_400_000;

export function toSettings(practitionerId: string, row: repository.ScheduleRow | null): ScheduleSettings {
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

export function toTimeOff(row: repository.TimeOffRow): TimeOff {
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
export async function availabilityOf(
  db: Db | Tx,
  practitionerId: string,
  now = new Date(),
): Promise<Availability> {
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

type BusyIn = (window: { from: Date; to: Date }) => Promise<readonly BusyPeriod[]>;

/** Which practitioner's free slots, for which service and days, and what else holds or frees time. */
type SlotsAsked = {
  practitionerId: string;
  service: { id: string; durationMinutes: number };
  query: { from: string; to: string };
  busyIn?: BusyIn;
  freeing?: { startsAt: Date; endsAt: Date };
  now: Date;
};

/**
 * Free slots between two days of the practitioner's zone for one service, for a caller who may read them.
 */
export async function slotsFor(
  db: Db,
  caller: Caller,
  { practitionerId, query, now = new Date() }: { practitionerId: string; query: SlotsQuery; now?: Date },
): Promise<SlotsAnswer> {
  assertSlotsRange(query);
  await assertMayReadSlots(db, caller, practitionerId);
  const service = await services.bookableServiceType(db, query.serviceTypeId);
  return computeSlots(db, { practitionerId, service, query, now });
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
  options: Omit<SlotsAsked, 'busyIn' | 'now'> & { busyIn: BusyIn; now?: Date },
): Promise<SlotsAnswer> {
  assertSlotsRange(options.query);
  return computeSlots(db, { ...options, now: options.now ?? new Date() });
}

const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Everything that can take time away is read for a window a little wider than the days asked, whatever the
 * zone's offset and the buffer. No slot lies before now or beyond the horizon, so the days asked are first
 * cut to those (a range wholly outside answers none without reading anything).
 */
async function computeSlots(db: Db | Tx, options: SlotsAsked): Promise<SlotsAnswer> {
  const { practitionerId, service, query } = options;
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
