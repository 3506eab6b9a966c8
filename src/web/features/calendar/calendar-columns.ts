import { addDays } from 'date-fns';
import type { Appointment } from '../../../shared/scheduling';
import type { Span } from './working-hours';

/** One column of the time grid: a day, or in the day view of every practitioner, one practitioner's day. */
export type GridColumn = {
  key: string;
  day: Date;
  /** Set when the column is one practitioner's: a click on it books with them. */
  practitioner?: { id: string; name: string };
  appointments: Appointment[];
  working: Span[];
};

const touchesDay = (appointment: Appointment, day: Date) =>
  Date.parse(appointment.startsAt) < addDays(day, 1).getTime() &&
  Date.parse(appointment.endsAt) > day.getTime();

/** A column a day (the week view, and the day view of one practitioner). */
export function dayColumns(options: {
  days: Date[];
  appointments: Appointment[];
  working: (day: Date) => Span[];
}): GridColumn[] {
  return options.days.map((day) => ({
    key: day.toISOString(),
    day,
    appointments: options.appointments.filter((appointment) => touchesDay(appointment, day)),
    working: options.working(day),
  }));
}

/**
 * A column a practitioner on one day, the front desk's view: every practitioner of the clinic in the order given,
 * then anyone else with an appointment that day (a practitioner since deactivated keeps their sessions in view).
 */
export function practitionerColumns(options: {
  day: Date;
  practitioners: { id: string; name: string }[];
  appointments: Appointment[];
  /** A practitioner's working hours on the day, as far as they are known. */
  working: (practitionerId: string, day: Date) => Span[];
}): GridColumn[] {
  const inDay = options.appointments.filter((appointment) => touchesDay(appointment, options.day));
  const people = [...options.practitioners];
  for (const appointment of inDay) {
    if (!people.some((person) => person.id === appointment.practitionerId))
      people.push({ id: appointment.practitionerId, name: appointment.practitionerName });
  }
  return people.map((practitioner) => ({
    key: practitioner.id,
    day: options.day,
    practitioner,
    appointments: inDay.filter((appointment) => appointment.practitionerId === practitioner.id),
    working: options.working(practitioner.id, options.day),
  }));
}

/** The hours the grid shows: 07:00 to 19:00, widened to whole hours to take in every session and working span. */
export function shownHours(columns: GridColumn[]): { first: number; last: number } {
  let first = 7;
  let last = 19;
  for (const column of columns) {
    const dayStart = column.day.getTime();
    const spans = [
      ...column.working,
      ...column.appointments
        .filter((appointment) => Date.parse(appointment.startsAt) >= dayStart)
        .map((appointment) => ({
          start: Date.parse(appointment.startsAt),
          end: Date.parse(appointment.endsAt),
        })),
    ];
    for (const span of spans) {
      first = Math.max(0, Math.min(first, Math.floor((span.start - dayStart) / 3_600_000)));
      last = Math.min(24, Math.max(last, Math.ceil((span.end - dayStart) / 3_600_000)));
    }
  }
  return { first, last };
}
