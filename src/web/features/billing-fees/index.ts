/** What other features may use of the payment policy and its fees; everything else in this folder is its own. */
export { FeeActions, feeName } from './fee-actions';
export { AppointmentFees, PendingFees } from './fee-lists';
export { FeeOfferDialog } from './fee-offer-dialog';
export { feeKeys, useFees, usePolicy } from './fees-api';
