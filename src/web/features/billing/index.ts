/** What other features may use of billing; everything else in this folder is its own. */
export { useBillingPolicy, useInvoiceList } from './api';
export { CheckoutButton } from './checkout-button';
export { CheckoutDialog } from './checkout-dialog';
export { dayLabel, InvoiceStatusBadge, invoiceName } from './invoice-status';
export { NO_INVOICE_FILTERS } from './list-params';
export { invalidateInvoices, isInvoicesChanged } from './live';
export { PaymentRefundDialog } from './refund-dialog';
