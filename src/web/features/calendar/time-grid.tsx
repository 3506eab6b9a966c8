import { addMinutes, format, isSameDay, isToday } from 'date-fns';
import type { Appointment } from '../../../shared/scheduling';
import { cn } from '../../lib/cn';
import { useFormatter } from '../../lib/format';
import { AppointmentCard } from './appointment-card';
import type { GridColumn } from './calendar-columns';
import { mostLanes, placeInLanes } from './layout';

export const SLOT_MINUTES = 30;
const ROW_REM = 2.5;
/** The narrowest a card may get beside others ('10:00 Marga H…'); a busy day's column widens to keep it. */
export const LANE_MIN_REM = 6.5;
const COLUMN_MIN_REM = 7;

export type GridHandlers = {
  /** A free time was clicked: book there, with the column's practitioner when it has one. */
  onBook: (start: Date, practitionerId?: string) => void;
  onOpen: (appointment: Appointment) => void;
  /** An appointment was dropped on another time. */
  onMove: (appointment: Appointment, start: Date) => void;
  canMove: (appointment: Appointment) => boolean;
  canBook: boolean;
  dragging: Appointment | null;
  setDragging: (appointment: Appointment | null) => void;
};

type TimeGridProps = GridHandlers & {
  columns: GridColumn[];
  firstHour: number;
  lastHour: number;
  /** The now line sits on today's columns at this time. */
  now: Date;
};

const minutesInto = (day: Date, at: number) => (at - day.getTime()) / 60_000;

/**
 * The day and week views: one column a day, or a practitioner in the day view of everyone, one row every half
 * hour from firstHour to lastHour in the viewer's zone. Working hours are shaded; appointments sit at their
 * times side by side where they overlap, each at least LANE_MIN_REM wide (the grid scrolls sideways inside its
 * frame rather than squeeze them). Empty half hours are click targets for booking and drop targets for moving
 * (the keyboard books with the New appointment button and moves with an appointment's Reschedule action).
 */
