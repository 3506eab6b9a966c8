/** What other features may use of payments; everything else in this folder is its own. */
export type { CardOutcome, SetupOutcome } from './card-outcome';
export { CardPayment, CardSetup } from './card-payment';
