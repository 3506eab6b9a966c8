import { RECOVERY_NOTE_STATUSES } from '../../../shared/recovery-notes';
import { DateRangeFilter, FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { PatientPicker, PractitionerFilter } from '../patients';
import type { NoteFilters as Filters } from './list-params';
import { NOTE_STATUS_LABELS } from './note-status';

type NoteFiltersProps = {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
  /** A patient's own notes are all signed and all theirs: only the dates narrow them. */
  datesOnly: boolean;
  /** Staff and admin narrow by the practitioner who wrote the note. */
  showPractitioner: boolean;
};

const STATUS_OPTIONS = optionsOf(RECOVERY_NOTE_STATUSES, NOTE_STATUS_LABELS);

export function NoteFilters({ filters, onChange, datesOnly, showPractitioner }: NoteFiltersProps) {
  return (
    <FilterBar label="Filter notes">
      {datesOnly ? null : (
        <>
          <PatientPicker
            label="Patient"
            emptyLabel="All patients"
            allowEmpty
            value={filters.patientId}
            onChange={(patientId) => onChange({ patientId })}
          />
          {showPractitioner ? (
            <PractitionerFilter
              value={filters.practitionerId}
              onChange={(practitionerId) => onChange({ practitionerId })}
            />
          ) : null}
          <SelectFilter
            label="Status"
            emptyLabel="All statuses"
            value={filters.status}
            onChange={(status) => onChange({ status })}
            options={STATUS_OPTIONS}
          />
        </>
      )}
      <DateRangeFilter range={filters} onChange={onChange} />
    </FilterBar>
  );
}
