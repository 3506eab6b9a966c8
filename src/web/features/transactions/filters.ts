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
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? '']),
  ) as Filters;
  // The range is checked only once every field reads well, so a second pass can find it reversed.
  for (let pass = 0; pass < 2; pass += 1) {
    const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
    const parsed = TransactionsExportQuerySchema.safeParse(given);
    if (parsed.success) break;
    for (const issue of parsed.error.issues) filters[String(issue.path[0]) as FilterKey] = '';
  }
  return filters;
}

export const asQuery = (filters: Filters): TransactionsFilter =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as TransactionsFilter;

export type Kind = (typeof TRANSACTION_KINDS)[number];
export type Method = (typeof TRANSACTION_METHODS)[number];
export type Status = (typeof TRANSACTION_STATUSES)[number];
