import type { Appointment } from '../../../shared/scheduling';
import { cn } from '../../lib/cn';
import { ServiceSwatch } from '../../ui/service-swatch';
import { APPOINTMENT_STATUS_LABELS } from '../appointments';
import { CALENDAR_STATUSES, STATUS_MARKS, StatusIcon } from './status-marks';

/** The services on screen, each once, by name. */
export function servicesShown(appointments: Appointment[]): { name: string; colour: string }[] {
  const byName = new Map<string, string>();
  for (const appointment of appointments) {
    if (!byName.has(appointment.serviceName)) byName.set(appointment.serviceName, appointment.colour);
  }
  return [...byName].map(([name, colour]) => ({ name, colour })).sort((a, b) => a.name.localeCompare(b.name));
}

/** What the colours and marks on the calendar mean: one colour a service, one mark a status. */
export function CalendarLegend({ appointments }: { appointments: Appointment[] }) {
  const services = servicesShown(appointments);
  return (
    <section aria-label="Legend" className="flex flex-col gap-2 text-sm">
      {services.length > 0 ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <h3 className="font-medium" id="calendar-legend-services">
            Services
          </h3>
          <ul aria-labelledby="calendar-legend-services" className="flex flex-wrap gap-x-4 gap-y-1">
            {services.map((service) => (
              <li key={service.name} className="flex items-center gap-1.5">
                <ServiceSwatch colour={service.colour} className="rounded-sm" />
                {service.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <h3 className="font-medium" id="calendar-legend-statuses">
          Statuses
        </h3>
        <ul aria-labelledby="calendar-legend-statuses" className="flex flex-wrap gap-x-4 gap-y-1">
          {CALENDAR_STATUSES.map((status) => (
            <li key={status} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex h-4 w-5 items-center justify-center rounded-sm border border-foreground/60 bg-muted',
                  STATUS_MARKS[status].dashed && 'border-dashed',
                )}
              >
                <StatusIcon status={status} />
              </span>
              {APPOINTMENT_STATUS_LABELS[status]}
              {STATUS_MARKS[status].dashed ? <span className="text-muted-foreground">(dashed)</span> : null}
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          Cancelled appointments are not shown here; Appointments lists them.
        </p>
      </div>
    </section>
  );
}
