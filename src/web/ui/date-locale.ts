import { format, isValid } from 'date-fns';

/** Regions whose weeks start on Sunday, for browsers without Intl.Locale week information. */
const SUNDAY_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'BR',
  'JP',
  'KR',
  'TW',
  'HK',
  'IL',
  'IN',
  'PH',
  'ZA',
  'AU',
  'SA',
  'PE',
  'CO',
  'AR',
  'VE',
]);

type WeekInfoLocale = Intl.Locale & {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
};

/** The first day of the locale's week as date-fns counts it: 0 Sunday … 6 Saturday. */
export function firstDayOfWeek(locale: string): number {
  try {
    const known = new Intl.Locale(locale) as WeekInfoLocale;
    const info = known.getWeekInfo?.() ?? known.weekInfo;
    if (info) return info.firstDay % 7;
    const region = known.maximize().region ?? '';
    return SUNDAY_REGIONS.has(region) ? 0 : 1;
  } catch {
    return 1;
  }
}

const numericDate = (locale: string) =>
  new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' });

/** The order of day, month and year in the locale's short numeric date. */
const partOrder = (locale: string) =>
  numericDate(locale)
    .formatToParts(new Date(2026, 10, 27))
    .map((part) => part.type)
    .filter((type): type is 'day' | 'month' | 'year' => ['day', 'month', 'year'].includes(type));

/** What an empty field shows as its pattern: 'dd/mm/yyyy' for en-GB, 'mm/dd/yyyy' for en-US. */
export function datePattern(locale: string): string {
  const words = { day: 'dd', month: 'mm', year: 'yyyy' };
  return numericDate(locale)
    .formatToParts(new Date(2026, 10, 27))
    .map((part) => (part.type === 'literal' ? part.value : (words[part.type as keyof typeof words] ?? '')))
    .join('');
}

export const toIsoDay = (date: Date) => format(date, 'yyyy-MM-dd');

/** A local calendar day from yyyy-mm-dd; null when it is not a real day. */
export function fromIsoDay(iso: string): Date | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(iso.trim());
  if (!match) return null;
  return dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
}

function dayOf(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month - 1, day);
  const real = isValid(date) && date.getFullYear() === year && date.getMonth() === month - 1;
  return real && date.getDate() === day ? date : null;
}

/** The day as the locale writes it in numbers: 27/11/2026, 11/27/2026, 27.11.2026. */
export const formatDay = (date: Date, locale: string) => numericDate(locale).format(date);

/**
 * Reads a day typed in the locale's order (any separators) or as yyyy-mm-dd; the year needs four digits so a
 * half-typed year is not taken for the first century.
 */
export function parseDay(text: string, locale: string): Date | null {
  const iso = fromIsoDay(text);
  if (iso) return iso;
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const parts = Object.fromEntries(partOrder(locale).map((type, index) => [type, numbers[index]]));
  if (parts.year?.length !== 4) return null;
  return dayOf(Number(parts.year), Number(parts.month), Number(parts.day));
}
