/** Billing as the routes and other features see it: invoices, their payments and the clinic's settings. */
export * from './invoice-access';
export * from './invoices/editing';
export * from './invoices/sending';
export * from './invoices/service';
export * from './payments/service';
export * from './settings/service';
