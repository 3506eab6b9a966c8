import { TZDate } from '@date-fns/tz';
import { and, gte, lt, ne, sql } from 'drizzle-orm';
import { CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';

/**
 * The payments received in the clinic's calendar month holding `now` (its first midnight to the next month's, in
 * the clinic's time zone) that were not wholly refunded: their count and their total in cents less what was
 * refunded of them. Read by the admin overview.
 */
export async function paymentsThisMonth(db: Db, now = new Date()) {
  const local = new TZDate(now.getTime(), CLINIC_TIME_ZONE);
  const [year, month] = [local.getFullYear(), local.getMonth()];
  const from = new Date(new TZDate(year, month, 1, CLINIC_TIME_ZONE).getTime());
  const to = new Date(new TZDate(year, month + 1, 1, CLINIC_TIME_ZONE).getTime());
  const [row] = await db
    .select({
      amountCents: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(payments)
    .where(and(ne(payments.status, 'refunded'), gte(payments.createdAt, from), lt(payments.createdAt, to)));
  return {
    month: `${year}-${String(month + 1).padStart(2, '0')}`,
    amountCents: Number(row.amountCents),
    count: Number(row.count),
  };
}
