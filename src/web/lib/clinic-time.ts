import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { CLINIC_TIME_ZONE } from '../../shared/vocabulary/scheduling';

/** A datetime-local value ('2026-12-24T13:00') read as a wall-clock time in the clinic's zone. */
export function instantInClinic(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, CLINIC_TIME_ZONE).getTime()).toISOString();
}

/** An instant as a datetime-local value in the clinic's zone. */
export const localInClinic = (iso: string) => format(new TZDate(iso, CLINIC_TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
