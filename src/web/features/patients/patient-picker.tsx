import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fullName } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Combobox } from '../../ui/combobox';
import { FormField } from '../../ui/form-field';
import { patientRecordQueryOptions, usePatientList } from './api';

type PatientPickerProps = {
  label: string;
  value: string;
  onChange: (patientId: string) => void;
  /** The empty choice, e.g. 'All patients'; without it a patient must be chosen. */
  emptyLabel: string;
  /** Whether choosing no one is a choice (a filter's 'All patients') rather than a field left to fill. */
  allowEmpty?: boolean;
  error?: string;
};

export const PATIENT_SEARCH_DELAY_MS = 300;

/**
 * One field that finds a patient by name through GET /api/patients?search= and chooses one: a combobox, so a
 * long list is searched on the server while the keyboard and screen readers get the listbox they know.
 */
export function PatientPicker({ label, value, onChange, emptyLabel, allowEmpty, error }: PatientPickerProps) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, PATIENT_SEARCH_DELAY_MS);
  const matches = usePatientList({
    search: settled,
    status: '',
    practitionerId: '',
    sort: 'name',
    direction: 'asc',
  });
  const chosen = useQuery({ ...patientRecordQueryOptions(value), enabled: Boolean(value) });
  const options = (matches.data?.pages.flatMap((page) => page.items) ?? []).map((patient) => ({
    value: patient.id,
    label: fullName(patient),
    hint: patient.email,
  }));

  return (
    <FormField label={label} error={error}>
      <Combobox
        listLabel="Patients"
        value={value}
        onChange={onChange}
        options={options}
        placeholder={emptyLabel}
        emptyOption={allowEmpty ? emptyLabel : undefined}
        chosenLabel={chosen.data ? fullName(chosen.data) : 'Chosen patient'}
        onSearch={setSearch}
        searching={search !== settled || matches.isFetching}
        noMatches="No patients match"
      />
    </FormField>
  );
}
