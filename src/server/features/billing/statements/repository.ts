import { and, asc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { invoices } from '../../../db/schema';

/**
 * A patient's issued invoices up to a day, oldest first: the charges of a statement. Drafts were never issued
 * and a void invoice was withdrawn, so neither is on the account.
 */
export function issuedInvoicesOf(db: Db | Tx, of: { patientId: string; upTo: string }) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      issueDate: invoices.issueDate,
      totalCents: invoices.totalCents,
      currency: invoices.currency,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.patientId, of.patientId),
        notInArray(invoices.status, ['draft', 'void']),
        lte(invoices.issueDate, of.upTo),
      ),
    )
    .orderBy(asc(invoices.issueDate), asc(invoices.number));
}

/** The patients who owe something on an open invoice: the monthly statement run's list. */
export async function patientsWithBalance(db: Db | Tx) {
  const rows = await db
    .selectDistinct({ patientId: invoices.patientId })
    .from(invoices)
    .where(
      and(
        inArray(invoices.status, ['sent', 'partially_paid', 'overdue']),
        gt(sql`${invoices.totalCents} - ${invoices.paidCents}`, 0),
      ),
    );
  return rows.map((row) => row.patientId);
}
