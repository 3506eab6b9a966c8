import { useEffect, useId, useState } from 'react';
import { PATIENT_STATUSES } from '../../../shared/patients';
import { fullName } from '../../lib/format';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useDebouncedValue } from '../messaging/use-debounced-value';
import { usePractitioners } from './api';
import { Select, STATUS_LABELS } from './controls';
import { defaultDirection, type ListFilters, type PatientSort, type SortDirection } from './list-params';

type PatientFiltersProps = {
  filters: ListFilters;
  onChange: (changes: Partial<ListFilters>) => void;
  /** Staff and admin filter by practitioner; a practitioner's list is already their own patients. */
  showPractitioner: boolean;
};

export const SEARCH_DELAY_MS = 300;

export function PatientFilters({ filters, onChange, showPractitioner }: PatientFiltersProps) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const settled = useDebouncedValue(search, SEARCH_DELAY_MS);
  const practitioners = usePractitioners(showPractitioner);

  // The typed search reaches the address (and so the server) once typing pauses.
  useEffect(() => {
    if (settled.trim() !== filters.search.trim()) onChange({ search: settled });
  }, [settled, filters.search, onChange]);

  return (
    <search aria-label="Find clients" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
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
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as ListFilters['status'] })}
        >
          <option value="">All statuses</option>
          {PATIENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
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
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <Select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => {
            const sort = event.target.value as PatientSort;
            onChange({ sort, direction: defaultDirection(sort) });
          }}
        >
          <option value="name">Name</option>
          <option value="created">Date added</option>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-direction`}>Order</Label>
        <Select
          id={`${id}-direction`}
          value={filters.direction}
          onChange={(event) => onChange({ direction: event.target.value as SortDirection })}
        >
          <option value="asc">{filters.sort === 'name' ? 'A to Z' : 'Oldest first'}</option>
          <option value="desc">{filters.sort === 'name' ? 'Z to A' : 'Newest first'}</option>
        </Select>
      </div>
    </search>
  );
}
