import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

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
export const dayLabel = (day: string) => format(new Date(`${day}T12:00:00`), 'EEE d MMM');
export const longDayLabel = (day: string) => format(new Date(`${day}T12:00:00`), 'EEEE d MMMM');

/** '10:00' in the visitor's zone. */
export const localTime = (instant: string) => format(new Date(instant), 'HH:mm');

/** '09:00' in another zone. */
export const timeIn = (instant: string, timeZone: string) =>
  format(new TZDate(Date.parse(instant), timeZone), 'HH:mm');

/** 'Tue 24 Nov 2026, 10:00 – 10:30' in the visitor's zone, with the practitioner's clock when it differs. */
export function bookingTimeLabel(booking: { startsAt: string; endsAt: string; timeZone: string }) {
  const start = new Date(booking.startsAt);
  const own = `${format(start, 'EEE d MMM yyyy, HH:mm')} – ${localTime(booking.endsAt)}`;
  if (booking.timeZone === visitorZone()) return own;
  const theirs = `${format(new TZDate(start.getTime(), booking.timeZone), 'EEE d MMM, HH:mm')} ${placeOf(booking.timeZone)} time`;
  return `${own} your time (${theirs})`;
}

export const formatDuration = (minutes: number) => {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
};
