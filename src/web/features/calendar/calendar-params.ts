import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  isWeekend,
  parseISO,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { CALENDAR_VIEWS } from '../../../shared/vocabulary/preferences';
import { isId } from '../../lib/ids';

/**
 * The views a preference may name, plus the agenda: the day as a list, which a phone opens when the address names
 * no view (a preference is shared by every screen a person uses, so the phone's choice is not kept in it).
 */
export const PAGE_VIEWS = [...CALENDAR_VIEWS, 'agenda'] as const;
export type CalendarView = (typeof PAGE_VIEWS)[number];

/** What the calendar shows, kept in the address so a reload or a shared link shows the same days. */
export type CalendarState = {
  /** Empty when the address names none: the calendarView preference decides. */
  view: CalendarView | '';
  /** The day the view is built around ('YYYY-MM-DD'); empty means today. */
  date: string;
  /** Staff and admin only: one practitioner's appointments. */
  practitionerId: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** Reads the calendar's state from the address, ignoring anything it could not show. */
export function calendarStateFrom(params: URLSearchParams): CalendarState {
  const view = params.get('view');
  const date = params.get('date');
  const practitionerId = params.get('practitioner');
  return {
    view: PAGE_VIEWS.find((candidate) => candidate === view) ?? '',
    date: date && DAY.test(date) && isValid(parseISO(date)) ? date : '',
    practitionerId: isId(practitionerId) ? practitionerId.toLowerCase() : '',
  };
}

/** Writes the state into the address, leaving out what is empty. */
export function withCalendarState(params: URLSearchParams, state: CalendarState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  set('view', state.view);
  set('date', state.date);
  set('practitioner', state.practitionerId);
  return next;
}

export const WEEK_OPTIONS = { weekStartsOn: 1 } as const;

/** The days a view shows, in the viewer's own zone; weekends are left out when the preference says so. */
export function daysOf(view: CalendarView, anchor: Date, showWeekends: boolean): Date[] {
  if (view === 'day' || view === 'agenda') return [startOfDay(anchor)];
  const interval =
    view === 'week'
      ? { start: startOfWeek(anchor, WEEK_OPTIONS), end: endOfWeek(anchor, WEEK_OPTIONS) }
      : {
          start: startOfWeek(startOfMonth(anchor), WEEK_OPTIONS),
          end: endOfWeek(endOfMonth(anchor), WEEK_OPTIONS),
        };
  const days = eachDayOfInterval(interval);
  return showWeekends ? days : days.filter((day) => !isWeekend(day));
}

/** The instants from the first shown day's midnight to the midnight after the last. */
export function rangeOf(days: Date[]): { from: Date; to: Date } {
  return { from: startOfDay(days[0]), to: addDays(startOfDay(days[days.length - 1]), 1) };
}

/** The anchor one step back or forward in the current view. */
export function stepped(view: CalendarView, anchor: Date, step: 1 | -1): Date {
  if (view === 'day' || view === 'agenda') return addDays(anchor, step);
  if (view === 'week') return addWeeks(anchor, step);
  return addMonths(anchor, step);
}

/** What the toolbar says the view shows, e.g. 'November 2026' or '16 – 22 November 2026'. */
export function rangeLabel(view: CalendarView, days: Date[], anchor: Date): string {
  if (view === 'day' || view === 'agenda') return format(anchor, 'EEEE d MMMM yyyy');
  if (view === 'month') return format(anchor, 'MMMM yyyy');
  const first = days[0];
  const last = days[days.length - 1];
  if (format(first, 'yyyy-MM') === format(last, 'yyyy-MM'))
    return `${format(first, 'd')} – ${format(last, 'd MMMM yyyy')}`;
  return `${format(first, 'd MMMM')} – ${format(last, 'd MMMM yyyy')}`;
}
