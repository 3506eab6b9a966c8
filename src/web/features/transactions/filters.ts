import {
  type TRANSACTION_KINDS,
  type TRANSACTION_METHODS,
  type TRANSACTION_STATUSES,
  TransactionsExportQuerySchema,
  type TransactionsFilter,
} from '../../../shared/transactions';

export const FILTER_KEYS = ['kind', 'method', 'status', 'from', 'to', 'search'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string>;

/** The filters from the address; any the server would refuse (a reversed range too) is left out. */
export function filtersFrom(params: URLSearchParams): Filters {
  const read = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? ''])) as Filters;
  const given = Object.fromEntries(Object.entries(read).filter(([, value]) => value !== ''));
  const parsed = TransactionsExportQuerySchema.safeParse(given);
  if (parsed.success) return read;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, bad.has(key) ? '' : read[key]])) as Filters;
}

export const asQuery = (filters: Filters): TransactionsFilter =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as TransactionsFilter;

export type Kind = (typeof TRANSACTION_KINDS)[number];
export type Method = (typeof TRANSACTION_METHODS)[number];
export type Status = (typeof TRANSACTION_STATUSES)[number];
