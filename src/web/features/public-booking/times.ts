import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatterFor } from '../../lib/format';

/** Days shown at once in the day picker. */
export const WINDOW_DAYS = 7;

/** The visitor's own zone, as their browser names it. */
export const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Europe/London' reads as 'London'. */
export const placeOf = (timeZone: string) => (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

/** The day ('YYYY-MM-DD') an instant falls on in a zone. */
export const dayIn = (instant: string | number, timeZone: string) =>
  format(new TZDate(typeof instant === 'string' ? Date.parse(instant) : instant, timeZone), 'yyyy-MM-dd');

/** The visitor's day of an instant (their browser's zone). */
export const localDay = (instant: string | number) => format(new Date(instant), 'yyyy-MM-dd');

/** A day moved by whole days, as calendar days (no zone involved). */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 'Tue 24 Nov' for a day key, read as a calendar day. */
export const dayLabel = (day: string) => formatterFor().day(day, 'weekday');
export const longDayLabel = (day: string) => formatterFor().day(day, 'longDay');

/** '10:00' in the visitor's zone. */
export const localTime = (instant: string) => formatterFor().time(instant);

/** '09:00' in another zone. */
export const timeIn = (instant: string, timeZone: string) => formatterFor(timeZone).time(instant);

/** 'Tue, 24 Nov 2026, 10:00–10:30' in the visitor's zone, with the practitioner's clock when it differs. */
export function bookingTimeLabel(booking: { startsAt: string; endsAt: string; timeZone: string }) {
  const own = formatterFor().fullRange(booking.startsAt, booking.endsAt);
  if (booking.timeZone === visitorZone()) return own;
  const theirs = `${formatterFor(booking.timeZone).weekdayTime(booking.startsAt)} ${placeOf(booking.timeZone)} time`;
  return `${own} your time (${theirs})`;
}

export const formatDuration = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
};
