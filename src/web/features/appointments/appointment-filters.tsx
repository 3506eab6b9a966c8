import { APPOINTMENT_STATUSES } from '../../../shared/vocabulary/scheduling';
import { DateRangeFilter, FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { PatientPicker, PractitionerFilter } from '../patients';
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

const STATUS_OPTIONS = optionsOf(APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS);

export function AppointmentFilters({
  filters,
  onChange,
  showPatient,
  showPractitioner,
}: AppointmentFiltersProps) {
  return (
    <FilterBar label="Filter appointments">
      {showPatient ? (
        <PatientPicker
          label="Patient"
          emptyLabel="All patients"
          allowEmpty
          value={filters.patientId}
          onChange={(patientId) => onChange({ patientId })}
        />
      ) : null}
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
      <DateRangeFilter range={filters} onChange={onChange} />
    </FilterBar>
  );
}
