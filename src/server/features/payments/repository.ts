import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  type PAYMENT_METHODS,
  type PAYMENT_PURPOSES,
  paymentRefunds,
  payments,
  users,
} from '../../db/schema';
import type { ProviderIntent } from './provider';

/** Whether the ledger holds a payment of this intent already. */
export async function isRecorded(db: Db | Tx, providerIntentId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerIntentId, providerIntentId));
  return Boolean(row);
}

/** One row per succeeded intent: a second confirm, a racing one or a late webhook adds nothing. */
export async function recordPayment(
  tx: Tx,
  payment: {
    provider: 'stripe' | 'test';
    intent: ProviderIntent;
    purpose: (typeof PAYMENT_PURPOSES)[number];
    referenceId: string;
  },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      provider: payment.provider,
      providerIntentId: payment.intent.id,
      purpose: payment.purpose,
      referenceId: payment.referenceId,
      amountCents: payment.intent.amountCents,
      currency: payment.intent.currency,
      cardLast4: payment.intent.last4 ?? null,
    })
    .onConflictDoNothing({ target: payments.providerIntentId })
    .returning({ id: payments.id });
  return row ?? null;
}

/**
 * Marks the ledger's payment of an intent refunded in full and adds its refund row (with `id` when given), in
 * the caller's transaction. A refund that another change to the same thing could overtake (an admin refunding
 * an order that may be shipping, a partial refund of an invoice payment) is recorded first, with that thing's
 * conditional change, and only then asked of the provider; should the provider refuse, withdrawRefund takes
 * the record back (store's moveOrder, billing's refundPayment). A refund nothing can overtake (a donation, an
 * event seat, a payment for an order that can no longer be filled) goes to the provider first, under an
 * idempotency key, and is recorded here after: asking again refunds nothing twice and records once.
 * Answers the refunded payment's id, or null when there was none to refund (none recorded, or refunded already).
 */
export async function recordFullRefund(
  tx: Tx,
  refund: {
    id?: string;
    providerIntentId: string;
    amountCents: number;
    reason: string;
    by: string | null;
    at: Date;
  },
) {
  const [payment] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedCents: refund.amountCents, refundedAt: refund.at })
    .where(and(eq(payments.providerIntentId, refund.providerIntentId), ne(payments.status, 'refunded')))
    .returning({ id: payments.id });
  if (!payment) return null;
  await tx.insert(paymentRefunds).values({
    id: refund.id,
    paymentId: payment.id,
    amountCents: refund.amountCents,
    reason: refund.reason,
    createdBy: refund.by,
    createdAt: refund.at,
  });
  return payment.id;
}

/**
 * Takes back a refund recorded before the provider was asked, once the provider refused it: the refund row
 * goes, and its payment counts back what that refund had taken off and is refunded as of its latest refund
 * still standing, in the caller's transaction.
 */
export async function withdrawRefund(tx: Tx, refundId: string) {
  const [refund] = await tx
    .delete(paymentRefunds)
    .where(eq(paymentRefunds.id, refundId))
    .returning({ paymentId: paymentRefunds.paymentId, amountCents: paymentRefunds.amountCents });
  if (!refund) return;
  const left = sql`greatest(0, ${payments.refundedCents} - ${refund.amountCents})`;
  await tx
    .update(payments)
    .set({
      refundedCents: left,
      status: sql`case when ${left} > 0 then 'partially_refunded' else 'succeeded' end`,
      refundedAt: sql`(select max(${paymentRefunds.createdAt}) from ${paymentRefunds}
        where ${paymentRefunds.paymentId} = ${refund.paymentId})`,
    })
    .where(eq(payments.id, refund.paymentId));
}

/** Payments received in [from, to) that were not wholly refunded: how many, and their total less refunds. */
export async function receivedBetween(db: Db, range: { from: Date; to: Date }) {
  const [row] = await db
    .select({
      amountCents: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(payments)
    .where(
      and(
        ne(payments.status, 'refunded'),
        gte(payments.createdAt, range.from),
        lt(payments.createdAt, range.to),
      ),
    );
  return { amountCents: Number(row.amountCents), count: Number(row.count) };
}

/** A payment someone took at the desk (cash, cheque, a card terminal): no provider, no intent. */
export async function recordManualPayment(
  tx: Tx,
  payment: {
    method: (typeof PAYMENT_METHODS)[number];
    purpose: (typeof PAYMENT_PURPOSES)[number];
    referenceId: string;
    amountCents: number;
    currency: string;
    reference: string | null;
    recordedBy: string;
    at: Date;
  },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      method: payment.method,
      purpose: payment.purpose,
      referenceId: payment.referenceId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      reference: payment.reference,
      recordedBy: payment.recordedBy,
      createdAt: payment.at,
    })
    .returning();
  return row;
}

