import { TZDate } from '@date-fns/tz';
import { EmailSchema } from '../../../shared/auth';

/*
 * Reading the cells of other systems' exports: emails, dates of birth and appointment times as they write
 * them. Each answers the value or null when the cell cannot be read.
 */

export const emailOf = (cell: string) => {
  const parsed = EmailSchema.safeParse(cell);
  return parsed.success ? parsed.data : null;
};

const isoDay = (year: number, month: number, day: number) => {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** YYYY-MM-DD, YYYY/MM/DD or MM/DD/YYYY (the US order both presets write), a real day from 1900 to today. */
export function dateOfBirthOf(cell: string, today = new Date()) {
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(cell);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  const day = iso
    ? isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    : us
      ? isoDay(Number(us[3]), Number(us[1]), Number(us[2]))
      : null;
  if (!day || day < '1900-01-01' || day > today.toISOString().slice(0, 10)) return null;
  return day;
}

/**
 * 'YYYY-MM-DD HH:MM' (or with a T) read in the practitioner's time zone, or a full ISO time with its offset.
 */
export function instantOf(cell: string, timeZone: string) {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(cell)) {
    const at = new Date(cell);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})$/.exec(cell);
  if (!local) return null;
  const [year, month, day, hour, minute] = local.slice(1).map(Number);
  if (!isoDay(year, month, day) || hour > 23 || minute > 59) return null;
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime());
}
