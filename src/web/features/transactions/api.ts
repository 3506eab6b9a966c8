import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundPaymentInput } from '../../../shared/billing';
import type { RefundDonationAnswer } from '../../../shared/donations';
import type { TransactionsFilter, TransactionsPage } from '../../../shared/transactions';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { invalidateDonations } from '../donations';
import { invalidateEvents } from '../events';
import { invalidateOrders } from '../store';
import { invalidateTransactions, TRANSACTION_QUERIES } from './live';

export const transactionKeys = {
  all: TRANSACTION_QUERIES,
  list: (filters: TransactionsFilter) => [...TRANSACTION_QUERIES, filters] as const,
};

export function transactionsQuery(filters: TransactionsFilter, cursor?: string) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, String(value));
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

/** The ledger, newest first, paged by cursor; each page carries the totals of the whole filter. */
export const transactionsQueryOptions = (filters: TransactionsFilter) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<TransactionsPage>(`/api/admin/transactions?${transactionsQuery(filters, pageParam)}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useTransactions = (filters: TransactionsFilter) =>
  useInfiniteQuery(transactionsQueryOptions(filters));

/** Fetches the filtered ledger as CSV (the call needs the session's bearer token, which a plain link lacks). */
export async function downloadTransactionsCsv(filters: TransactionsFilter) {
  await downloadFile(
    `/api/admin/transactions/export.csv?${transactionsQuery(filters)}`,
    'text/csv',
    'transactions.csv',
  );
}

/** A refund changes the ledger, the donation lists and the invoice's billing views alike. */
function useRefund<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        invalidateTransactions(queryClient),
        invalidateDonations(queryClient),
        queryClient.invalidateQueries({ queryKey: ['/api/invoices'] }),
        invalidateOrders(queryClient),
        invalidateEvents(queryClient),
      ]),
  });
}

/** A donation is refunded whole, through the donation's own route. */
export const useRefundDonation = () =>
  useRefund((donationId: string) =>
    api.post<RefundDonationAnswer>(`/api/admin/donations/${donationId}/refund`, {}),
  );

/** Part or all of what is left of an invoice payment, with a reason. */
export const useRefundInvoicePayment = () =>
  useRefund(
    ({ invoiceId, paymentId, ...input }: RefundPaymentInput & { invoiceId: string; paymentId: string }) =>
      api.post(`/api/invoices/${invoiceId}/payments/${paymentId}/refund`, input),
  );

/** An event seat's payment is refunded whole through the event, which also frees the seat. */
export const useRefundEventSeat = () =>
  useRefund(
    ({ eventId, registrationId, reason }: { eventId: string; registrationId: string; reason: string }) =>
      api.post(`/api/admin/events/${eventId}/attendees/${registrationId}/refund`, reason ? { reason } : {}),
  );

/** A store order's payment is refunded whole by refunding the order, which also puts its stock back. */
export const useRefundOrder = () =>
  useRefund(({ orderId, reason }: { orderId: string; reason: string }) =>
    api.post(`/api/admin/orders/${orderId}/status`, { status: 'refunded', ...(reason ? { reason } : {}) }),
  );
