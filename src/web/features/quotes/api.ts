import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptQuoteAnswer,
  AnswerQuoteInput,
  CreateQuoteInput,
  QuoteAnswer,
  QuotesAnswer,
} from '../../../shared/quotes';
import type { QuoteStatus } from '../../../shared/vocabulary/quotes';
import { api } from '../../lib/api-client';
import { invalidateQuotes } from './live';

/** Under QUOTE_QUERIES, so a pushed change reaches them. */
export const quoteKeys = {
  mine: ['/api/quotes'] as const,
  admin: (status: QuoteStatus | '') => ['/api/admin/quotes', status] as const,
};

export const useMyQuotes = () =>
  useQuery({
    queryKey: quoteKeys.mine,
    queryFn: ({ signal }) => api.get<QuotesAnswer>('/api/quotes', { signal }),
  });

export const useAdminQuotes = (status: QuoteStatus | '') =>
  useQuery({
    queryKey: quoteKeys.admin(status),
    queryFn: ({ signal }) =>
      api.get<QuotesAnswer>(`/api/admin/quotes${status ? `?status=${status}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

function useQuoteWrite<Input, Answer>(write: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => invalidateQuotes(queryClient) });
}

export const useAskForQuote = () =>
  useQuoteWrite((input: CreateQuoteInput) => api.post<QuoteAnswer>('/api/quotes', input));

export const useDeclineQuote = () =>
  useQuoteWrite((id: string) => api.post<QuoteAnswer>(`/api/quotes/${id}/decline`));

/**
 * Accepting makes the order and answers its card payment; paying later answers a fresh one. The member's
 * orders ask again too, since the quote's order is one of them.
 */
export function usePayQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, first }: { id: string; first: boolean }) =>
      api.post<AcceptQuoteAnswer>(`/api/quotes/${id}/${first ? 'accept' : 'payment'}`),
    onSuccess: () =>
      Promise.all([
        invalidateQuotes(queryClient),
        queryClient.invalidateQueries({ queryKey: ['/api/orders'] }),
      ]),
  });
}

export const useAnswerQuote = () =>
  useQuoteWrite(({ id, input }: { id: string; input: AnswerQuoteInput }) =>
    api.post<QuoteAnswer>(`/api/admin/quotes/${id}/answer`, input),
  );