/**
 * Refunds part (or what is left) of a payment in the caller's transaction: the refund row, and the payment's
 * refunded total and status counted on from what it held. The caller checks the amount fits, under its lock.
 */
export async function recordPartialRefund(
  tx: Tx,
  refund: { id: string; paymentId: string; amountCents: number; reason: string; by: string | null; at: Date },
) {
  await tx.insert(paymentRefunds).values({
    id: refund.id,
    paymentId: refund.paymentId,
    amountCents: refund.amountCents,
    reason: refund.reason,
    createdBy: refund.by,
    createdAt: refund.at,
  });
  const refunded = sql`${payments.refundedCents} + ${refund.amountCents}`;
  await tx
    .update(payments)
    .set({
      refundedCents: refunded,
      status: sql`case when ${refunded} >= ${payments.amountCents} then 'refunded' else 'partially_refunded' end`,
      refundedAt: refund.at,
    })
    .where(eq(payments.id, refund.paymentId));
}

/** The payment of this id when it paid for this thing (an invoice, an order), else null. */
export async function findPaymentFor(
  db: Db | Tx,
  payment: { id: string; purpose: (typeof PAYMENT_PURPOSES)[number]; referenceId: string },
) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, payment.id),
        eq(payments.purpose, payment.purpose),
        eq(payments.referenceId, payment.referenceId),
      ),
    );
  return row ?? null;
}

/** The payment, locked until the transaction ends: refunds of it take turns. */
export async function lockPayment(tx: Tx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export type PaymentRow = typeof payments.$inferSelect;

const recorder = alias(users, 'payment_recorder');

/** The payments of one thing, oldest first, each with the name of whoever recorded it at the desk. */
export function paymentsFor(
  db: Db | Tx,
  of: { purpose: (typeof PAYMENT_PURPOSES)[number]; referenceId: string },
): Promise<Array<{ payment: PaymentRow; recordedByName: string | null }>> {
  return db
    .select({
      payment: payments,
      recordedByName: sql<string | null>`${recorder.firstName} || ' ' || ${recorder.lastName}`,
    })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(and(eq(payments.purpose, of.purpose), eq(payments.referenceId, of.referenceId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * Every payment received for these references (of one purpose), and every refund of them, oldest first: a
 * statement's entries. A refund made through the provider in full may have no refund row; the part of
 * refunded_cents no row accounts for is answered as a refund at the payment's refunded_at.
 */
export async function movementsFor(
  db: Db | Tx,
  of: { purpose: (typeof PAYMENT_PURPOSES)[number]; referenceIds: string[] },
) {
  if (of.referenceIds.length === 0) return { received: [], refunded: [] };
  const received = await db
    .select({
      id: payments.id,
      referenceId: payments.referenceId,
      method: payments.method,
      cardLast4: payments.cardLast4,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      at: payments.createdAt,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .where(and(eq(payments.purpose, of.purpose), inArray(payments.referenceId, of.referenceIds)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const rows =
    received.length === 0
      ? []
      : await db
          .select({
            paymentId: paymentRefunds.paymentId,
            amountCents: paymentRefunds.amountCents,
            at: paymentRefunds.createdAt,
          })
          .from(paymentRefunds)
          .where(
            inArray(
              paymentRefunds.paymentId,
              received.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(paymentRefunds.createdAt));
  const refunded = rows.map((row) => ({ ...row, referenceId: '' }));
  for (const payment of received) {
    const mine = refunded.filter((refund) => refund.paymentId === payment.id);
    for (const refund of mine) refund.referenceId = payment.referenceId;
    const unaccounted = payment.refundedCents - mine.reduce((sum, refund) => sum + refund.amountCents, 0);
    if (unaccounted > 0)
      refunded.push({
        paymentId: payment.id,
        referenceId: payment.referenceId,
        amountCents: unaccounted,
        at: payment.refundedAt ?? payment.at,
      });
  }
  return { received, refunded };
}

/**
 * For one purpose: what was received in [from, to), and what was refunded of such payments from `from` on
 * (a refund counts in the month it was made, whenever its payment was received).
 */
export async function takingsOf(
  db: Db,
  range: { purpose: (typeof PAYMENT_PURPOSES)[number]; from: Date; to: Date },
) {
  const [[received], [refunded]] = await Promise.all([
    db
      .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.purpose, range.purpose),
          gte(payments.createdAt, range.from),
          lt(payments.createdAt, range.to),
        ),
      ),
    db
      .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(payments.purpose, range.purpose), gte(paymentRefunds.createdAt, range.from))),
  ]);
  return { receivedCents: Number(received?.cents ?? 0), refundedCents: Number(refunded?.cents ?? 0) };
}
