import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { OPEN_INVOICE_STATUSES } from '../../../shared/billing';
import type { Db } from '../../db/client';
import { invoices, paymentRefunds, payments } from '../../db/schema';
import { clinicMonthOf } from '../../platform/clinic-time';

const balance = sql<number>`${invoices.totalCents} - ${invoices.paidCents}`;

/** What a patient owes on the invoices sent to them, and the open invoice due first. */
export async function patientBalance(db: Db, patientId: string) {
  const open = and(eq(invoices.patientId, patientId), inArray(invoices.status, OPEN_INVOICE_STATUSES));
  const [[totals], [next]] = await Promise.all([
    db
      .select({
        balanceDueCents: sql<number>`coalesce(sum(${balance}), 0)::int`,
        openInvoices: sql<number>`count(*)::int`,
      })
      .from(invoices)
      .where(open),
    db
      .select({ id: invoices.id, number: invoices.number, dueDate: invoices.dueDate, balanceCents: balance })
      .from(invoices)
      .where(open)
      .orderBy(asc(invoices.dueDate), asc(invoices.createdAt))
      .limit(1),
  ]);
  return {
    balanceDueCents: Number(totals?.balanceDueCents ?? 0),
    openInvoices: Number(totals?.openInvoices ?? 0),
    nextDue: next?.number
      ? { id: next.id, number: next.number, dueDate: next.dueDate, balanceCents: Number(next.balanceCents) }
      : null,
  };
}

/**
 * The clinic's billing figures for the general dashboard: invoice payments received this month less the
 * refunds of invoice payments made this month, and the invoices overdue with their balance.
 */
export async function clinicBillingFigures(db: Db, now = new Date()) {
  const monthStart = clinicMonthOf(now).from;
  const [[received], [refunded], [overdue]] = await Promise.all([
    db
      .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.purpose, 'invoice'),
          gte(payments.createdAt, monthStart),
          lt(payments.createdAt, now),
        ),
      ),
    db
      .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)::int` })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(eq(payments.purpose, 'invoice'), gte(paymentRefunds.createdAt, monthStart))),
    db
      .select({
        count: sql<number>`count(*)::int`,
        balanceCents: sql<number>`coalesce(sum(${balance}), 0)::int`,
      })
      .from(invoices)
      .where(eq(invoices.status, 'overdue')),
  ]);
  return {
    revenueThisMonthCents: Number(received?.cents ?? 0) - Number(refunded?.cents ?? 0),
    overdueInvoices: Number(overdue?.count ?? 0),
    overdueBalanceCents: Number(overdue?.balanceCents ?? 0),
  };
}
