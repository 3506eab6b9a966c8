import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Free slots for one practitioner and one service length, computed without I/O.
 *
 * Working hours are wall-clock times in the practitioner's IANA time zone; the answer is UTC instants.
 * Candidate starts lie on a 15-minute grid of local time counted from the start of each working
 * interval (09:00, 09:15, 09:30 ...), whatever the service length, so a 45-minute follow-up can sit
 * right after a 30-minute one and the grid stays the same for every service.
 *
 * Daylight saving: a local time that does not exist (the hour skipped in spring) gives no slot, and a
 * local time that happens twice (the hour repeated in autumn) gives one slot, not two, so the grid
 * reads the same as on any other day. Zone arithmetic is @date-fns/tz's; nothing here knows an offset.
 */

export const SLOT_STEP_MINUTES = 15;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface WorkingHours {
  /** 0 = Sunday ... 6 = Saturday, as Date#getDay. */
  weekday: number;
  /** 'HH:MM' local. */
  start: string;
  /** 'HH:MM' local, after start. */
  end: string;
}

export interface DateOverride {
  /** 'YYYY-MM-DD' local. */
  date: string;
  /** The hours that day instead of the weekly ones; none means closed. */
  hours: { start: string; end: string }[];
}

export interface BusyPeriod {
  startsAt: Date | string;
  endsAt: Date | string;
}

export interface SlotQuery {
  timeZone: string;
  weeklyHours: readonly WorkingHours[];
  overrides: readonly DateOverride[];
  /** Blocks the time exactly as given (no buffer around it). */
  timeOff: readonly BusyPeriod[];
  /** Active appointments only; cancelled and no-show ones have freed their time. */
  appointments: readonly BusyPeriod[];
  durationMinutes: number;
  /** Kept free before and after every appointment. */
  bufferMinutes: number;
  /** A slot starts at least this long after now. */
  minimumNoticeMinutes: number;
  /** A slot starts less than this many days after now. */
  horizonDays: number;
  /** First and last local day asked for, 'YYYY-MM-DD', both included. */
  from: string;
  to: string;
  now: Date;
}

export interface FreeSlot {
  /** The local day the slot starts on, 'YYYY-MM-DD'. */
  date: string;
  startsAt: string;
  endsAt: string;
}

/** Minutes since local midnight for 'HH:MM'. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** A calendar date as its parts; the month counts from 0, as Date's does. */
type LocalDate = { year: number; month: number; date: number };

function parseDay(day: string): LocalDate {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year!, month: month! - 1, date: date! };
}

