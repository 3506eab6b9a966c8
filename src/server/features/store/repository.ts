import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Product } from '../../../shared/store';
import type { Db, Tx } from '../../db/client';
import { cartItems, orderItems, orders, products, productVariants, users } from '../../db/schema';

type Reader = Db | Tx;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

export async function listProducts(
  db: Reader,
  filter: { search?: string; category?: string; includeInactive?: boolean; ids?: string[] },
): Promise<Product[]> {
  const conditions: SQL[] = [];
  if (!filter.includeInactive) conditions.push(eq(products.active, true));
  if (filter.category) conditions.push(eq(products.category, filter.category as Product['category']));
  if (filter.ids) conditions.push(inArray(products.id, filter.ids.length ? filter.ids : ['']));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const match = or(ilike(products.name, pattern), ilike(products.description, pattern));
    if (match) conditions.push(match);
  }
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.category), asc(products.name));
  if (rows.length === 0) return [];
  const variants = await db
    .select()
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.sku));
  return rows.map((row) => {
    const own = variants.filter((variant) => variant.productId === row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      category: row.category,
      imageUrl: row.imageUrl,
      active: row.active,
      fromPriceCents: own.length ? Math.min(...own.map((variant) => variant.priceCents)) : 0,
      inStock: own.some((variant) => variant.stock === null || variant.stock > 0),
      variants: own.map((variant) => ({
        id: variant.id,
        sku: variant.sku,
        size: variant.size,
        colour: variant.colour,
        priceCents: variant.priceCents,
        stock: variant.stock,
      })),
    };
  });
}

/** The caller's cart lines with the catalogue's current price and stock. */
export function cartLines(db: Reader, userId: string) {
  return db
    .select({
      id: cartItems.id,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      productId: products.id,
      productName: products.name,
      active: products.active,
      imageUrl: products.imageUrl,
      size: productVariants.size,
      colour: productVariants.colour,
      priceCents: productVariants.priceCents,
      stock: productVariants.stock,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}
export type CartLine = Awaited<ReturnType<typeof cartLines>>[number];

export async function findVariant(db: Reader, variantId: string) {
  const [row] = await db
    .select({ variant: productVariants, active: products.active })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row ?? null;
}

export async function findOrder(db: Reader, where: SQL) {
  const [row] = await db
    .select({ order: orders, buyerFirst: users.firstName, buyerLast: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  if (!row) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id));
  return { ...row, items };
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function listOrders(db: Reader, where: SQL | undefined) {
  const rows = await db
    .select({ order: orders, buyerFirst: users.firstName, buyerLast: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
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
  return rows.map((row) => ({ ...row, items: items.filter((item) => item.orderId === row.order.id) }));
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
