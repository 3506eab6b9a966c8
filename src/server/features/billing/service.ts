/**
 * Billing as other features call it: the store's totals read the clinic's tax rate here, and an appointment's
 * no-show or late cancellation offers its fee.
 */
export { offerFee } from './fees/offer';
export { getPolicy, getSettings, requireSessionBilling } from './settings/service';
