import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  BillableAnswer,
  BillingSettings,
  CreateInvoiceInput,
  Invoice,
  InvoiceAnswer,
  InvoiceListAnswer,
  InvoiceSessionsAnswer,
  PayInvoiceAnswer,
  RecordPaymentInput,
  RefundPaymentInput,
  StatementAnswer,
  StatementQuery,
  UnbilledAnswer,
  UpdateInvoiceInput,
} from '../../../shared/billing';
import { api } from '../../lib/api-client';
import { usePolicy } from '../billing-fees';
import { dashboardKeys } from '../dashboard/live';
import { type InvoiceFilters, invoiceQueryString } from './list-params';
import { invalidateInvoices } from './live';

export type InvoiceListFilters = InvoiceFilters & { patientId?: string };

/** Every key starts with '/api/invoices', which live.ts invalidates when the server says one changed. */
export const invoiceKeys = {
  all: ['/api/invoices'] as const,
  lists: ['/api/invoices', 'list'] as const,
  list: (filters: InvoiceListFilters) => ['/api/invoices', 'list', filters] as const,
  invoice: (id: string) => ['/api/invoices', 'one', id] as const,
  billable: (patientId: string) => ['/api/invoices', 'billable', patientId] as const,
  unbilled: (filters: UnbilledFilters) => ['/api/invoices', 'unbilled', filters] as const,
  settings: ['/api/billing/settings'] as const,
  statement: (query: StatementQuery) => ['/api/invoices', 'statement', query] as const,
};

/**
 * The clinic's payment policy: whether session billing (statements, checkout, the unbilled view, cards on
 * file, fees) is on. The fees feature owns the one query; billing screens read it under this name.
 */
export const useBillingPolicy = () => usePolicy();

/** The query string of a statement's period and patient, leaving out what is not chosen. */
export const statementQueryString = (query: StatementQuery) =>
  new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();

/** A patient's statement over a period; live with the invoices it is made of (its key is under theirs). */
export const useStatement = (query: StatementQuery, enabled: boolean) =>
  useQuery({
    queryKey: invoiceKeys.statement(query),
    queryFn: () =>
      api
        .get<StatementAnswer>(`/api/billing/statements?${statementQueryString(query)}`)
        .then((body) => body.statement),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useEmailStatement = () =>
  useMutation({
    mutationFn: (query: StatementQuery & { patientId: string }) =>
      api.post<StatementAnswer>('/api/billing/statements/email', query),
  });

/** The unbilled view's filters; empty dates leave the server's window (the last 30 days). */
export type UnbilledFilters = { from: string; to: string; practitionerId: string; page: number };

export const invoicePath = (id: string) => `/api/invoices/${encodeURIComponent(id)}`;

export const invoiceListQueryOptions = (filters: InvoiceListFilters) =>
  queryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ signal }) =>
      api.get<InvoiceListAnswer>(`/api/invoices?${invoiceQueryString(filters)}`, { signal }),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useInvoiceList = (filters: InvoiceListFilters) => useQuery(invoiceListQueryOptions(filters));

/** One invoice; out of reach is 404 and stays so. */
export const useInvoice = (id: string) =>
  useQuery({
    queryKey: invoiceKeys.invoice(id),
    queryFn: async ({ signal }) => (await api.get<InvoiceAnswer>(invoicePath(id), { signal })).invoice,
    enabled: Boolean(id),
    retry: false,
  });

/** The patient's completed appointments not yet on an invoice. */
export const useBillableAppointments = (patientId: string) =>
  useQuery({
    queryKey: invoiceKeys.billable(patientId),
    queryFn: ({ signal }) =>
      api.get<BillableAnswer>(`/api/invoices/billable?${new URLSearchParams({ patientId })}`, { signal }),
    enabled: Boolean(patientId),
  });

export const useBillingSettings = (enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.settings,
    queryFn: async ({ signal }) =>
      (await api.get<{ settings: BillingSettings }>('/api/billing/settings', { signal })).settings,
    enabled,
    staleTime: 60_000,
  });

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: BillingSettings) =>
      (await api.put<{ settings: BillingSettings }>('/api/billing/settings', settings)).settings,
    onSuccess: (settings) => queryClient.setQueryData(invoiceKeys.settings, settings),
  });
}

/** After any change: the answered invoice is kept, lists and the dashboards' billing figures ask again. */
async function stored(queryClient: QueryClient, invoice: Invoice | null) {
  if (invoice) queryClient.setQueryData(invoiceKeys.invoice(invoice.id), invoice);
  await Promise.all([
    invalidateInvoices(queryClient),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.mine }),
  ]);
}

function useInvoiceWrite<Input>(request: (input: Input) => Promise<InvoiceAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await request(input)).invoice,
    onSuccess: (invoice) => stored(queryClient, invoice),
  });
}

export const useCreateInvoice = () =>
  useInvoiceWrite((input: CreateInvoiceInput) => api.post<InvoiceAnswer>('/api/invoices', input));

export const useUpdateInvoice = () =>
  useInvoiceWrite(({ id, changes }: { id: string; changes: UpdateInvoiceInput }) =>
    api.patch<InvoiceAnswer>(invoicePath(id), changes),
  );

export const useSendInvoice = () =>
  useInvoiceWrite((id: string) => api.post<InvoiceAnswer>(`${invoicePath(id)}/send`));

export const useRecordPayment = () =>
  useInvoiceWrite(({ id, ...input }: RecordPaymentInput & { id: string }) =>
    api.post<InvoiceAnswer>(`${invoicePath(id)}/payments`, input),
  );

export const useRefundPayment = () =>
  useInvoiceWrite(({ id, paymentId, ...input }: RefundPaymentInput & { id: string; paymentId: string }) =>
    api.post<InvoiceAnswer>(`${invoicePath(id)}/payments/${encodeURIComponent(paymentId)}/refund`, input),
  );

export const useVoidInvoice = () =>
  useInvoiceWrite(({ id, reason }: { id: string; reason: string }) =>
    api.post<InvoiceAnswer>(`${invoicePath(id)}/void`, { reason }),
  );

export const useConfirmInvoicePayment = () =>
  useInvoiceWrite(({ id, paymentIntentId }: { id: string; paymentIntentId: string }) =>
    api.post<InvoiceAnswer>(`${invoicePath(id)}/pay/confirm`, { paymentIntentId }),
  );

/** A payment intent for the whole balance, computed by the server. */
export const startInvoicePayment = (id: string) => api.post<PayInvoiceAnswer>(`${invoicePath(id)}/pay`);

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(invoicePath(id)),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: invoiceKeys.invoice(id) });
      await stored(queryClient, null);
    },
  });
}

/** Completed sessions no invoice claims, across patients (a practitioner's own only). */
export const useUnbilledSessions = (filters: UnbilledFilters) =>
  useQuery({
    queryKey: invoiceKeys.unbilled(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(filters.page) });
      if (filters.from) query.set('from', filters.from);
      if (filters.to) query.set('to', filters.to);
      if (filters.practitionerId) query.set('practitionerId', filters.practitionerId);
      return api.get<UnbilledAnswer>(`/api/invoices/unbilled?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** "Invoice selected": one invoice per patient, issued at once; lists and dashboards ask again. */
export function useInvoiceSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appointmentIds: string[]) =>
      api.post<InvoiceSessionsAnswer>('/api/invoices/from-sessions', { appointmentIds }),
    onSuccess: () => stored(queryClient, null),
  });
}
