import type { TimeFormat } from './vocabulary/preferences';

/**
 * Dates, times and money as people read them: one set of formats for the web app, emails and PDFs, built on
 * Intl so that each reader's language orders and names them. Machine text (CSV, query strings, input values,
 * payloads) stays ISO and never comes through here. No zod, no date library: the shell loads this.
 */

/** The clinic's own language for what it writes without a reader's browser: emails, notifications, PDFs. */
export const CLINIC_LOCALE = 'en-GB';

export type FormatSettings = {
  /** A BCP 47 tag; the runtime's own language when absent. */
  locale?: string;
  timeFormat?: TimeFormat;
  /** An IANA zone; the runtime's own zone when absent. */
  timeZone?: string;
};

/** An instant: a Date, epoch milliseconds or an ISO string with its offset. */
export type Instant = Date | number | string;

const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));

/** Whether the locale's own clock is the 12-hour one. */
const localeUsesTwelveHours = (locale: string | undefined) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12 === true;

/**
 * The hour options for a clock preference. A 24-hour clock writes its hours with two digits (09:05), as the
 * languages that use one do; left to itself the runtime writes "9:05" for a single time but "09:05–10:00" for
 * a range, so "auto" settles on the locale's clock and then writes it the one way.
 */
const hourOptions = (
  timeFormat: TimeFormat | undefined,
  locale: string | undefined,
): Intl.DateTimeFormatOptions => {
  const twelve = timeFormat === '12h' || (timeFormat !== '24h' && localeUsesTwelveHours(locale));
  return twelve ? { hour12: true } : { hour: '2-digit', hourCycle: 'h23' };
};

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const SHAPES = {
  /** 14:00 · 2:00 PM */
  time: TIME,
  /** 26 Nov 2026 */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 26 Nov */
  shortDate: { day: 'numeric', month: 'short' },
  /** Thu 26 Nov */
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
  /** Thursday 26 November */
  longDay: { weekday: 'long', day: 'numeric', month: 'long' },
  /** Thursday 26 November 2026 */
  fullDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** 26 Nov 2026, 14:00 */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', ...TIME },
  /** 26 Nov, 14:00 */
  shortDateTime: { day: 'numeric', month: 'short', ...TIME },
  /** Thu 26 Nov, 14:00 */
  weekdayTime: { weekday: 'short', day: 'numeric', month: 'short', ...TIME },
  /** Thu, 26 Nov 2026, 14:00 */
  fullDateTime: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...TIME },
  /** Thursday 26 November 2026, 14:00 */
  longDateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', ...TIME },
  /** Nov 2026 */
  month: { month: 'short', year: 'numeric' },
  /** November 2026 */
  longMonth: { month: 'long', year: 'numeric' },
  /** Thu */
  weekdayName: { weekday: 'short' },
  /** Thursday */
  weekdayLongName: { weekday: 'long' },
  /** 26 */
  dayOfMonth: { day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type Shape = keyof typeof SHAPES;
const HAS_TIME = new Set<Shape>([
  'time',
  'dateTime',
  'shortDateTime',
  'weekdayTime',
  'fullDateTime',
  'longDateTime',
]);

// Building a formatter loads the locale's data, a long task on a phone; each is made once and kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function dateFormatOf(shape: Shape, settings: FormatSettings) {
  const key = `${shape}|${settings.locale ?? ''}|${settings.timeZone ?? ''}|${settings.timeFormat ?? 'auto'}`;
  let made = dateFormats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(settings.locale, {
      ...SHAPES[shape],
      ...(HAS_TIME.has(shape) ? hourOptions(settings.timeFormat, settings.locale) : {}),
      timeZone: settings.timeZone,
    });
    dateFormats.set(key, made);
  }
  return made;
}

function numberFormatOf(locale: string | undefined, options: Intl.NumberFormatOptions) {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let made = numberFormats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, made);
  }
  return made;
}

const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** A calendar day ('2026-11-26') is no instant: it is read and shown at noon UTC so no zone moves it. */
const noonOf = (day: string) => new Date(`${day.slice(0, 10)}T12:00:00Z`);

