import { z } from 'zod';

/** Times on the wire: UTC instants, clinic or practitioner days, clock times and IANA zones. */

/** The years a time on the wire may fall in: room for history and the far future, none for overflow. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;
const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1);
const END_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1);

export const InstantSchema = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` }).refine((value) => {
    const instant = Date.parse(value);
    return instant >= FIRST_INSTANT && instant < END_INSTANT;
  }, `${label} must fall between ${FIRST_YEAR} and ${LAST_YEAR}`);

export const DaySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} must be a real date`);

/** 'HH:MM' on a 24-hour clock; '24:00' only as the end of a day. */
export const ClockTimeSchema = (label: string) =>
  z
    .string({ error: `${label} must be a time (HH:MM)` })
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, `${label} must be a time (HH:MM)`);

export const TimeZoneSchema = z.string({ error: 'Time zone is required' }).refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}, 'Time zone must be an IANA time zone such as Europe/London');
