import {
  addDays,
  addMonths,
  addYears,
  endOfWeek,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';
import { firstDayOfWeek, toIsoDay } from './date-locale';

type CalendarGridProps = {
  locale: string;
  /** The day with keyboard focus; the month shown is its month. */
  focused: Date;
  onFocusedChange: (day: Date) => void;
  chosen: Date | null;
  onChoose: (day: Date) => void;
  /** Days before min or after max (yyyy-mm-dd) cannot be chosen. */
  min?: string;
  max?: string;
};

type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const weeksOf = (month: Date, weekStartsOn: Weekday) => {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn });
  const weeks: Date[][] = [];
  for (let day = first; weeks.length < 6; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(day, index)));
  }
  return weeks;
};

/**
 * A month as a grid after the WAI-ARIA date picker pattern: one day takes focus, the arrows move it by day and
 * week, Home and End to the week's ends, Page Up and Page Down by month (with Shift by year), Enter chooses.
 */
export function CalendarGrid({
  locale,
  focused,
  onFocusedChange,
  chosen,
  onChoose,
  min,
  max,
}: CalendarGridProps) {
  const headingId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const weekStartsOn = firstDayOfWeek(locale) as Weekday;
  const weeks = weeksOf(focused, weekStartsOn);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(focused);
  const dayName = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const outOfRange = (day: Date) => Boolean((min && toIsoDay(day) < min) || (max && toIsoDay(day) > max));
  const focusedKey = toIsoDay(focused);

  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusedKey}"]`)?.focus();
  }, [focusedKey]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => startOfWeek(focused, { weekStartsOn }),
      End: () => endOfWeek(focused, { weekStartsOn }),
      PageUp: () => (event.shiftKey ? addYears(focused, -1) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addYears(focused, 1) : addMonths(focused, 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onFocusedChange(move());
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          onClick={() => onFocusedChange(addMonths(focused, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 id={headingId} aria-live="polite" className="font-semibold text-sm">
          {monthName}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          onClick={() => onFocusedChange(addMonths(focused, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={gridRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date picker is a table with the grid role
        role="grid"
        aria-labelledby={headingId}
        onKeyDown={onKeyDown}
        className="border-collapse"
      >
        <thead>
          <tr>
            {weeks[0].map((day) => (
              <th
                key={day.getDay()}
                scope="col"
                abbr={weekdayLong.format(day)}
                className="size-9 font-normal text-muted-foreground text-xs"
              >
                {weekdayShort.format(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={toIsoDay(week[0])}>
              {week.map((day) => {
                const key = toIsoDay(day);
                const isChosen = chosen ? isSameDay(day, chosen) : false;
                const disabled = outOfRange(day);
                return (
                  // biome-ignore lint/a11y/useFocusableInteractive: the day's button inside the cell takes focus
                  <td
                    key={key}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid's cells carry the selection
                    role="gridcell"
                    aria-selected={isChosen}
                    className="p-0 text-center"
                  >
                    <button
                      type="button"
                      data-day={key}
                      tabIndex={key === focusedKey ? 0 : -1}
                      aria-label={dayName.format(day)}
                      aria-current={isSameDay(day, new Date()) ? 'date' : undefined}
                      aria-disabled={disabled || undefined}
                      onClick={() => (disabled ? undefined : onChoose(day))}
                      className={cn(
                        'size-9 rounded-md text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring',
                        !isSameMonth(day, focused) && 'text-muted-foreground',
                        isSameDay(day, new Date()) && 'font-bold underline',
                        isChosen &&
                          'bg-primary text-primary-foreground hover:bg-primary-hover hover:text-primary-foreground',
                        disabled && 'cursor-not-allowed line-through opacity-60',
                      )}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
