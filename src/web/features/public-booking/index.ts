/** What other features may use of public-booking; everything else in this folder is its own. */
export { invalidatePublicBookings, isPublicBookingsChanged } from './live';
