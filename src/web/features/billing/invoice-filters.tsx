import { useEffect, useId, useState } from 'react';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES } from '../../../shared/billing';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { DateRangeFilter, FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PractitionerFilter } from '../patients';
import type { InvoiceFilters as Filters } from './list-params';

export const INVOICE_SEARCH_DELAY_MS = 300;

type InvoiceFiltersProps = {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
  /** A patient sees their own invoices only, and drafts never. */
  forPatient: boolean;
  /** Staff and admin narrow by practitioner. */
  showPractitioner: boolean;
};

export function InvoiceFilters({ filters, onChange, forPatient, showPractitioner }: InvoiceFiltersProps) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const settled = useDebouncedValue(search, INVOICE_SEARCH_DELAY_MS);
  const statuses = forPatient ? INVOICE_STATUSES.filter((status) => status !== 'draft') : INVOICE_STATUSES;

  // The typed search reaches the address (and so the server) once typing pauses.
  useEffect(() => {
    if (settled.trim() !== filters.search.trim()) onChange({ search: settled.trim() });
  }, [settled, filters.search, onChange]);

  return (
    <FilterBar label="Filter invoices">
      <div className="flex flex-col gap-1.5">
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
          {forPatient ? 'Invoice number' : 'Invoice number or patient name'}
        </p>
      </div>
      <SelectFilter
        label="Status"
        emptyLabel="All statuses"
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={optionsOf(statuses, INVOICE_STATUS_LABELS)}
      />
      {showPractitioner ? (
        <PractitionerFilter
          value={filters.practitionerId}
          onChange={(practitionerId) => onChange({ practitionerId })}
        />
      ) : null}
      <DateRangeFilter range={filters} onChange={onChange} />
    </FilterBar>
  );
}
