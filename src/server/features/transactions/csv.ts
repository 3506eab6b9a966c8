import { type CsvValue, csvOf } from '../../../shared/csv';
import {
  TRANSACTION_KIND_LABELS,
  TRANSACTION_METHOD_LABELS,
  TRANSACTION_STATUS_LABELS,
  type Transaction,
} from '../../../shared/transactions';

const COLUMNS = [
  'Received at (UTC)',
  'Kind',
  'Method',
  'Status',
  'Amount',
  'Refunded',
  'Net',
  'Currency',
  'Payer',
  'Payer email',
  'Paid for',
  'Invoice number',
  'Card last 4',
  'Reference',
  'Refunds',
  'Payment id',
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

const refundsText = (transaction: Transaction) =>
  transaction.refunds
    .map(
      (refund) =>
        `${dollars(refund.amountCents)} on ${refund.createdAt} by ${refund.byName ?? 'unknown'}: ${refund.reason}`,
    )
    .join('; ');

export function transactionsCsv(transactions: Transaction[]) {
  const lines: CsvValue[][] = [COLUMNS];
  for (const transaction of transactions) {
    lines.push(
      [
        transaction.createdAt,
        TRANSACTION_KIND_LABELS[transaction.kind],
        TRANSACTION_METHOD_LABELS[transaction.method],
        TRANSACTION_STATUS_LABELS[transaction.status],
        dollars(transaction.amountCents),
        dollars(transaction.refundedCents),
        dollars(transaction.amountCents - transaction.refundedCents),
        transaction.currency.toUpperCase(),
        transaction.payerName,
        transaction.payerEmail,
        transaction.paidFor,
        transaction.invoiceNumber,
        transaction.cardLast4,
        transaction.reference,
        refundsText(transaction),
        transaction.id,
      ].map((value) => value ?? ''),
    );
  }
  return csvOf(lines);
}
