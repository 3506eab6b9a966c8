import { Link } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import {
  refundableCents,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_METHOD_LABELS,
  TRANSACTION_STATUS_LABELS,
  type Transaction,
} from '../../../shared/transactions';
import { CLINIC_ZONE, formatMoney, formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';

/** A time as the clinic's clock shows it. */
export const clinicTime = (at: string) => formatterFor(CLINIC_ZONE).dateTime(at);

const methodText = (transaction: Transaction) =>
  transaction.method === 'card' && transaction.cardLast4
    ? `Card •••• ${transaction.cardLast4}`
    : transaction.reference
      ? `${TRANSACTION_METHOD_LABELS[transaction.method]} (${transaction.reference})`
      : TRANSACTION_METHOD_LABELS[transaction.method];

function Refunds({ transaction }: { transaction: Transaction }) {
  if (transaction.refunds.length === 0) return <span>—</span>;
  return (
    <>
      <span className="font-medium">{formatMoney(transaction.refundedCents)}</span>
      <ul className="mt-1 flex flex-col gap-1 text-muted-foreground text-xs">
        {transaction.refunds.map((refund) => (
          <li key={refund.id}>
            {formatMoney(refund.amountCents)} on{' '}
            <time dateTime={refund.createdAt}>{clinicTime(refund.createdAt)}</time>
            {refund.byName ? ` by ${refund.byName}` : ''}: {refund.reason}
          </li>
        ))}
      </ul>
    </>
  );
}

type TransactionTableProps = {
  transactions: Transaction[];
  onRefund: (transaction: Transaction) => void;
};

/** The ledger's rows: when, who paid, for what, how, how much, what went back, and a refund while any is left. */
export function TransactionTable({ transactions, onRefund }: TransactionTableProps) {
  return (
    <DataTable
      caption={`Transactions: ${transactions.length} shown, newest first`}
      columns={['Received', 'Payer', 'Paid for', 'Method', 'Amount', 'Refunded', 'Status', 'Actions']}
    >
      {transactions.map((transaction) => (
        <tr key={transaction.id} className="border-border border-t align-top">
          <th scope="row" className="whitespace-nowrap px-3 py-2 font-normal">
            <time dateTime={transaction.createdAt}>{clinicTime(transaction.createdAt)}</time>
          </th>
          <td className="px-3 py-2">
            <span className="block font-medium">{transaction.payerName}</span>
            {transaction.payerEmail ? (
              <span className="block break-all text-muted-foreground text-xs">{transaction.payerEmail}</span>
            ) : null}
          </td>
          <td className="px-3 py-2">
            {transaction.invoiceId ? (
              <Link
                className="block text-primary underline-offset-4 hover:underline"
                to={`${ROUTES.billing.path}?invoice=${transaction.invoiceId}`}
              >
                {transaction.paidFor}
              </Link>
            ) : (
              <span className="block">{transaction.paidFor}</span>
            )}
            <span className="block text-muted-foreground text-xs">
              {TRANSACTION_KIND_LABELS[transaction.kind]}
            </span>
          </td>
          <td className="px-3 py-2">{methodText(transaction)}</td>
          <td className="whitespace-nowrap px-3 py-2 font-medium">{formatMoney(transaction.amountCents)}</td>
          <td className="px-3 py-2">
            <Refunds transaction={transaction} />
          </td>
          <td className="px-3 py-2">
            <Badge variant={transaction.status === 'succeeded' ? 'secondary' : 'outline'}>
              {TRANSACTION_STATUS_LABELS[transaction.status]}
            </Badge>
          </td>
          <td className="px-3 py-2">
            {refundableCents(transaction) > 0 ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRefund(transaction)}
                aria-label={`Refund: ${formatMoney(transaction.amountCents)} from ${transaction.payerName}, ${transaction.paidFor}`}
              >
                Refund
              </Button>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
