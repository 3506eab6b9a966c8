import { type CSSProperties, useRef, useState } from 'react';
import type { Appointment } from '../../../shared/scheduling';
import { cn } from '../../lib/cn';
import { type Formatter, useFormatter } from '../../lib/format';
import { serviceColours } from '../../lib/service-colours';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../ui/tooltip';
import { APPOINTMENT_STATUS_LABELS } from '../appointments';
import { appointmentName, STATUS_MARKS, StatusIcon } from './status-marks';

/** A session's times on the person's clock: '10:00–11:00', or '10:00 – 11:00 AM'. */
export const timesOf = (clock: Formatter, appointment: Appointment) =>
  clock.timeRange(appointment.startsAt, appointment.endsAt);

/** Everything about a session in a few lines: shown on hover and focus, and in the agenda. */
export function AppointmentSummary({ appointment }: { appointment: Appointment }) {
  const clock = useFormatter();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
      <dt className="text-muted-foreground">Time</dt>
      <dd>{timesOf(clock, appointment)}</dd>
      <dt className="text-muted-foreground">Patient</dt>
      <dd>{appointment.patientName}</dd>
      <dt className="text-muted-foreground">Practitioner</dt>
      <dd>{appointment.practitionerName}</dd>
      <dt className="text-muted-foreground">Service</dt>
      <dd>{appointment.serviceName}</dd>
      {appointment.isVideo ? (
        <>
          <dt className="text-muted-foreground">Visit</dt>
          <dd>Video visit</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">Status</dt>
      <dd className="flex items-center gap-1">
        <StatusIcon status={appointment.status} className="size-3.5 shrink-0" />
        {APPOINTMENT_STATUS_LABELS[appointment.status]}
      </dd>
    </dl>
  );
}

type CardProps = {
  appointment: Appointment;
  style: CSSProperties;
  movable: boolean;
  dragging: boolean;
  isDragged: boolean;
  onOpen: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
};

/**
 * A session on the time grid, in its service's colour with its status marked by icon and border. Each line is
 * cut with an ellipsis where the card is too narrow; the full text is its accessible name and its tooltip.
 */
export function AppointmentCard({ appointment, style, movable, dragging, isDragged, ...on }: CardProps) {
  const colours = serviceColours(appointment.colour);
  const dashed = STATUS_MARKS[appointment.status].dashed;
  const clock = useFormatter();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Focus scrolls a card into view, and a tooltip closes when its trigger scrolls: while the card has focus the
  // details stay until Escape or the focus moves on.
  const onOpenChange = (next: boolean) => {
    if (next || document.activeElement !== trigger.current) setOpen(next);
  };
  return (
    <Tooltip open={open} onOpenChange={onOpenChange}>
      <TooltipTrigger asChild>
        <button
          ref={trigger}
          type="button"
          draggable={movable}
          aria-label={appointmentName(appointment, timesOf(clock, appointment))}
          className={cn(
            'absolute z-10 flex flex-col overflow-hidden rounded-md border border-background px-1.5 py-0.5 text-left text-xs leading-tight shadow-sm focus-visible:z-20',
            dashed && 'border-2 border-dashed',
            dragging && 'pointer-events-none',
            isDragged && 'opacity-60',
            movable && 'cursor-grab',
          )}
          style={{ ...colours, ...(dashed ? { borderColor: colours.color } : {}), ...style }}
          onClick={on.onOpen}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', appointment.id);
            // Chrome drops a drag whose source changes while dragstart runs: mark it a moment later.
            setTimeout(on.onDragStart, 0);
          }}
          onDragEnd={on.onDragEnd}
          onBlur={() => setOpen(false)}
        >
          <span className="flex min-w-0 items-center gap-1 font-semibold">
            <StatusIcon status={appointment.status} />
            <span className="truncate">
              {clock.time(appointment.startsAt)} {appointment.patientName}
            </span>
          </span>
          <span className="block truncate">{appointment.serviceName}</span>
        </button>
      </TooltipTrigger>
      <TooltipContent side="right" align="start" onEscapeKeyDown={() => setOpen(false)}>
        <AppointmentSummary appointment={appointment} />
      </TooltipContent>
    </Tooltip>
  );
}
