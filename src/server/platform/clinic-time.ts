import { TZDate } from '@date-fns/tz';
import { clinicFormatter } from '../../shared/display-format';
import { CLINIC_TIME_ZONE } from '../../shared/scheduling';

/**
 * The clinic's calendar (CLINIC_TIME_ZONE): where its days and months begin as instants. A day the clocks
 * change on is 23 or 25 hours long, and every filter, bucket and figure by day or month uses these, so that a
 * day picked in the browser means the same hours everywhere.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The first instant of a clinic day (YYYY-MM-DD), `plusDays` later. */
export function clinicDayStart(day: string, plusDays = 0) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date + plusDays, CLINIC_TIME_ZONE).getTime());
}

/** The clinic day holding `now`: its label and its two midnights. */
export function clinicDayOf(now: Date) {
  const local = new TZDate(now.getTime(), CLINIC_TIME_ZONE);
  const [year, month, date] = [local.getFullYear(), local.getMonth(), local.getDate()];
  const from = new Date(new TZDate(year, month, date, CLINIC_TIME_ZONE).getTime());
  const to = new Date(new TZDate(year, month, date + 1, CLINIC_TIME_ZONE).getTime());
  return { day: `${year}-${pad(month + 1)}-${pad(date)}`, timeZone: CLINIC_TIME_ZONE, from, to };
}

/** The clinic month holding `now`: its label (YYYY-MM) and the first instants of it and of the next. */
export function clinicMonthOf(now: Date) {
  const local = new TZDate(now.getTime(), CLINIC_TIME_ZONE);
  const [year, month] = [local.getFullYear(), local.getMonth()];
  const from = new Date(new TZDate(year, month, 1, CLINIC_TIME_ZONE).getTime());
  const to = new Date(new TZDate(year, month + 1, 1, CLINIC_TIME_ZONE).getTime());
  return { month: `${year}-${pad(month + 1)}`, from, to };
}

/** Today in the clinic, as YYYY-MM-DD. */
export const clinicToday = (now = new Date()) => clinicDayOf(now).day;

/** A calendar day label (YYYY-MM-DD) `days` later (or earlier): a count of days, not of 24-hour spans. */
export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** How the clinic writes dates and times to people (emails, notifications, PDFs): its language, its zone. */
export const clinicText = clinicFormatter(CLINIC_TIME_ZONE);

/** The clinic day holding `at` as invoices name it, '5 Mar 2026'. */
export const clinicDayLabel = (at: Date) => clinicText.date(at);
