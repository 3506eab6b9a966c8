import type { QueryClient } from '@tanstack/react-query';
import type { PrintfulChangedEvent } from '../../../shared/printful';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from the page so the notification socket, which every page loads, reaches only this: the
 * contract's event by type, with no schemas behind it.
 */
const PRINTFUL_CHANGED: PrintfulChangedEvent['type'] = 'printful_changed';

/** The connection's status and the fulfilment records (both under this prefix). */
export const PRINTFUL_QUERY = ['/api/admin/printful'] as const;

export const isPrintfulChanged = eventOfType<PrintfulChangedEvent>(PRINTFUL_CHANGED);

export const invalidatePrintful = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: PRINTFUL_QUERY });