export function TimeGrid({ columns, firstHour, lastHour, now, ...handlers }: TimeGridProps) {
  const clock = useFormatter();
  const rows = ((lastHour - firstHour) * 60) / SLOT_MINUTES;
  const height = `${rows * ROW_REM}rem`;
  const span = (lastHour - firstHour) * 60;
  const pct = (minutes: number) => `${(minutes / span) * 100}%`;
  const laidOut = columns.map((column) => {
    const placed = placeInLanes(column.appointments);
    return { column, placed, minRem: Math.max(COLUMN_MIN_REM, mostLanes(placed) * LANE_MIN_REM) };
  });
  const template = {
    gridTemplateColumns: `4rem ${laidOut.map(({ minRem }) => `minmax(${minRem}rem, 1fr)`).join(' ')}`,
  };
  const nowMinutes = minutesInto(new Date(now.getFullYear(), now.getMonth(), now.getDate()), now.getTime());
  const nowShown = nowMinutes >= firstHour * 60 && nowMinutes <= lastHour * 60;

  return (
    <section
      aria-label="Calendar grid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg border border-border"
    >
      <div className="grid min-w-fit" style={template}>
        <div className="sticky left-0 z-30 border-border border-b bg-muted" />
        {columns.map((column) => (
          <div
            key={column.key}
            className="relative min-w-0 border-border border-b border-l bg-muted px-2 py-2 text-center font-medium text-sm"
          >
            {column.practitioner ? (
              <span className="block truncate" title={column.practitioner.name}>
                {column.practitioner.name}
              </span>
            ) : (
              <>
                <time
                  dateTime={format(column.day, 'yyyy-MM-dd')}
                  className={cn(isToday(column.day) && 'text-primary')}
                >
                  {format(column.day, columns.length === 1 ? 'EEEE d MMMM' : 'EEE d')}
                </time>
                {isToday(column.day) ? <span className="sr-only"> (today)</span> : null}
              </>
            )}
          </div>
        ))}

        <div className="sticky left-0 z-30 bg-background" style={{ height }} aria-hidden="true">
          {Array.from({ length: lastHour - firstHour }, (_, index) => firstHour + index).map(
            (hour, index) => (
              <span
                key={hour}
                className="absolute right-2 -translate-y-1/2 text-muted-foreground text-xs"
                style={{ top: pct(index * 60) }}
              >
                {index === 0 ? '' : clock.time(new Date(2000, 0, 1, hour))}
              </span>
            ),
          )}
        </div>

        {laidOut.map(({ column, placed }) => {
          const { day } = column;
          const dayLabel = format(day, 'EEEE d MMMM');
          const withWhom = column.practitioner ? ` with ${column.practitioner.name}` : '';
          const gridStart = day.getTime() + firstHour * 3_600_000;
          return (
            <div
              key={column.key}
              className="relative border-border border-l"
              style={{ height }}
              data-day={format(day, 'yyyy-MM-dd')}
              data-practitioner={column.practitioner?.id}
            >
              {column.working.map((shade) => (
                <div
                  key={shade.start}
                  aria-hidden="true"
                  data-testid="working-hours"
                  className="absolute inset-x-0 bg-accent"
                  style={{
                    top: pct(Math.max(0, minutesInto(day, shade.start) - firstHour * 60)),
                    height: pct(
                      Math.min(span, minutesInto(day, shade.end) - firstHour * 60) -
                        Math.max(0, minutesInto(day, shade.start) - firstHour * 60),
                    ),
                  }}
                />
              ))}
              {Array.from({ length: rows }, (_, index) => {
                const start = addMinutes(new Date(gridStart), index * SLOT_MINUTES);
                return (
                  <button
                    key={start.toISOString()}
                    type="button"
                    tabIndex={-1}
                    aria-label={`Book at ${clock.time(start)} on ${dayLabel}${withWhom}`}
                    disabled={!handlers.canBook && !handlers.dragging}
                    className={cn(
                      'absolute inset-x-0 border-border/60 border-t disabled:cursor-default',
                      index % 2 === 0 ? 'border-solid' : 'border-dashed',
                      handlers.canBook && 'hover:bg-primary/10',
                    )}
                    style={{ top: pct(index * SLOT_MINUTES), height: pct(SLOT_MINUTES) }}
                    onClick={() => handlers.canBook && handlers.onBook(start, column.practitioner?.id)}
                    onDragOver={(event) => {
                      if (handlers.dragging) event.preventDefault();
                    }}
                    onDrop={(event) => {
                      event.preventDefault();
                      if (handlers.dragging) handlers.onMove(handlers.dragging, start);
                      handlers.setDragging(null);
                    }}
                  />
                );
              })}
              {isSameDay(day, now) && nowShown ? (
                <div
                  aria-hidden="true"
                  data-testid="now-line"
                  className="pointer-events-none absolute inset-x-0 z-20 border-destructive border-t-2"
                  style={{ top: pct(nowMinutes - firstHour * 60) }}
                >
                  <span className="absolute -top-1.5 -left-1.5 size-2.5 rounded-full bg-destructive" />
                </div>
              ) : null}
              {placed.map(({ appointment, lane, lanes }) => {
                const top = Math.max(0, minutesInto(day, Date.parse(appointment.startsAt)) - firstHour * 60);
                const bottom = Math.min(
                  span,
                  minutesInto(day, Date.parse(appointment.endsAt)) - firstHour * 60,
                );
                return (
                  <AppointmentCard
                    key={appointment.id}
                    appointment={appointment}
                    movable={handlers.canMove(appointment)}
                    dragging={handlers.dragging !== null}
                    isDragged={handlers.dragging?.id === appointment.id}
                    style={{
                      top: pct(top),
                      height: pct(Math.max(bottom - top, 15)),
                      left: `calc(${(lane / lanes) * 100}% + 2px)`,
                      width: `calc(${100 / lanes}% - 4px)`,
                    }}
                    onOpen={() => handlers.onOpen(appointment)}
                    onDragStart={() => handlers.setDragging(appointment)}
                    onDragEnd={() => handlers.setDragging(null)}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}
