import { useSyncExternalStore } from 'react';
import { createFormatter, type Formatter } from '../../shared/display-format';
import type { TimeFormat } from '../../shared/vocabulary/preferences';
import { CLINIC_TIME_ZONE } from '../../shared/vocabulary/scheduling';

export type { Formatter } from '../../shared/display-format';

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/**
 * Every date, time and amount the web app shows goes through here: the browser's language, the person's 12- or
 * 24-hour preference, and the zone the screen shows times in (the browser's own, or the clinic's where a screen
 * speaks of the clinic's days). Input values, query strings, payloads and CSV stay ISO and never come here.
 */

/** The zone the clinic's days and opening hours are in, for screens that show times as the clinic keeps them. */
export const CLINIC_ZONE = CLINIC_TIME_ZONE;

type Settings = { locale: string | undefined; timeFormat: TimeFormat };

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language || undefined);

let settings: Settings = { locale: browserLocale(), timeFormat: 'auto' };
const listeners = new Set<() => void>();
const formatters = new Map<string, Formatter>();

/** The person's clock preference; every component showing times through useFormatter shows it at once. */
export function setTimeFormat(timeFormat: TimeFormat): void {
  if (settings.timeFormat === timeFormat) return;
  settings = { ...settings, timeFormat };
  for (const listener of listeners) listener();
}

/** Tests and a change of language: read the browser's language again. */
export function setLocale(locale: string | undefined): void {
  if (settings.locale === locale) return;
  settings = { ...settings, locale };
  for (const listener of listeners) listener();
}

/** The formatter of the current settings, for code outside a render (a toast, a confirmation's text). */
export function formatterFor(timeZone?: string): Formatter {
  const key = `${settings.locale ?? ''}|${settings.timeFormat}|${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = createFormatter({ ...settings, timeZone });
    formatters.set(key, made);
  }
  return made;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => settings;

/** The formatter to render with; the component renders again when the person changes their clock. */
export function useFormatter(timeZone?: string): Formatter {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return formatterFor(timeZone);
}

/** Cents as money in the browser's language: '$1,250.00'; another currency by its code. */
export const formatMoney = (cents: number, currency?: string) => formatterFor().money(cents, currency);

/** A whole number with the language's separators: 1,250. */
export const formatNumber = (value: number) => formatterFor().number(value);

const isSameLocalDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** Today's times as a clock time, older ones as a date: what a conversation list shows. */
export function shortTime(format: Formatter, iso: string, now: Date = new Date()): string {
  return isSameLocalDay(new Date(iso), now) ? format.time(iso) : format.shortDate(iso);
}

/** Delivery and read times: the clock time today, with the date on other days. */
export function receiptTime(format: Formatter, iso: string, now: Date = new Date()): string {
  return isSameLocalDay(new Date(iso), now) ? format.time(iso) : format.dateTime(iso);
}

/** A day as the server stores it (UTC), so every reader sees the same date: the value of a <time> or a key. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * Builds the formats a first screen shows (times, a day's long name, a range), at a moment the page only waits
 * for the network: the first format a page makes loads the language's data, a long task on a phone that would
 * otherwise fall inside the screen's first render (bench/lighthouse.ts). Each format is kept once made.
 */
export function warmFormats(): void {
  const formatter = formatterFor();
  const now = Date.now();
  formatter.timeRange(now, now + 3_600_000);
  formatter.day(new Date(now).toISOString().slice(0, 10), 'longDay');
  formatter.dateTime(now);
}
