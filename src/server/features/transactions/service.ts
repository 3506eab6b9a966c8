import {
  TRANSACTIONS_EXPORT_MAX,
  TRANSACTIONS_PAGE_SIZE,
  type Transaction,
  type TransactionKind,
  type TransactionsFilterParams,
  type TransactionsPage,
  type TransactionsParams,
} from '../../../shared/transactions';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { clinicDayStart } from '../../platform/clinic-time';
import type { RequestMeta } from '../../platform/context';
import type { SessionUser } from '../../platform/sessions';
import { transactionsCsv } from './csv';
import * as repository from './repository';

function whereOf(filter: TransactionsFilterParams) {
  return repository.ledgerFilter(filter, {
    fromAt: filter.from ? clinicDayStart(filter.from) : undefined,
    toBefore: filter.to ? clinicDayStart(filter.to, 1) : undefined,
  });
}

async function withRefunds(db: Db, rows: repository.LedgerRow[]): Promise<Transaction[]> {
  const refunds = await repository.refundsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.purpose as TransactionKind,
    method: row.method,
    status: row.status,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    cardLast4: row.cardLast4,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    payerName: row.payerName ?? '',
    payerEmail: row.payerEmail ?? null,
    paidFor:
      row.purpose === 'donation'
        ? (row.donationDescription ?? 'Donation')
        : row.purpose === 'order'
          ? `Order ${row.orderNumber ?? ''}`.trim()
          : row.purpose === 'event'
            ? `Event: ${row.eventTitle ?? ''}`.trim()
            : `Invoice ${row.invoiceNumber ?? ''}`.trim(),
    donationId: row.donationId ?? null,
    invoiceId: row.invoiceId ?? null,
    invoiceNumber: row.invoiceNumber ?? null,
    orderId: row.orderId ?? null,
    orderNumber: row.orderNumber ?? null,
    eventId: row.eventId ?? null,
    eventRegistrationId: row.eventRegistrationId ?? null,
    refunds: refunds
      .filter((refund) => refund.paymentId === row.id)
      .map((refund) => ({
        id: refund.id,
        amountCents: refund.amountCents,
        reason: refund.reason,
        createdAt: refund.createdAt.toISOString(),
        byName: refund.byName || null,
      })),
  }));
}

/** One page of the ledger, newest first, and the totals of the whole filter. */
export async function listTransactions(db: Db, query: TransactionsParams): Promise<TransactionsPage> {
  const { cursor, ...filter } = query;
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    repository.listPayments(db, where, { cursorId: cursor, limit: TRANSACTIONS_PAGE_SIZE + 1 }),
    repository.totalsOf(db, where),
  ]);
  const page = rows.slice(0, TRANSACTIONS_PAGE_SIZE);
  return {
    items: await withRefunds(db, page),
    nextCursor: rows.length > TRANSACTIONS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
    totals: { ...totals, netCents: totals.receivedCents - totals.refundedCents },
  };
}

/** The filtered ledger as CSV; the export is logged, since it carries patients' names and payments. */
export async function exportTransactions(
  db: Db,
  caller: SessionUser,
  { filter, meta }: { filter: TransactionsFilterParams; meta: RequestMeta },
) {
  const rows = await repository.listPayments(db, whereOf(filter), { limit: TRANSACTIONS_EXPORT_MAX });
  const transactions = await withRefunds(db, rows);
  const details: Record<string, string | number> = { rows: transactions.length };
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) details[key] = value;
  await recordActivity(db, {
    actorId: caller.id,
    action: 'transactions.exported',
    entityType: 'payment',
    ipAddress: meta.ipAddress,
    details,
  });
  return transactionsCsv(transactions);
}
