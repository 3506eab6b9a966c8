/** What other features may use of payments; everything else in this folder is its own. */
export type { CardOutcome } from './card-outcome';
export { CardPayment } from './card-payment';
