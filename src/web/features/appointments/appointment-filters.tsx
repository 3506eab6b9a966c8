import { useId } from 'react';
import { APPOINTMENT_STATUSES } from '../../../shared/scheduling';
import { fullName } from '../../lib/format';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { usePractitioners } from '../patients/api';
import { Select } from '../patients/controls';
import { PatientPicker } from '../recovery-notes/patient-picker';
import { APPOINTMENT_STATUS_LABELS } from './appointment-status';
import type { AppointmentFilters as Filters } from './list-params';

type AppointmentFiltersProps = {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
  /** A patient's list is theirs alone: no patient to choose. */
  showPatient: boolean;
  /** Staff and admin narrow by practitioner. */
  showPractitioner: boolean;
};

export function AppointmentFilters({
  filters,
  onChange,
  showPatient,
  showPractitioner,
}: AppointmentFiltersProps) {
  const id = useId();
  const practitioners = usePractitioners(showPractitioner);
  return (
    <search aria-label="Filter appointments" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {showPatient ? (
        <PatientPicker
          label="Patient"
          emptyLabel="All patients"
          value={filters.patientId}
          onChange={(patientId) => onChange({ patientId })}
        />
      ) : null}
      {showPractitioner ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-practitioner`}>Practitioner</Label>
          <Select
            id={`${id}-practitioner`}
            value={filters.practitionerId}
            onChange={(event) => onChange({ practitionerId: event.target.value })}
          >
            <option value="">All practitioners</option>
            {(practitioners.data ?? []).map((practitioner) => (
              <option key={practitioner.id} value={practitioner.id}>
                {fullName(practitioner)}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as Filters['status'] })}
        >
          <option value="">All statuses</option>
          {APPOINTMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {APPOINTMENT_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
    </search>
  );
}
