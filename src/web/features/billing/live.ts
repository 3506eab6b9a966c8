import type { QueryClient } from '@tanstack/react-query';
import type { InvoicesChangedEvent } from '../../../shared/billing';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the
 * contract's event by type, with no schemas behind it.
 */
const INVOICES_CHANGED: InvoicesChangedEvent['type'] = 'invoices_changed';

/** Every invoice query (lists, one invoice, billable appointments) starts with this key. */
export const INVOICE_QUERIES = ['/api/invoices'] as const;

/** The server's push that an invoice within this person's reach was made, changed, paid or voided. */
export const isInvoicesChanged = eventOfType<InvoicesChangedEvent>(INVOICES_CHANGED);

/** Open invoice lists and the open invoice ask again, each under its own access rules. */
export const invalidateInvoices = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: INVOICE_QUERIES });
