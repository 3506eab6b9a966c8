import { type CsvValue, csvOf } from '../../../shared/csv';
import { decimalFromCents } from '../../../shared/money';
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

const refundsText = (transaction: Transaction) =>
  transaction.refunds
    .map(
      (refund) =>
        `${decimalFromCents(refund.amountCents)} on ${refund.createdAt} by ${refund.byName ?? 'unknown'}: ${refund.reason}`,
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
        decimalFromCents(transaction.amountCents),
        decimalFromCents(transaction.refundedCents),
        decimalFromCents(transaction.amountCents - transaction.refundedCents),
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
