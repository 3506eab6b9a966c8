import type { ComponentProps } from 'react';
import { useFormatter } from '../lib/format';
import { Select } from './select';

const pad = (value: number) => String(value).padStart(2, '0');

/** Every clock time of a day `stepMinutes` apart, as 'HH:MM' values. */
export function clockTimes(stepMinutes: number): string[] {
  const times: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += stepMinutes) {
    times.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  }
  return times;
}

type TimeSelectProps = Omit<ComponentProps<'select'>, 'children'> & {
  stepMinutes?: number;
  /** A saved time off the steps ('09:07'), offered too so that it is never lost. */
  current?: string;
  /** Offer '24:00', the end of a day, as the last choice. */
  endOfDay?: boolean;
};

/**
 * A time of day as a list of times labelled on the person's clock (12- or 24-hour, lib/format), so it reads as
 * the calendar does; the browser's own time field follows its language instead. The value stays 'HH:MM'.
 */
export function TimeSelect({ stepMinutes = 15, current, endOfDay, ...props }: TimeSelectProps) {
  const clock = useFormatter('UTC');
  const values = clockTimes(stepMinutes);
  if (current && /^\d{2}:\d{2}$/.test(current) && current !== '24:00' && !values.includes(current)) {
    values.push(current);
    values.sort();
  }
  const label = (value: string) => clock.time(`2000-01-01T${value}:00Z`);
  return (
    <Select {...props}>
      <option value="">Choose a time</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
      {endOfDay ? <option value="24:00">{`${label('00:00')} (end of day)`}</option> : null}
    </Select>
  );
}
