import type { QueryClient } from '@tanstack/react-query';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this. The ledger
 * changes with every donation and every invoice payment or refund, so both pushes make it ask again.
 */
const LEDGER_CHANGES: readonly string[] = ['donations_changed', 'invoices_changed'];
export const TRANSACTION_QUERIES = ['/api/admin/transactions'] as const;

export const isLedgerChanged = (data: unknown) =>
  typeof data === 'object' &&
  data !== null &&
  LEDGER_CHANGES.includes(String((data as { type?: unknown }).type));

/** An open ledger asks again; a closed one when next shown. */
export const invalidateTransactions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: TRANSACTION_QUERIES });
