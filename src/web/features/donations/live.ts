import type { QueryClient } from '@tanstack/react-query';
import type { DonationsChangedEvent } from '../../../shared/donations';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the
 * contract's event by type, with no schemas behind it.
 */
const DONATIONS_CHANGED: DonationsChangedEvent['type'] = 'donations_changed';

/** The donor's own list and the clinic's list; each asks again under its own access rules. */
export const DONATION_QUERIES = [['/api/donations'], ['/api/admin/donations']] as const;

/** The server's push that a donation within this person's reach was made, paid or refunded. */
export const isDonationsChanged = eventOfType<DonationsChangedEvent>(DONATIONS_CHANGED);

export const invalidateDonations = (queryClient: QueryClient) =>
  Promise.all(DONATION_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
