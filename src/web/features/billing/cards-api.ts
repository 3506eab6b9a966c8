import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceAnswer } from '../../../shared/billing';
import type { CardSetupAnswer, SavedCard, SavedCardsAnswer } from '../../../shared/saved-cards';
import { api } from '../../lib/api-client';
import { invoicePath, useBillingPolicy } from './api';
import { invalidateInvoices } from './live';

/** Cards on file: a patient's own, or (for the desk) a named patient's. */
export const cardKeys = {
  all: ['/api/billing/cards'] as const,
  of: (patientId: string | null) => ['/api/billing/cards', patientId ?? 'mine'] as const,
};

/** Whether the clinic bills sessions; cards on file exist only then. */
export const useSessionBilling = () => useBillingPolicy().data?.sessionBilling === true;

/** The caller's own cards (patientId null), or a patient's for the desk; only asked while billing is on. */
export function useSavedCards(patientId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: cardKeys.of(patientId),
    queryFn: ({ signal }) =>
      api.get<SavedCardsAnswer>(
        patientId ? `/api/billing/cards?patientId=${encodeURIComponent(patientId)}` : '/api/billing/cards',
        { signal },
      ),
    enabled,
  });
}

export const startCardSetup = () => api.post<CardSetupAnswer>('/api/billing/cards/setup');

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) =>
      api.post<{ card: SavedCard }>('/api/billing/cards', { setupIntentId, consent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.delete<SavedCardsAnswer>(`/api/billing/cards/${encodeURIComponent(cardId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

export function useChargeSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      invoice,
      ...input
    }: {
      invoice: Invoice;
      cardId: string;
      amountCents: number;
      idempotencyKey: string;
    }) => (await api.post<InvoiceAnswer>(`${invoicePath(invoice.id)}/charge-card`, input)).invoice,
    onSuccess: () => invalidateInvoices(queryClient),
  });
}

/** A fresh key for one charge: the same key on a double click or a retry asks for the same charge. */
export function newChargeKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `charge-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
