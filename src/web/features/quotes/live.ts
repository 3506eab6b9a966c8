import type { QueryClient } from '@tanstack/react-query';
import type { QuotesChangedEvent } from '../../../shared/quotes';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from the quote screens so the notification socket, which every page loads, reaches only this:
 * the contract's event by type, with no schemas behind it.
 */
const QUOTES_CHANGED: QuotesChangedEvent['type'] = 'quotes_changed';

/** The member's quotes and one quote, and the clinic's list. */
export const QUOTE_QUERIES = [['/api/quotes'], ['/api/admin/quotes']] as const;

export const isQuotesChanged = eventOfType<QuotesChangedEvent>(QUOTES_CHANGED);

export const invalidateQuotes = (queryClient: QueryClient) =>
  Promise.all(QUOTE_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