const CLOCK = Array.from(
  { length: 1440 },
  (_, minute) =>
    `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
);
let isoDay = Number.NaN;
let isoDayPrefix = '';

/**
 * An instant as Date#toISOString writes it. Slots fall on whole minutes, so the UTC day's prefix and a
 * table of clock times build the same text several times faster, which matters with thousands of slots.
 */
function isoOf(instant: number): string {
  if (instant % MINUTE !== 0) return new Date(instant).toISOString();
  const day = Math.floor(instant / DAY);
  if (day !== isoDay) {
    isoDay = day;
    isoDayPrefix = new Date(day * DAY).toISOString().slice(0, 11);
  }
  return `${isoDayPrefix}${CLOCK[(instant - day * DAY) / MINUTE]}:00.000Z`;
}

/** Calendar arithmetic on plain dates; the zone plays no part in which day follows which. */
function dayLabel(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/** The instant of a local wall-clock time, or null when that time does not exist (spring forward). */
function localInstant(
  timeZone: string,
  { year, month, date }: LocalDate,
  minuteOfDay: number,
): number | null {
  const hours = Math.floor(minuteOfDay / 60);
  const minutes = minuteOfDay % 60;
  const local = new TZDate(year, month, date, hours, minutes, timeZone);
  if (local.getHours() !== hours || local.getMinutes() !== minutes) return null;
  return local.getTime();
}

interface Interval {
  start: number;
  end: number;
}

/** A day's working intervals in minutes, sorted and merged, so candidate starts only ever move forward. */
function dayIntervals(hours: readonly { start: string; end: string }[]): Interval[] {
  const sorted = hours
    .map((h) => ({ start: minutesOfDay(h.start), end: minutesOfDay(h.end) }))
    .filter((h) => h.end > h.start)
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const previous = merged.at(-1);
    if (previous && interval.start <= previous.end) previous.end = Math.max(previous.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

const instantOf = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/** Disjoint busy spans in start order: appointments widened by the buffer, time off as it is. */
function busySpans(query: SlotQuery): { starts: Float64Array; ends: Float64Array } {
  const buffer = query.bufferMinutes * MINUTE;
  const count = query.appointments.length + query.timeOff.length;
  const raw = new Array<[number, number]>(count);
  let i = 0;
  for (const appointment of query.appointments) {
    raw[i++] = [instantOf(appointment.startsAt) - buffer, instantOf(appointment.endsAt) + buffer];
  }
  for (const off of query.timeOff) {
    raw[i++] = [instantOf(off.startsAt), instantOf(off.endsAt)];
  }
  raw.sort((a, b) => a[0] - b[0]);
  const starts = new Float64Array(count);
  const ends = new Float64Array(count);
  let n = 0;
  for (const [start, end] of raw) {
    if (n > 0 && start <= ends[n - 1]!) {
      if (end > ends[n - 1]!) ends[n - 1] = end;
    } else {
      starts[n] = start;
      ends[n] = end;
      n++;
    }
  }
  return { starts: starts.subarray(0, n), ends: ends.subarray(0, n) };
}

export function freeSlots(query: SlotQuery): FreeSlot[] {
  const duration = query.durationMinutes * MINUTE;
  const earliest = query.now.getTime() + query.minimumNoticeMinutes * MINUTE;
  const latest = query.now.getTime() + query.horizonDays * DAY;
  const { starts, ends } = busySpans(query);

  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
    dayIntervals(query.weeklyHours.filter((hours) => hours.weekday === weekday)),
  );
  const overrides = new Map<string, Interval[]>();
  for (const override of query.overrides) overrides.set(override.date, dayIntervals(override.hours));

  const first = parseDay(query.from);
  const last = parseDay(query.to);
  const firstDay = Date.UTC(first.year, first.month, first.date);
  const lastDay = Date.UTC(last.year, last.month, last.date);

  const slots: FreeSlot[] = [];
  // Days and candidates only move forward, so one cursor walks the busy spans once for the whole range.
  let cursor = 0;
  for (let day = firstDay; day <= lastDay; day += DAY) {
    const label = dayLabel(day);
    const calendar = new Date(day);
    const localDate = {
      year: calendar.getUTCFullYear(),
      month: calendar.getUTCMonth(),
      date: calendar.getUTCDate(),
    };
    const { year, month, date } = localDate;
    const intervals = overrides.get(label) ?? weekly[calendar.getUTCDay()]!;
    for (const interval of intervals) {
      const intervalStart = localInstant(query.timeZone, localDate, interval.start);
      const intervalEnd = new TZDate(year, month, date, 0, interval.end, query.timeZone).getTime();
      if (intervalEnd <= earliest || (intervalStart !== null && intervalStart >= latest)) continue;
      // Within one offset the grid is plain arithmetic from the interval's start; across a change each
      // local time is placed by the zone rules.
      const steady =
        intervalStart !== null &&
        tzOffset(query.timeZone, new Date(intervalStart)) === tzOffset(query.timeZone, new Date(intervalEnd));
      for (let minute = interval.start; minute < interval.end; minute += SLOT_STEP_MINUTES) {
        const start = steady
          ? intervalStart + (minute - interval.start) * MINUTE
          : localInstant(query.timeZone, localDate, minute);
        if (start === null) continue;
        const end = start + duration;
        if (end > intervalEnd) break;
        if (start < earliest) continue;
        if (start >= latest) break;
        while (cursor < ends.length && ends[cursor]! <= start) cursor++;
        if (cursor < starts.length && starts[cursor]! < end) continue;
        slots.push({
          date: label,
          startsAt: isoOf(start),
          endsAt: isoOf(end),
        });
      }
    }
  }
  return slots;
}
