import { describe, expect, it } from 'vitest';
import { appointment } from '../../test/fake-scheduling-server';
import { dayColumns, practitionerColumns, shownHours } from './calendar-columns';

const day = new Date(2026, 2, 2);
const at = (date: number, hour: number) => new Date(2026, 2, date, hour).toISOString();
const riley = { id: 'riley', name: 'Riley Chen' };
const dana = { id: 'dana', name: 'Dana Wells' };

describe('the calendar columns', () => {
  it('gives the day view of everyone a column a practitioner, with only their sessions and hours that day', () => {
    const rileyHours = { start: new Date(2026, 2, 2, 9).getTime(), end: new Date(2026, 2, 2, 17).getTime() };
    const columns = practitionerColumns({
      day,
      practitioners: [riley, dana],
      working: (id, on) => (id === 'riley' && on === day ? [rileyHours] : []),
      appointments: [
        appointment({ id: 'r1', practitionerId: 'riley', startsAt: at(2, 9), endsAt: at(2, 10) }),
        appointment({ id: 'd1', practitionerId: 'dana', startsAt: at(2, 11), endsAt: at(2, 12) }),
        appointment({ id: 'r2', practitionerId: 'riley', startsAt: at(3, 9), endsAt: at(3, 10) }),
        appointment({
          id: 'gone',
          practitionerId: 'sam',
          practitionerName: 'Sam Left',
          startsAt: at(2, 15),
          endsAt: at(2, 16),
        }),
      ],
    });
    expect(columns.map((column) => column.practitioner?.name)).toEqual([
      'Riley Chen',
      'Dana Wells',
      'Sam Left',
    ]);
    expect(columns.map((column) => column.appointments.map((item) => item.id))).toEqual([
      ['r1'],
      ['d1'],
      ['gone'],
    ]);
    expect(columns.map((column) => column.working)).toEqual([[rileyHours], [], []]);
  });

  it('gives the week a column a day with the sessions and working hours of that day', () => {
    const columns = dayColumns({
      days: [day, new Date(2026, 2, 3)],
      appointments: [appointment({ id: 'tue', startsAt: at(3, 9), endsAt: at(3, 10) })],
      working: (of) => [{ start: of.getTime() + 9 * 3_600_000, end: of.getTime() + 17 * 3_600_000 }],
    });
    expect(columns.map((column) => column.appointments.length)).toEqual([0, 1]);
    expect(columns[1].working).toEqual([{ start: Date.parse(at(3, 9)), end: Date.parse(at(3, 17)) }]);
    expect(columns[0].practitioner).toBeUndefined();
  });

  it('shows 07:00 to 19:00, widened to whole hours around earlier or later sessions', () => {
    const quiet = dayColumns({ days: [day], appointments: [], working: () => [] });
    expect(shownHours(quiet)).toEqual({ first: 7, last: 19 });
    const busy = dayColumns({
      days: [day],
      appointments: [
        appointment({ startsAt: new Date(2026, 2, 2, 6, 30).toISOString(), endsAt: at(2, 7) }),
        appointment({ startsAt: at(2, 19), endsAt: new Date(2026, 2, 2, 20, 15).toISOString() }),
      ],
      working: () => [],
    });
    expect(shownHours(busy)).toEqual({ first: 6, last: 21 });
  });
});
