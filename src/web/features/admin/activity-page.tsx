import { Download } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  ACTIVITY_ENTITY_LABELS,
  ACTIVITY_ENTITY_TYPES,
  type ActivityEntry,
  type ActivityFilters,
  ActivityFiltersSchema,
} from '../../../shared/admin';
import { isApiRequestError } from '../../lib/api-error';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useUrlFilters } from '../../lib/use-url-filters';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { DateRangeFilter, FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PagedList } from '../../ui/paged-list';
import { Spinner } from '../../ui/spinner';
import { actionLabel, formatWhen } from './activity-format';
import { AdminNav } from './admin-nav';
import { downloadActivityCsv, useActivity } from './api';

const KEYS = ['actor', 'action', 'entityType', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];
type Filters = Record<Key, string>;
const ENTITY_OPTIONS = optionsOf(ACTIVITY_ENTITY_TYPES, ACTIVITY_ENTITY_LABELS);

const asQuery = (filters: Filters): ActivityFilters =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== '')) as ActivityFilters;

/** /admin/activity: the append-only log, newest first, filtered by actor, action, entity and days; CSV export. */
export function ActivityPage() {
  const [filters, changeFilters] = useUrlFilters(KEYS, ActivityFiltersSchema);
  const query = asQuery(filters);
  const list = useActivity(query);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadActivityCsv(query);
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not export the log.');
    } finally {
      setExporting(false);
    }
  };

  const entries = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(query).length > 0;

  return (
    <div className="flex flex-col gap-4">
      <AdminNav />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="sr-only">Activity log</h2>
        <Button size="sm" variant="outline" onClick={exportCsv} disabled={exporting}>
          {exporting ? <Spinner /> : <Download aria-hidden="true" />}
          Export CSV
        </Button>
      </div>
      <ActivityFilterBar filters={filters} onChange={changeFilters} />
      <PagedList
        query={list}
        count={entries.length}
        loadingLabel="Loading the activity log…"
        errorText="Could not load the activity log."
        emptyText={filtered ? 'No entries match these filters.' : 'No activity yet.'}
        loadMoreErrorText="Could not load more entries. Please try again."
      >
        <ActivityTable entries={entries} />
      </PagedList>
    </div>
  );
}

function TextFilter({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, 300);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onChange(settled);
  }, [settled, value, onChange]);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  );
}

function ActivityFilterBar({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (changes: Partial<Filters>) => void;
}) {
  const onActor = useCallback((actor: string) => onChange({ actor }), [onChange]);
  const onAction = useCallback((action: string) => onChange({ action }), [onChange]);
  return (
    <FilterBar label="Filter the activity log">
      <TextFilter label="Actor" hint="Name, email or id" value={filters.actor} onChange={onActor} />
      <TextFilter
        label="Action"
        hint="Starts with, e.g. account."
        value={filters.action}
        onChange={onAction}
      />
      <SelectFilter
        label="Entity type"
        emptyLabel="All entities"
        value={filters.entityType as (typeof ACTIVITY_ENTITY_TYPES)[number] | ''}
        onChange={(entityType) => onChange({ entityType })}
        options={ENTITY_OPTIONS}
      />
      <DateRangeFilter range={{ from: filters.from, to: filters.to }} onChange={onChange} />
    </FilterBar>
  );
}

const entityLabel = (type: string) =>
  (ACTIVITY_ENTITY_LABELS as Record<string, string | undefined>)[type] ?? type;

function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <DataTable
      caption={`Activity log: ${entries.length} shown, newest first`}
      columns={['Time', 'Actor', 'Action', 'Entity', 'Outcome', 'Details']}
    >
      {entries.map((entry) => (
        <tr key={entry.id} className="border-border border-t align-top">
          <th scope="row" className="whitespace-nowrap px-3 py-2 font-normal">
            <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
          </th>
          <td className="px-3 py-2">{entry.actorName ?? 'System or visitor'}</td>
          <td className="px-3 py-2">
            <code className="text-xs">{entry.action}</code>
            <span className="sr-only"> ({actionLabel(entry.action)})</span>
          </td>
          <td className="px-3 py-2">
            {entityLabel(entry.entityType)}
            {entry.entityId ? (
              <span className="block break-all text-muted-foreground text-xs">{entry.entityId}</span>
            ) : null}
          </td>
          <td className="px-3 py-2">
            <Badge variant={entry.outcome === 'success' ? 'secondary' : 'outline'}>
              {entry.outcome === 'success' ? 'Success' : 'Failure'}
            </Badge>
          </td>
          <td className="break-all px-3 py-2 text-xs">
            {entry.details
              ? Object.entries(entry.details)
                  .map(([key, value]) => `${key}: ${String(value)}`)
                  .join(', ')
              : '—'}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
