import { useEffect, useId, useState } from 'react';
import { PATIENT_STATUSES } from '../../../shared/patients';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { STATUS_LABELS } from './controls';
import { defaultDirection, type ListFilters, type PatientSort } from './list-params';
import { PractitionerFilter } from './practitioner-filter';

type PatientFiltersProps = {
  filters: ListFilters;
  onChange: (changes: Partial<ListFilters>) => void;
  /** Staff and admin filter by practitioner; a practitioner's list is already their own patients. */
  showPractitioner: boolean;
};

export const SEARCH_DELAY_MS = 300;

const STATUS_OPTIONS = optionsOf(PATIENT_STATUSES, STATUS_LABELS);
const SORT_OPTIONS: { value: PatientSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'created', label: 'Date added' },
];

export function PatientFilters({ filters, onChange, showPractitioner }: PatientFiltersProps) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const settled = useDebouncedValue(search, SEARCH_DELAY_MS);

  // The typed search reaches the address (and so the server) once typing pauses.
  useEffect(() => {
    if (settled.trim() !== filters.search.trim()) onChange({ search: settled });
  }, [settled, filters.search, onChange]);

  return (
    <FilterBar label="Find clients">
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
          autoComplete="off"
          aria-describedby={`${id}-search-hint`}
        />
        <p id={`${id}-search-hint`} className="text-muted-foreground text-xs">
          Name, email or phone
        </p>
      </div>
      <SelectFilter
        label="Status"
        emptyLabel="All statuses"
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={STATUS_OPTIONS}
      />
      {showPractitioner ? (
        <PractitionerFilter
          value={filters.practitionerId}
          onChange={(practitionerId) => onChange({ practitionerId })}
        />
      ) : null}
      <SelectFilter
        label="Sort by"
        value={filters.sort}
        onChange={(sort) => {
          if (sort) onChange({ sort, direction: defaultDirection(sort) });
        }}
        options={SORT_OPTIONS}
      />
      <SelectFilter
        label="Order"
        value={filters.direction}
        onChange={(direction) => {
          if (direction) onChange({ direction });
        }}
        options={
          filters.sort === 'name'
            ? [
                { value: 'asc', label: 'A to Z' },
                { value: 'desc', label: 'Z to A' },
              ]
            : [
                { value: 'asc', label: 'Oldest first' },
                { value: 'desc', label: 'Newest first' },
              ]
        }
      />
    </FilterBar>
  );
}
