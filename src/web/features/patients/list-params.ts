import {
  PATIENT_SORTS,
  PATIENT_STATUSES,
  type PatientStatus,
  SORT_DIRECTIONS,
} from '../../../shared/patients';
import { isId } from '../../lib/ids';

export type PatientSort = (typeof PATIENT_SORTS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** What the list shows, as kept in the address so a reload or a shared link shows the same list. */
export type ListFilters = {
  search: string;
  status: PatientStatus | '';
  practitionerId: string;
  sort: PatientSort;
  direction: SortDirection;
};

/** Names read first, A to Z; the newest additions first when sorting by date. */
export const defaultDirection = (sort: PatientSort): SortDirection => (sort === 'name' ? 'asc' : 'desc');

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** Reads the filters from the address, ignoring anything the server would refuse. */
export function filtersFrom(params: URLSearchParams): ListFilters {
  const sort = oneOf(PATIENT_SORTS, params.get('sort')) ?? 'name';
  const practitionerId = params.get('practitioner');
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    status: oneOf(PATIENT_STATUSES, params.get('status')) ?? '',
    practitionerId: isId(practitionerId) ? practitionerId : '',
    sort,
    direction: oneOf(SORT_DIRECTIONS, params.get('direction')) ?? defaultDirection(sort),
  };
}

/** Writes the filters into the address, leaving out defaults so the plain list keeps a plain address. */
export function withFilters(params: URLSearchParams, filters: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, fallback = '') => {
    if (value && value !== fallback) next.set(key, value);
    else next.delete(key);
  };
  set('search', filters.search.trim());
  set('status', filters.status);
  set('practitioner', filters.practitionerId);
  set('sort', filters.sort, 'name');
  set('direction', filters.direction, defaultDirection(filters.sort));
  return next;
}

/** The GET /api/patients query for one page. */
export function listQueryString(filters: ListFilters, cursor?: string): string {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.status) query.set('status', filters.status);
  if (filters.practitionerId) query.set('practitionerId', filters.practitionerId);
  query.set('sort', filters.sort);
  query.set('direction', filters.direction);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}