export type Formatter = ReturnType<typeof createFormatter>;

export function createFormatter(settings: FormatSettings = {}) {
  const shaped = (shape: Shape) => (at: Instant) => dateFormatOf(shape, settings).format(toDate(at));
  const dayShaped = (shape: Shape) => (day: string) =>
    dateFormatOf(shape, { ...settings, timeZone: 'UTC' }).format(noonOf(day));

  /** Two instants as one span; where Intl has no formatRange, the two ends joined by a dash. */
  const range = (shape: Shape) => (start: Instant, end: Instant) => {
    const format = dateFormatOf(shape, settings);
    const [from, to] = [toDate(start), toDate(end)];
    return typeof format.formatRange === 'function'
      ? format.formatRange(from, to)
      : `${format.format(from)} – ${format.format(to)}`;
  };

  return {
    settings,
    /** Any of the named shapes, for the odd label that needs one (a weekday heading). */
    as: (shape: Shape, at: Instant) => shaped(shape)(at),
    time: shaped('time'),
    date: shaped('date'),
    shortDate: shaped('shortDate'),
    weekday: shaped('weekday'),
    longDay: shaped('longDay'),
    fullDay: shaped('fullDay'),
    dateTime: shaped('dateTime'),
    shortDateTime: shaped('shortDateTime'),
    weekdayTime: shaped('weekdayTime'),
    fullDateTime: shaped('fullDateTime'),
    longDateTime: shaped('longDateTime'),
    month: shaped('month'),
    longMonth: shaped('longMonth'),
    /** A calendar day ('2026-11-26', no zone) in a shape: 'date' by default, '26 Nov 2026'. */
    day: (day: string, shape: Shape = 'date') => dayShaped(shape)(day),
    /** A month label ('2026-11') as 'Nov 2026'. */
    monthOfYear: (month: string) => dayShaped('month')(`${month.slice(0, 7)}-15`),
    /** 10:00–11:00 */
    timeRange: range('time'),
    /** Thu 26 Nov, 10:00–11:00; across days Thu 26 Nov, 10:00 – Fri 27 Nov, 09:00. */
    range: range('weekdayTime'),
    /** With the year: Thu, 26 Nov 2026, 10:00–11:00. */
    fullRange: range('fullDateTime'),
    /** '3 minutes ago', 'in 2 days', 'yesterday': the largest whole unit between `at` and `now`. */
    relative(at: Instant, now: Instant = Date.now()) {
      const difference = toDate(at).getTime() - toDate(now).getTime();
      const [unit, size] = RELATIVE_UNITS.find(([, ms]) => Math.abs(difference) >= ms) ?? ['second', 1000];
      const key = settings.locale ?? '';
      let format = relativeFormats.get(key);
      if (!format) {
        format = new Intl.RelativeTimeFormat(settings.locale, { numeric: 'auto' });
        relativeFormats.set(key, format);
      }
      return format.format(Math.trunc(difference / size), unit);
    },
    /** Cents as money: dollars by their sign ('$1,250.00'), another currency by its code ('EUR 19.99'). */
    money(cents: number, currency = 'usd') {
      if (currency.toLowerCase() === 'usd') {
        return numberFormatOf(settings.locale, {
          style: 'currency',
          currency: 'USD',
          currencyDisplay: 'narrowSymbol',
        }).format(cents / 100);
      }
      const amount = numberFormatOf(settings.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return `${currency.toUpperCase()} ${amount.format(cents / 100)}`;
    },
    /** Whole dollars for chart axes: '$1,235'. */
    wholeMoney: (dollars: number) =>
      numberFormatOf(settings.locale, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: 0,
      }).format(dollars),
    number: (value: number) => numberFormatOf(settings.locale, {}).format(value),
  };
}

/** How the clinic writes to people outside a browser: its language, its zone, its reader's clock unknown. */
export function clinicFormatter(timeZone: string) {
  return createFormatter({ locale: CLINIC_LOCALE, timeZone, timeFormat: '24h' });
}
