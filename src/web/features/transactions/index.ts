/** What other features may use of transactions; everything else in this folder is its own. */
export { invalidateTransactions, isLedgerChanged } from './live';
export { DonationRefundDialog } from './refund-dialogs';
