/** What other features may use of donations; everything else in this folder is its own. */
export { DonateButton } from './donate-button';
export { invalidateDonations, isDonationsChanged } from './live';
