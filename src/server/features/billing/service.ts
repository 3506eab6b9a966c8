/**
 * Billing as other features call it: the store's totals read the clinic's tax rate here, and checkout and the
 * policy fees charge a patient's card on file through chargeSavedCard.
 */
export { chargeSavedCard, type PayingCtx } from './cards/service';
export { getPolicy, getSettings } from './settings/service';
