import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { BillingPolicy } from '../../../shared/billing';
import type { FeesChangedEvent } from '../../../shared/billing-fees';
import { eventOfType } from '../../../shared/realtime';
import { api } from '../../lib/api-client';

/**
 * The feature's light entry, kept apart from fees-api.ts: what the notification socket (on every page) and the
 * light controls of other features reach, with no schemas or screens behind it: the push by its type, the fee
 * queries' key, and the policy's query.
 */
const FEES_CHANGED: FeesChangedEvent['type'] = 'fees_changed';

/** Every fee query (Billing's "Fees to decide", an appointment's fees, the offer after a no-show). */
export const FEE_QUERIES = ['/api/billing/fees'] as const;

/** The server's push that a fee within this person's reach was offered, applied, waived or withdrawn. */
export const isFeesChanged = eventOfType<FeesChangedEvent>(FEES_CHANGED);

/** Open fee lists ask again, each under its own access rules. */
export const invalidateFees = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: FEE_QUERIES });

/** The clinic's payment policy, which every signed-in user reads; it changes rarely. */
export const POLICY_QUERY = ['/api/billing/policy'] as const;

/**
 * The policy's query. Here rather than in fees-api.ts so that a light control (the dashboard's Checkout button)
 * can tell whether to show itself without bringing the fee screens and their schemas.
 */
export const usePolicy = (enabled = true) =>
  useQuery({
    queryKey: POLICY_QUERY,
    queryFn: async ({ signal }) =>
      (await api.get<{ policy: BillingPolicy }>('/api/billing/policy', { signal })).policy,
    enabled,
    staleTime: 60_000,
  });
