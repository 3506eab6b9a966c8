import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { fullName } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { patientRecordQueryOptions, usePatientList } from './api';

type PatientPickerProps = {
  label: string;
  value: string;
  onChange: (patientId: string) => void;
  /** The empty choice, e.g. 'All patients'; without it a patient must be chosen. */
  emptyLabel: string;
};

export const PATIENT_SEARCH_DELAY_MS = 300;

/**
 * Finds a patient by name through GET /api/patients?search= and chooses one from a native select, so the
 * platform's own keyboard and screen-reader behaviour apply. The chosen patient stays listed while searching.
 */
export function PatientPicker({ label, value, onChange, emptyLabel }: PatientPickerProps) {
  const id = useId();
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
  const options = matches.data?.pages.flatMap((page) => page.items) ?? [];
  const chosenMissing = value && !options.some((patient) => patient.id === value);

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-search`}>Find a patient</Label>
      <Input
        id={`${id}-search`}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        maxLength={100}
        autoComplete="off"
      />
      <Label htmlFor={`${id}-select`}>{label}</Label>
      <select
        id={`${id}-select`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-foreground text-sm"
      >
        <option value="">{emptyLabel}</option>
        {chosenMissing ? (
          <option value={value}>{chosen.data ? fullName(chosen.data) : 'Chosen patient'}</option>
        ) : null}
        {options.map((patient) => (
          <option key={patient.id} value={patient.id}>
            {fullName(patient)}
          </option>
        ))}
      </select>
    </div>
  );
}
