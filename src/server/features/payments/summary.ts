import type { Db } from '../../db/client';
import { clinicMonthOf } from '../../platform/clinic-time';
import * as repository from './repository';

/**
 * The payments received in the clinic's calendar month holding `now` (its first midnight to the next month's, in
 * the clinic's time zone) that were not wholly refunded: their count and their total in cents less what was
 * refunded of them. Read by the admin overview.
 */
export async function paymentsThisMonth(db: Db, now = new Date()) {
  const { month, from, to } = clinicMonthOf(now);
  return { month, ...(await repository.receivedBetween(db, { from, to })) };
}
