import type { Db } from '../../db/client';
import { clinicMonthOf } from '../../platform/clinic-time';
import * as ledger from '../payments/service';
import { balanceOf, overdueTotals } from './invoices/list-repository';
import { countUnbilled } from './invoices/unbilled';

/** What a patient owes on the invoices sent to them, and the open invoice due first. */
export async function patientBalance(db: Db, patientId: string) {
  const { totals, next } = await balanceOf(db, patientId);
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
 * refunds of invoice payments made this month, the invoices overdue with their balance, and (while session
 * billing is on) the sessions of the last 30 days no invoice claims.
 */
export async function clinicBillingFigures(db: Db, now = new Date()) {
  const monthStart = clinicMonthOf(now).from;
  const [takings, overdue, unbilled] = await Promise.all([
    ledger.takingsOf(db, { purpose: 'invoice', from: monthStart, to: now }),
    overdueTotals(db),
    countUnbilled(db),
  ]);
  return {
    revenueThisMonthCents: takings.receivedCents - takings.refundedCents,
    overdueInvoices: Number(overdue?.count ?? 0),
    overdueBalanceCents: Number(overdue?.balanceCents ?? 0),
    // Only while session billing is on: with it off the figures are as they always were.
    ...(unbilled === null ? {} : { unbilledSessions: unbilled }),
  };
}
