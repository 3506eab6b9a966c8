import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../../shared/store';
import type { Db, Tx } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { orderItems, orders, productVariants, users } from '../../../db/schema';

type Reader = Db | Tx;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** One order, by its id or its payment intent; with `userId`, only if it is that buyer's. */
export type OrderKey = ({ id: string } | { paymentIntentId: string }) & { userId?: string };

const whereOrder = (key: OrderKey) =>
  and(
    'id' in key ? eq(orders.id, key.id) : eq(orders.paymentIntentId, key.paymentIntentId),
    key.userId ? eq(orders.userId, key.userId) : undefined,
  );

export async function findOrder(db: Reader, key: OrderKey) {
  const [row] = await db
    .select({ order: orders, buyerFirst: users.firstName, buyerLast: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(whereOrder(key));
  if (!row) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id));
  return { ...row, items };
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The newest 500 orders, of one buyer or in one status when asked. */
export async function listOrders(db: Reader, filter: { userId?: string; status?: OrderStatus }) {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  const rows = await db
    .select({ order: orders, buyerFirst: users.firstName, buyerLast: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(500);
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.order.id),
      ),
    );
  const itemsOf = new Map<string, (typeof items)[number][]>();
  for (const item of items) {
    const list = itemsOf.get(item.orderId);
    if (list) list.push(item);
    else itemsOf.set(item.orderId, [item]);
  }
  return rows.map((row) => ({ ...row, items: itemsOf.get(row.order.id) ?? [] }));
}

/** Who an order is for: the address and name it is sent to. */
export async function buyerOf(db: Reader, userId: string) {
  const [account] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return account ?? null;
}

/** Writes an order and its lines; answers its id. */
export async function insertOrder(tx: Tx, order: NewOrder, items: NewOrderItem[]) {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row.id })));
  return row.id;
}

/**
 * Changes an order only while it stands where the caller found it (`from`), so that of two racing changes
 * exactly one wins; answers whether this one did.
 */
export async function moveOrderFrom(
  db: Reader,
  move: { id: string; from: OrderStatus; values: Partial<NewOrder> },
) {
  const [moved] = await db
    .update(orders)
    .set(move.values)
    .where(and(eq(orders.id, move.id), eq(orders.status, move.from)))
    .returning({ id: orders.id });
  return Boolean(moved);
}

/** A pending order's payment intent replaced, only while it still has the one it had; answers whether it did. */
export async function swapPaymentIntent(
  db: Reader,
  swap: { id: string; from: string; to: string; provider: NewOrder['provider'] },
) {
  const [swapped] = await db
    .update(orders)
    .set({ paymentIntentId: swap.to, provider: swap.provider, updatedAt: new Date() })
    .where(and(eq(orders.id, swap.id), eq(orders.status, 'pending'), eq(orders.paymentIntentId, swap.from)))
    .returning({ id: orders.id });
  return Boolean(swapped);
}

/**
 * Cancels the pending catalogue orders made before `before` in one statement, so each moves once however many
 * instances sweep at once; answers those it cancelled. Orders whose lines name no variant (a quote's) stay.
 */
export function cancelUnpaid(db: Reader, sweep: { before: Date; now: Date; note: string }) {
  return rowsOf<{ id: string; user_id: string }>(
    db,
    sql`
    update orders set status = 'cancelled', cancelled_at = ${sweep.now.toISOString()},
                      updated_at = ${sweep.now.toISOString()}, status_note = ${sweep.note}
    where status = 'pending' and created_at < ${sweep.before.toISOString()}
      and exists (select 1 from order_items i where i.order_id = orders.id and i.variant_id is not null)
    returning id, user_id`,
  );
}

/**
 * Takes an order's stock: one conditional UPDATE per line, `stock >= quantity`, so two orders racing for the
 * last item cannot both have it. Answers false (and the caller rolls back) when a line cannot be filled. A
 * variant made to order (null stock) always fills, and null less anything stays null.
 */
export async function takeStock(tx: Tx, items: Array<{ variantId: string | null; quantity: number }>) {
  for (const item of items) {
    if (!item.variantId) return false;
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${item.quantity}` })
      .where(
        and(
          eq(productVariants.id, item.variantId),
          sql`(${productVariants.stock} is null or ${productVariants.stock} >= ${item.quantity})`,
        ),
      )
      .returning({ id: productVariants.id });
    if (taken.length === 0) return false;
  }
  return true;
}

export async function putStockBack(tx: Tx, items: Array<{ variantId: string | null; quantity: number }>) {
  for (const item of items) {
    if (!item.variantId) continue;
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
}

/**
 * Puts an order's stock back once, however often this runs: only the call that finds the stock still taken
 * returns the items to the shelf.
 */
export async function releaseStock(
  tx: Tx,
  order: { id: string; items: Array<{ variantId: string | null; quantity: number }> },
) {
  const [released] = await tx
    .update(orders)
    .set({ stockTaken: false })
    .where(and(eq(orders.id, order.id), eq(orders.stockTaken, true)))
    .returning({ id: orders.id });
  if (released) await putStockBack(tx, order.items);
}

/** An order moved to `to` goes back to how it stood (`before`), if nothing has moved it since. */
export async function moveBack(
  tx: Tx,
  before: Pick<OrderRow['order'], 'id' | 'status' | 'statusNote' | 'cancelledAt' | 'refundedAt'>,
  to: OrderRow['order']['status'],
) {
  const [restored] = await tx
    .update(orders)
    .set({
      status: before.status,
      statusNote: before.statusNote,
      cancelledAt: before.cancelledAt,
      refundedAt: before.refundedAt,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.id, before.id), eq(orders.status, to)))
    .returning({ id: orders.id });
  return Boolean(restored);
}
