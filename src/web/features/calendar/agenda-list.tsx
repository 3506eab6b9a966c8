import type { Appointment } from '../../../shared/scheduling';
import { cn } from '../../lib/cn';
import { useFormatter } from '../../lib/format';
import { serviceColours } from '../../lib/service-colours';
import { APPOINTMENT_STATUS_LABELS } from '../appointments';
import { timesOf } from './appointment-card';
import { STATUS_MARKS, StatusIcon } from './status-marks';

type AgendaListProps = {
  dayLabel: string;
  appointments: Appointment[];
  isPending: boolean;
  onOpen: (appointment: Appointment) => void;
};

/**
 * The agenda: one day's sessions as a list in time order, every word in full. A phone opens it; it never needs
 * sideways scrolling, however many practitioners work that day.
 */
export function AgendaList({ dayLabel, appointments, isPending, onOpen }: AgendaListProps) {
  const clock = useFormatter();
  const sorted = [...appointments].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a.practitionerName.localeCompare(b.practitionerName),
  );
  return (
    <section aria-label="Calendar agenda" className="rounded-lg border border-border">
      {sorted.length === 0 ? (
        <p className="p-4 text-muted-foreground text-sm">
          {isPending ? 'Loading appointments…' : `No appointments on ${dayLabel}.`}
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {sorted.map((appointment) => {
            const colours = serviceColours(appointment.colour);
            return (
              <li key={appointment.id}>
                <button
                  type="button"
                  onClick={() => onOpen(appointment)}
                  className="flex w-full items-start gap-3 px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-1 inline-block size-3 shrink-0 rounded-sm border border-border',
                      STATUS_MARKS[appointment.status].dashed && 'border-2 border-foreground border-dashed',
                    )}
                    style={{ backgroundColor: colours.backgroundColor }}
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-semibold">
                      {timesOf(clock, appointment)} {appointment.patientName}
                    </span>
                    <span className="break-words text-muted-foreground">
                      {appointment.serviceName} · {appointment.practitionerName}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-1 text-xs">
                    <StatusIcon status={appointment.status} className="size-3.5 shrink-0" />
                    {APPOINTMENT_STATUS_LABELS[appointment.status]}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
