import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import type { Availability } from '../../../shared/scheduling';

export type Span = { start: number; end: number };

const shiftDay = (day: string, days: number) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

const instant = (day: string, time: string, timeZone: string) => {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new TZDate(year, month - 1, date, hour, minute, timeZone).getTime();
};

/** The practitioner's open hours on one of their days: that day's override if any, else the week's. */
function spansOfDay(availability: Availability, day: string): Span[] {
  const { timeZone } = availability.settings;
  const override = availability.dateOverrides.find((candidate) => candidate.date === day);
  const [year, month, date] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  const hours = override
    ? override.hours
    : availability.weeklyHours.filter((range) => range.weekday === weekday);
  return hours.map((range) => ({
    start: instant(day, range.start, timeZone),
    end: instant(day, range.end, timeZone),
  }));
}

function subtract(spans: Span[], cut: Span): Span[] {
  return spans.flatMap((span) => {
    if (cut.end <= span.start || cut.start >= span.end) return [span];
    const left = cut.start > span.start ? [{ start: span.start, end: cut.start }] : [];
    const right = cut.end < span.end ? [{ start: cut.end, end: span.end }] : [];
    return [...left, ...right];
  });
}

/**
 * When the practitioner works during one of the viewer's days (from its local midnight to the next): their
 * weekly hours or that day's override in their own zone, less time off, clipped to the viewer's day.
 */
export function workingSpans(availability: Availability, viewerDay: Date): Span[] {
  const dayStart = viewerDay.getTime();
  const dayEnd = addDays(viewerDay, 1).getTime();
  const { timeZone } = availability.settings;
  const around = new TZDate(dayStart, timeZone);
  const middle = `${around.getFullYear()}-${String(around.getMonth() + 1).padStart(2, '0')}-${String(around.getDate()).padStart(2, '0')}`;
  let spans = [-1, 0, 1].flatMap((offset) => spansOfDay(availability, shiftDay(middle, offset)));
  for (const off of availability.timeOff) {
    spans = subtract(spans, { start: Date.parse(off.startsAt), end: Date.parse(off.endsAt) });
  }
  return spans
    .map((span) => ({ start: Math.max(span.start, dayStart), end: Math.min(span.end, dayEnd) }))
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start);
}
