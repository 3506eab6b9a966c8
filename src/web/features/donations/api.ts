import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmDonationAnswer,
  CreateDonationIntentAnswer,
  CreateDonationIntentInput,
  MyDonationsAnswer,
} from '../../../shared/donations';
import { api } from '../../lib/api-client';

/** Under DONATION_QUERIES[0], so a pushed change reaches it. */
export const donationKeys = { mine: ['/api/donations', 'mine'] as const };

export const createDonationIntent = (input: CreateDonationIntentInput) =>
  api.post<CreateDonationIntentAnswer>('/api/donations/create-payment-intent', input);

/** Records the donation once the provider says the card payment succeeded; the donor's history asks again. */
export function useConfirmDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentIntentId: string) =>
      api.post<ConfirmDonationAnswer>('/api/donations/confirm', { paymentIntentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: donationKeys.mine }),
  });
}

/** The signed-in donor's own donations, newest first. */
export const useMyDonations = () =>
  useQuery({
    queryKey: donationKeys.mine,
    queryFn: ({ signal }) => api.get<MyDonationsAnswer>('/api/donations/mine', { signal }),
  });
