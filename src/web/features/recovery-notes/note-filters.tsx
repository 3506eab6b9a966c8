import { useId } from 'react';
import { RECOVERY_NOTE_STATUSES } from '../../../shared/recovery-notes';
import { fullName } from '../../lib/format';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { usePractitioners } from '../patients/api';
import { Select } from '../patients/controls';
import type { NoteFilters as Filters } from './list-params';
import { NOTE_STATUS_LABELS } from './note-status';
import { PatientPicker } from './patient-picker';

type NoteFiltersProps = {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
  /** A patient's own notes are all signed and all theirs: only the dates narrow them. */
  datesOnly: boolean;
  /** Staff and admin narrow by the practitioner who wrote the note. */
  showPractitioner: boolean;
};

export function NoteFilters({ filters, onChange, datesOnly, showPractitioner }: NoteFiltersProps) {
  const id = useId();
  const practitioners = usePractitioners(showPractitioner);
  return (
    <search aria-label="Filter notes" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {datesOnly ? null : (
        <>
          <PatientPicker
            label="Patient"
            emptyLabel="All patients"
            value={filters.patientId}
            onChange={(patientId) => onChange({ patientId })}
          />
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
              {RECOVERY_NOTE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {NOTE_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </div>
        </>
      )}
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
