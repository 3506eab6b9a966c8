import { and, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import { clinicMonthOf } from '../../platform/clinic-time';

/**
 * The payments received in the clinic's calendar month holding `now` (its first midnight to the next month's, in
 * the clinic's time zone) that were not wholly refunded: their count and their total in cents less what was
 * refunded of them. Read by the admin overview.
 */
export async function paymentsThisMonth(db: Db, now = new Date()) {
  const { month, from, to } = clinicMonthOf(now);
  const [row] = await db
    .select({
      amountCents: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(payments)
    .where(and(ne(payments.status, 'refunded'), gte(payments.createdAt, from), lt(payments.createdAt, to)));
  return {
    month,
    amountCents: Number(row.amountCents),
    count: Number(row.count),
  };
}
