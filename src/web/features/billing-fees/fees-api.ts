import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingPolicy, Invoice } from '../../../shared/billing';
import type { Fee, FeeListAnswer, FeeStatus } from '../../../shared/billing-fees';
import { api } from '../../lib/api-client';
import { invalidateInvoices } from '../billing/live';
import { FEE_QUERIES, POLICY_QUERY } from './live';

/** The clinic's payment policy and its fees: their own keys, apart from the invoices'. */
export const feeKeys = {
  policy: POLICY_QUERY,
  all: FEE_QUERIES,
  list: (filter: { status?: FeeStatus; appointmentId?: string }) => ['/api/billing/fees', filter] as const,
};

export { usePolicy } from './live';

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: BillingPolicy) =>
      (await api.put<{ policy: BillingPolicy }>('/api/billing/policy', policy)).policy,
    onSuccess: (policy) => queryClient.setQueryData(feeKeys.policy, policy),
  });
}

export const useFees = (filter: { status?: FeeStatus; appointmentId?: string }, enabled = true) =>
  useQuery({
    queryKey: feeKeys.list(filter),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      );
      return (await api.get<FeeListAnswer>(`/api/billing/fees?${query}`, { signal })).fees;
    },
    enabled,
  });

/** A fee decided: every fee list asks again, and the invoices too when one was made. */
function useFeeDecision<Input, Answer extends { fee: Fee; invoice?: Invoice }>(
  request: (input: Input) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: feeKeys.all });
      if (answer.invoice) await invalidateInvoices(queryClient);
    },
  });
}

const feePath = (id: string) => `/api/billing/fees/${encodeURIComponent(id)}`;

export const useApplyFee = () =>
  useFeeDecision((id: string) => api.post<{ fee: Fee; invoice: Invoice }>(`${feePath(id)}/apply`));

export const useWaiveFee = () =>
  useFeeDecision((input: { id: string; reason: string }) =>
    api.post<{ fee: Fee }>(`${feePath(input.id)}/waive`, { reason: input.reason }),
  );
