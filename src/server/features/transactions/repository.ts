import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { TRANSACTION_KINDS, type TransactionsFilterParams } from '../../../shared/transactions';
import type { Db } from '../../db/client';
import {
  communityEvents,
  donations,
  eventRegistrations,
  invoices,
  orders,
  paymentRefunds,
  payments,
  users,
} from '../../db/schema';

/**
 * The ledger read as the admin sees it. It joins the payments to what they paid for (a donation, or an invoice
 * and its patient) in one query, which is why it reads those tables itself: a report across features, reading
 * only, never writing them.
 */

const patients = alias(users, 'payer');
const buyers = alias(users, 'buyer');
const attendees = alias(users, 'attendee');
const refunders = alias(users, 'refunder');

/** The payer: the donor as they gave their name, the invoice's patient or the order's buyer. */
const payerName = sql<string>`case when ${payments.purpose} = 'donation'
  then trim(${donations.firstName} || ' ' || ${donations.lastName})
  when ${payments.purpose} = 'order' then trim(${buyers.firstName} || ' ' || ${buyers.lastName})
  when ${payments.purpose} = 'event' then trim(${attendees.firstName} || ' ' || ${attendees.lastName})
  else trim(${patients.firstName} || ' ' || ${patients.lastName}) end`;
const payerEmail = sql<
  string | null
>`coalesce(${donations.email}, ${patients.email}, ${buyers.email}, ${attendees.email})`;
/** ORD-000123, as the store shows it. */
const orderNumber = sql<string | null>`case when ${orders.number} is null then null
  else 'ORD-' || lpad(${orders.number}::text, 6, '0') end`;

/** `%`, `_` and `\` are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export type DayBounds = { fromAt?: Date; toBefore?: Date };

export function ledgerFilter(filter: TransactionsFilterParams, bounds: DayBounds) {
  // Only what the ledger knows how to show: a payment of any other purpose waits until the ledger learns it.
  const conditions: SQL[] = [inArray(payments.purpose, [...TRANSACTION_KINDS])];
  if (filter.kind) conditions.push(eq(payments.purpose, filter.kind));
  if (filter.method) conditions.push(eq(payments.method, filter.method));
  if (filter.status) conditions.push(eq(payments.status, filter.status));
  if (bounds.fromAt) conditions.push(gte(payments.createdAt, bounds.fromAt));
  if (bounds.toBefore) conditions.push(lt(payments.createdAt, bounds.toBefore));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const match = or(
      ilike(payerName, pattern),
      ilike(sql`coalesce(${payerEmail}, '')`, pattern),
      ilike(sql`coalesce(${invoices.number}, '')`, pattern),
      ilike(sql`coalesce(${orderNumber}, '')`, pattern),
      ilike(sql`coalesce(${communityEvents.title}, '')`, pattern),
    );
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

/** The payments with what they paid for and who paid; joins that every query of the ledger shares. */
function withPayers<T extends PgSelect>(query: T) {
  return query
    .leftJoin(donations, and(eq(payments.purpose, 'donation'), eq(donations.id, payments.referenceId)))
    .leftJoin(invoices, and(eq(payments.purpose, 'invoice'), eq(invoices.id, payments.referenceId)))
    .leftJoin(patients, eq(patients.id, invoices.patientId))
    .leftJoin(orders, and(eq(payments.purpose, 'order'), eq(orders.id, payments.referenceId)))
    .leftJoin(buyers, eq(buyers.id, orders.userId))
    .leftJoin(
      eventRegistrations,
      and(eq(payments.purpose, 'event'), eq(eventRegistrations.id, payments.referenceId)),
    )
    .leftJoin(communityEvents, eq(communityEvents.id, eventRegistrations.eventId))
    .leftJoin(attendees, eq(attendees.id, eventRegistrations.userId));
}

export async function listPayments(
  db: Db,
  where: SQL | undefined,
  options: { cursorId?: string; limit: number },
) {
  const after = options.cursorId
    ? sql`(${payments.createdAt}, ${payments.id}) < (select c.created_at, c.id from payments c where c.id = ${options.cursorId})`
    : undefined;
  return withPayers(
    db
      .select({
        id: payments.id,
        purpose: payments.purpose,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        currency: payments.currency,
        cardLast4: payments.cardLast4,
        reference: payments.reference,
        createdAt: payments.createdAt,
        payerName,
        payerEmail,
        donationId: donations.id,
        donationDescription: donations.description,
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
        orderId: orders.id,
        orderNumber,
        eventId: communityEvents.id,
        eventTitle: communityEvents.title,
        eventRegistrationId: eventRegistrations.id,
      })
      .from(payments)
      .$dynamic(),
  )
    .where(and(where, after))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(options.limit);
}
export type LedgerRow = Awaited<ReturnType<typeof listPayments>>[number];

/** Count, received and refunded over the whole filter, summed by the database. */
export async function totalsOf(db: Db, where: SQL | undefined) {
  const [row] = await withPayers(
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        receivedCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
        refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}), 0)`.mapWith(Number),
      })
      .from(payments)
      .$dynamic(),
  ).where(where);
  return row ?? { count: 0, receivedCents: 0, refundedCents: 0 };
}

/** The refunds of some payments, oldest first, with who made them. */
export async function refundsOf(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      amountCents: paymentRefunds.amountCents,
      reason: paymentRefunds.reason,
      createdAt: paymentRefunds.createdAt,
      byName: sql<string | null>`trim(${refunders.firstName} || ' ' || ${refunders.lastName})`,
    })
    .from(paymentRefunds)
    .leftJoin(refunders, eq(refunders.id, paymentRefunds.createdBy))
    .where(inArray(paymentRefunds.paymentId, paymentIds))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
}
