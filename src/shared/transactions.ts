import { z } from 'zod';

/**
 * The clinic's ledger for admins: every payment received, of a donation, an invoice or a store order, however it was paid
 * (card online, or cash, cheque or card at the desk), with its refunds.
 *
 * GET /api/admin/transactions (admin): newest first, TRANSACTIONS_PAGE_SIZE a page, paged by cursor (the id
 * of the previous page's last payment). Filters: kind, method, status, from/to and search. from and to are
 * days (YYYY-MM-DD) in the clinic's time zone (CLINIC_TIME_ZONE), to inclusive, and bound when the payment was
 * received. search matches part of the payer's name or email, or of the invoice's number. The totals cover
 * every payment in the filter, not only the page: received is what they brought in, refunded what has been
 * paid back of them (whenever that was), net the difference.
 *
 * GET /api/admin/transactions/export.csv (admin): the same filter as CSV, newest first, at most
 * TRANSACTIONS_EXPORT_MAX rows; every export is written to the activity log.
 */

export const TRANSACTIONS_PAGE_SIZE = 25;
export const TRANSACTIONS_EXPORT_MAX = 10_000;
export const TRANSACTION_SEARCH_MAX = 200;

export const TRANSACTION_KINDS = ['donation', 'invoice', 'order', 'event'] as const;
export const TRANSACTION_METHODS = ['card', 'cash', 'cheque'] as const;
export const TRANSACTION_STATUSES = ['succeeded', 'partially_refunded', 'refunded'] as const;

export const TransactionKindSchema = z.enum(TRANSACTION_KINDS, {
  error: 'Kind must be donation, invoice, order or event',
});
export const TransactionMethodSchema = z.enum(TRANSACTION_METHODS, {
  error: 'Method must be card, cash or cheque',
});
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES, {
  error: 'Status must be succeeded, partially_refunded or refunded',
});
export type TransactionKind = z.infer<typeof TransactionKindSchema>;
export type TransactionMethod = z.infer<typeof TransactionMethodSchema>;
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

export const TRANSACTION_KIND_LABELS: Record<TransactionKind, string> = {
  donation: 'Donation',
  invoice: 'Invoice',
  order: 'Store order',
  event: 'Event',
};
export const TRANSACTION_METHOD_LABELS: Record<TransactionMethod, string> = {
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
};
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  succeeded: 'Received',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const TRANSACTION_ERRORS = {
  from: 'from must be a date (YYYY-MM-DD)',
  to: 'to must be a date (YYYY-MM-DD)',
  range: 'from must not be after to',
  search: `Search must be at most ${TRANSACTION_SEARCH_MAX} characters`,
  cursor: 'Invalid cursor',
} as const;

export const TransactionsFilterSchema = z.strictObject({
  kind: TransactionKindSchema.optional(),
  method: TransactionMethodSchema.optional(),
  status: TransactionStatusSchema.optional(),
  from: z.iso.date({ error: TRANSACTION_ERRORS.from }).optional(),
  to: z.iso.date({ error: TRANSACTION_ERRORS.to }).optional(),
  search: z
    .string({ error: TRANSACTION_ERRORS.search })
    .trim()
    .max(TRANSACTION_SEARCH_MAX, TRANSACTION_ERRORS.search)
    .optional()
    .transform((value) => value || undefined),
});

const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const rangeIssue = { message: TRANSACTION_ERRORS.range, path: ['from'] };

/** GET /api/admin/transactions/export.csv */
export const TransactionsExportQuerySchema = TransactionsFilterSchema.refine(fromNotAfterTo, rangeIssue);
export type TransactionsFilter = z.input<typeof TransactionsFilterSchema>;
export type TransactionsFilterParams = z.infer<typeof TransactionsFilterSchema>;

/** GET /api/admin/transactions */
export const TransactionsQuerySchema = TransactionsFilterSchema.extend({
  cursor: z.uuid({ error: TRANSACTION_ERRORS.cursor }).optional(),
}).refine(fromNotAfterTo, rangeIssue);
export type TransactionsQuery = z.input<typeof TransactionsQuerySchema>;
export type TransactionsParams = z.infer<typeof TransactionsQuerySchema>;

export const TransactionRefundSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  /** Who made the refund; null when their account is gone. */
  byName: z.string().nullable(),
});
export type TransactionRefund = z.infer<typeof TransactionRefundSchema>;

export const TransactionSchema = z.object({
  id: z.string(),
  kind: TransactionKindSchema,
  method: TransactionMethodSchema,
  status: TransactionStatusSchema,
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  cardLast4: z.string().nullable(),
  /** A cheque's number or the desk's note. */
  reference: z.string().nullable(),
  createdAt: z.string(),
  payerName: z.string(),
  payerEmail: z.string().nullable(),
  /** What it paid for: the donation's description, 'Invoice INV-000123' or 'Order ORD-000123'. */
  paidFor: z.string(),
  donationId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  orderId: z.string().nullable(),
  /** ORD-000123 */
  orderNumber: z.string().nullable(),
  /** For an event seat: the event and the member's registration, which its refund goes through. */
  eventId: z.string().nullable(),
  eventRegistrationId: z.string().nullable(),
  /** Oldest first. */
  refunds: z.array(TransactionRefundSchema),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionTotalsSchema = z.object({
  count: z.number().int(),
  receivedCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
});
export type TransactionTotals = z.infer<typeof TransactionTotalsSchema>;

export const TransactionsPageSchema = z.object({
  items: z.array(TransactionSchema),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
  totals: TransactionTotalsSchema,
});
export type TransactionsPage = z.infer<typeof TransactionsPageSchema>;

/** What is left to refund of a payment. */
export const refundableCents = (transaction: Pick<Transaction, 'amountCents' | 'refundedCents'>) =>
  transaction.amountCents - transaction.refundedCents;
