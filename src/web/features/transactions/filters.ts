import type {
  TRANSACTION_KINDS,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
  TransactionsFilter,
} from '../../../shared/transactions';

export const FILTER_KEYS = ['kind', 'method', 'status', 'from', 'to', 'search'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string>;

export const asQuery = (filters: Filters): TransactionsFilter =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as TransactionsFilter;

export type Kind = (typeof TRANSACTION_KINDS)[number];
export type Method = (typeof TRANSACTION_METHODS)[number];
export type Status = (typeof TRANSACTION_STATUSES)[number];
