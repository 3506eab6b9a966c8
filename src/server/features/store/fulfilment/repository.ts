import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orderItems, orders } from '../../../db/schema';

type Reader = Db | Tx;

/** Paid orders (not yet moved on) with a line of any of these variants, oldest first. */
export async function paidOrdersHolding(db: Reader, variantIds: string[], limit: number) {
  if (variantIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: orders.id, paidAt: orders.paidAt })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.status, 'paid'), inArray(orderItems.variantId, variantIds)))
    .orderBy(asc(orders.paidAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function orderNumbers(db: Reader, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids));
}
