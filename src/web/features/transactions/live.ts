import type { QueryClient } from '@tanstack/react-query';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this. The ledger
 * changes with every donation, every invoice payment or refund and every store order's payment or refund, so
 * those pushes make it ask again.
 */
const LEDGER_CHANGES: readonly string[] = ['donations_changed', 'invoices_changed', 'orders_changed'];
export const TRANSACTION_QUERIES = ['/api/admin/transactions'] as const;

export const isLedgerChanged = (data: unknown) =>
  typeof data === 'object' &&
  data !== null &&
  LEDGER_CHANGES.includes(String((data as { type?: unknown }).type));

/** An open ledger asks again; a closed one when next shown. */
export const invalidateTransactions = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: TRANSACTION_QUERIES });
