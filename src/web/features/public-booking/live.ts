import type { QueryClient } from '@tanstack/react-query';
import type { PublicBookingsChangedEvent } from '../../../shared/public-booking';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the
 * contract's event by type, with no schemas behind it.
 */
const PUBLIC_BOOKINGS_CHANGED: PublicBookingsChangedEvent['type'] = 'public_bookings_changed';
export const PUBLIC_BOOKING_QUERIES = ['/api/public-bookings'] as const;

/** The server's push that a booking request arrived or changed within this person's reach. */
export const isPublicBookingsChanged = eventOfType<PublicBookingsChangedEvent>(PUBLIC_BOOKINGS_CHANGED);

/** Open request lists ask again under their own access rules; closed ones when next shown. */
export const invalidatePublicBookings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: PUBLIC_BOOKING_QUERIES });
