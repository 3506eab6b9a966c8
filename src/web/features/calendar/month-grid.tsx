import { format, isSameMonth, isToday, set } from 'date-fns';
import type { Appointment } from '../../../shared/scheduling';
import { cn } from '../../lib/cn';
import { useFormatter } from '../../lib/format';
import { serviceColours } from '../../lib/service-colours';
import { APPOINTMENT_STATUS_LABELS } from '../appointments';
import { STATUS_MARKS, StatusIcon } from './status-marks';
import type { GridHandlers } from './time-grid';

type MonthGridProps = GridHandlers & {
  days: Date[];
  anchor: Date;
  appointments: Appointment[];
  /** Opens a day in the day view. */
  onShowDay: (day: Date) => void;
  columns: number;
};

const BOOKING_HOUR = 9;

/**
 * The month view: a week a row. Each day lists its appointments by time; clicking the day's free space books
 * that day at 09:00, and an appointment dropped on another day keeps its time of day.
 */
export function MonthGrid({ days, anchor, appointments, onShowDay, columns, ...handlers }: MonthGridProps) {
  const clock = useFormatter();
  const weekdays = days.slice(0, columns);
  return (
    <section aria-label="Calendar grid" className="rounded-lg border border-border">
      <div className="grid" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {weekdays.map((day) => (
          <div
            key={day.toISOString()}
            className="border-border border-b bg-muted px-2 py-2 text-center font-medium text-sm"
          >
            <abbr title={format(day, 'EEEE')} className="no-underline">
              {format(day, 'EEE')}
            </abbr>
          </div>
        ))}
        {days.map((day) => {
          const dayLabel = format(day, 'EEEE d MMMM');
          const inDay = appointments
            .filter(
              (appointment) =>
                format(new Date(appointment.startsAt), 'yyyy-MM-dd') === format(day, 'yyyy-MM-dd'),
            )
            .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
          return (
            <div
              key={day.toISOString()}
              className={cn(
                'relative flex min-h-28 flex-col gap-1 border-border border-b border-l p-1',
                !isSameMonth(day, anchor) && 'bg-muted',
              )}
            >
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Book on ${dayLabel}`}
                disabled={!handlers.canBook && !handlers.dragging}
                className="absolute inset-0 disabled:cursor-default"
                onClick={() =>
                  handlers.canBook && handlers.onBook(set(day, { hours: BOOKING_HOUR, minutes: 0 }))
                }
                onDragOver={(event) => {
                  if (handlers.dragging) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const moving = handlers.dragging;
                  if (moving) {
                    const from = new Date(moving.startsAt);
                    handlers.onMove(moving, set(day, { hours: from.getHours(), minutes: from.getMinutes() }));
                  }
                  handlers.setDragging(null);
                }}
              />
              <button
                type="button"
                onClick={() => onShowDay(day)}
                aria-label={`Show ${dayLabel}${isToday(day) ? ' (today)' : ''}`}
                className={cn(
                  'relative z-10 self-end rounded-sm px-1.5 text-sm hover:underline',
                  isToday(day) && 'bg-primary font-semibold text-primary-foreground',
                  handlers.dragging && 'pointer-events-none',
                )}
              >
                {format(day, 'd')}
              </button>
              <ul className="relative z-10 flex flex-col gap-1">
                {inDay.map((appointment) => (
                  <li key={appointment.id}>
                    <button
                      type="button"
                      draggable={handlers.canMove(appointment)}
                      className={cn(
                        'flex w-full items-center gap-1 rounded-sm px-1 py-0.5 text-left text-xs',
                        STATUS_MARKS[appointment.status].dashed && 'border border-current border-dashed',
                        handlers.dragging && 'pointer-events-none',
                      )}
                      style={serviceColours(appointment.colour)}
                      onClick={() => handlers.onOpen(appointment)}
                      onDragStart={(event) => {
                        event.dataTransfer.effectAllowed = 'move';
                        event.dataTransfer.setData('text/plain', appointment.id);
                        // Chrome drops a drag whose source changes while dragstart runs: mark it a moment later.
                        setTimeout(() => handlers.setDragging(appointment), 0);
                      }}
                      onDragEnd={() => handlers.setDragging(null)}
                    >
                      <StatusIcon status={appointment.status} />
                      <span className="min-w-0 truncate">
                        {clock.time(appointment.startsAt)} {appointment.patientName}
                        <span className="sr-only">
                          , {appointment.serviceName}, {APPOINTMENT_STATUS_LABELS[appointment.status]}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </section>
  );
}
