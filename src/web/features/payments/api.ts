import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig, TestConfirmCardAnswer, TestConfirmCardInput } from '../../../shared/payments';
import type { TestConfirmSetupAnswer, TestConfirmSetupInput } from '../../../shared/saved-cards';
import { api } from '../../lib/api-client';

export const paymentKeys = { config: ['/api/payments/config'] as const };

/** Which card provider is live; under Stripe the browser needs its publishable key. */
export const paymentsConfigQueryOptions = queryOptions({
  queryKey: paymentKeys.config,
  queryFn: ({ signal }) => api.get<PaymentsConfig>('/api/payments/config', { signal }),
  // The provider only changes with the server's configuration.
  staleTime: Number.POSITIVE_INFINITY,
});

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions);

export const confirmTestCard = (input: TestConfirmCardInput) =>
  api.post<TestConfirmCardAnswer>('/api/payments/test/confirm-card', input);

export const confirmTestSetup = (input: TestConfirmSetupInput) =>
  api.post<TestConfirmSetupAnswer>('/api/payments/test/confirm-setup', input);
