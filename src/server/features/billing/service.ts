/** Billing as other features call it: the store's totals read the clinic's tax rate here. */
export { getPolicy, getSettings, requireSessionBilling } from './settings/service';
