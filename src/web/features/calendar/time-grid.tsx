import { addMinutes, format, isToday } from 'date-fns';
import type { Appointment } from '../../../shared/scheduling';
import { cn } from '../../lib/cn';
import { serviceColours } from '../../lib/service-colours';
import { placeInLanes } from './layout';
import type { Span } from './working-hours';

export const SLOT_MINUTES = 30;
const ROW_REM = 2.5;

export type GridHandlers = {
  /** A free time was clicked: book there. */
  onBook: (start: Date) => void;
  onOpen: (appointment: Appointment) => void;
  /** An appointment was dropped on another time. */
  onMove: (appointment: Appointment, start: Date) => void;
  canMove: (appointment: Appointment) => boolean;
  canBook: boolean;
  dragging: Appointment | null;
  setDragging: (appointment: Appointment | null) => void;
};

type TimeGridProps = GridHandlers & {
  days: Date[];
  firstHour: number;
  lastHour: number;
  appointments: Appointment[];
  working: (day: Date) => Span[];
};

const minutesInto = (day: Date, at: number) => (at - day.getTime()) / 60_000;

/**
 * The day and week views: one column a day, one row every half hour from firstHour to lastHour in the
 * viewer's zone. Working hours are shaded; appointments sit at their times in their service's colour.
 * Empty half hours are click targets for booking and drop targets for moving (the keyboard books with the
 * New appointment button and moves with an appointment's Reschedule action).
 */
export function TimeGrid({ days, firstHour, lastHour, appointments, working, ...handlers }: TimeGridProps) {
  const rows = ((lastHour - firstHour) * 60) / SLOT_MINUTES;
  const height = `${rows * ROW_REM}rem`;
  const span = (lastHour - firstHour) * 60;
  const pct = (minutes: number) => `${(minutes / span) * 100}%`;
  const columns = { gridTemplateColumns: `4rem repeat(${days.length}, minmax(7rem, 1fr))` };

  return (
    <section
      aria-label="Calendar grid"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border"
    >
      <div className="grid min-w-fit" style={columns}>
        <div className="sticky top-0 border-border border-b bg-muted" />
        {days.map((day) => (
          <div
            key={day.toISOString()}
            className="border-border border-b border-l bg-muted px-2 py-2 text-center font-medium text-sm"
          >
            <time dateTime={format(day, 'yyyy-MM-dd')} className={cn(isToday(day) && 'text-primary')}>
              {format(day, days.length === 1 ? 'EEEE d MMMM' : 'EEE d')}
            </time>
            {isToday(day) ? <span className="sr-only"> (today)</span> : null}
          </div>
        ))}

        <div className="relative" style={{ height }} aria-hidden="true">
          {Array.from({ length: lastHour - firstHour }, (_, index) => firstHour + index).map(
            (hour, index) => (
              <span
                key={hour}
                className="absolute right-2 -translate-y-1/2 text-muted-foreground text-xs"
                style={{ top: pct(index * 60) }}
              >
                {index === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}
              </span>
            ),
          )}
        </div>

        {days.map((day) => {
          const dayLabel = format(day, 'EEEE d MMMM');
          const gridStart = day.getTime() + firstHour * 3_600_000;
          const inDay = appointments.filter(
            (appointment) =>
              Date.parse(appointment.startsAt) < day.getTime() + 86_400_000 &&
              Date.parse(appointment.endsAt) > day.getTime(),
          );
          return (
            <div
              key={day.toISOString()}
              className="relative border-border border-l"
              style={{ height }}
              data-day={format(day, 'yyyy-MM-dd')}
            >
              {working(day).map((shade) => (
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
                    aria-label={`Book at ${format(start, 'HH:mm')} on ${dayLabel}`}
                    disabled={!handlers.canBook && !handlers.dragging}
                    className={cn(
                      'absolute inset-x-0 border-border/60 border-t disabled:cursor-default',
                      index % 2 === 0 ? 'border-solid' : 'border-dashed',
                      handlers.canBook && 'hover:bg-primary/10',
                    )}
                    style={{ top: pct(index * SLOT_MINUTES), height: pct(SLOT_MINUTES) }}
                    onClick={() => handlers.canBook && handlers.onBook(start)}
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
              {placeInLanes(inDay).map(({ appointment, lane, lanes }) => {
                const top = Math.max(0, minutesInto(day, Date.parse(appointment.startsAt)) - firstHour * 60);
                const bottom = Math.min(
                  span,
                  minutesInto(day, Date.parse(appointment.endsAt)) - firstHour * 60,
                );
                const movable = handlers.canMove(appointment);
                const isDragged = handlers.dragging?.id === appointment.id;
                return (
                  <button
                    key={appointment.id}
                    type="button"
                    draggable={movable}
                    aria-label={`${format(new Date(appointment.startsAt), 'HH:mm')}–${format(new Date(appointment.endsAt), 'HH:mm')} ${appointment.patientName}, ${appointment.serviceName}${appointment.status === 'no_show' ? ', no-show' : ''}`}
                    className={cn(
                      'absolute z-10 overflow-hidden rounded-md border border-background px-1.5 py-0.5 text-left text-xs leading-tight shadow-sm focus-visible:z-20',
                      appointment.status === 'no_show' && 'border-dashed',
                      handlers.dragging && 'pointer-events-none',
                      isDragged && 'opacity-60',
                      movable && 'cursor-grab',
                    )}
                    style={{
                      ...serviceColours(appointment.colour),
                      top: pct(top),
                      height: pct(Math.max(bottom - top, 15)),
                      left: `calc(${(lane / lanes) * 100}% + 2px)`,
                      width: `calc(${100 / lanes}% - 4px)`,
                    }}
                    onClick={() => handlers.onOpen(appointment)}
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', appointment.id);
                      // Chrome drops a drag whose source changes while dragstart runs: mark it a moment later.
                      setTimeout(() => handlers.setDragging(appointment), 0);
                    }}
                    onDragEnd={() => handlers.setDragging(null)}
                  >
                    <span className="block font-semibold">
                      {format(new Date(appointment.startsAt), 'HH:mm')} {appointment.patientName}
                    </span>
                    <span className="block">{appointment.serviceName}</span>
                  </button>
                );
              })}
            </div>
          );
        })}
      </div>
    </section>
  );
}
