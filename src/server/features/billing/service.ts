/**
 * Billing as other features call it: the store's totals read the clinic's tax rate here, an appointment's
 * no-show or late cancellation offers its fee, and checkout and the fees charge a patient's card on file
 * through chargeSavedCard.
 */
export { chargeSavedCard, type PayingCtx } from './cards/service';
export { offerFee, withdrawNoShowFee } from './fees/offer';
export { coverWithPackage } from './packages/lifecycle';
export { getPolicy, getSettings, requireSessionBilling } from './settings/service';
