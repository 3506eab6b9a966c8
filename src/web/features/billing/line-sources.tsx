import { useId, useState } from 'react';
import { formatMoney, formatterFor } from '../../lib/format';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { Select } from '../../ui/select';
import { useServiceTypes } from '../appointments';
import { useBillableAppointments } from './api';
import { appointmentLine, type DraftLine, freeLine, serviceLine } from './editor-lines';
import { InvoiceSection } from './invoice-details';

type LineSourcesProps = {
  patientId: string;
  lines: DraftLine[];
  /** At the most lines an invoice may have: nothing more can be added. */
  full: boolean;
  onAdd: (line: DraftLine) => void;
};

/** Where lines come from: the patient's completed sessions not yet billed, the clinic's services, or free text. */
export function LineSources({ patientId, lines, full, onAdd }: LineSourcesProps) {
  const id = useId();
  const billable = useBillableAppointments(patientId);
  const services = useServiceTypes();
  const [serviceId, setServiceId] = useState('');
  const activeServices = (services.data ?? []).filter((service) => service.active);
  const added = new Set(lines.map((line) => line.appointmentId).filter(Boolean));
  const appointments = billable.data?.appointments ?? [];

  return (
    <InvoiceSection title="Add lines">
      {!patientId ? (
        <p className="text-muted-foreground text-sm">Choose a patient to see their completed sessions.</p>
      ) : billable.isPending ? (
        <p role="status" className="text-muted-foreground text-sm">
          Looking for completed sessions…
        </p>
      ) : billable.isError ? (
        <p className="text-destructive text-sm">{billable.error.message}</p>
      ) : appointments.length === 0 ? (
        <p className="text-muted-foreground text-sm">No completed sessions waiting to be billed.</p>
      ) : (
        <ul
          aria-label="Completed sessions not yet billed"
          className="flex flex-col divide-y divide-border text-sm"
        >
          {appointments.map((appointment) => {
            const day = formatterFor().date(appointment.startsAt);
            // Worded as the server words the line it makes from the session.
            const description = `${appointment.serviceName}, ${day}`;
            const isAdded = added.has(appointment.appointmentId);
            return (
              <li
                key={appointment.appointmentId}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span>
                  {description} with {appointment.practitionerName}: {formatMoney(appointment.priceCents)}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={isAdded || full}
                  aria-label={isAdded ? `${description} added` : `Add ${description}`}
                  onClick={() => onAdd(appointmentLine(appointment, description))}
                >
                  {isAdded ? 'Added' : 'Add'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-service`}>Service</Label>
          <Select
            id={`${id}-service`}
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
          >
            <option value="">Choose a service</option>
            {activeServices.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name} ({formatMoney(service.priceCents)})
              </option>
            ))}
          </Select>
        </div>
        <Button
          variant="outline"
          disabled={!serviceId || full}
          onClick={() => {
            const service = activeServices.find((candidate) => candidate.id === serviceId);
            if (service) onAdd(serviceLine(service));
            setServiceId('');
          }}
        >
          Add service
        </Button>
        <Button variant="outline" disabled={full} onClick={() => onAdd(freeLine())}>
          Add a line
        </Button>
      </div>
    </InvoiceSection>
  );
}
