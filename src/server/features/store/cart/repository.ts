import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { cartItems, products, productVariants } from '../../../db/schema';

type Reader = Db | Tx;

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

/** The user's line of this variant at this quantity, made if the cart has none. */
export async function saveLine(db: Reader, line: { userId: string; variantId: string; quantity: number }) {
  await db
    .insert(cartItems)
    .values(line)
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { quantity: line.quantity },
    });
}

export async function setLineQuantity(db: Reader, line: { id: string; userId: string; quantity: number }) {
  await db
    .update(cartItems)
    .set({ quantity: line.quantity })
    .where(and(eq(cartItems.id, line.id), eq(cartItems.userId, line.userId)));
}

/** Answers false when the user's cart has no such line. */
export async function deleteLine(db: Reader, line: { id: string; userId: string }) {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, line.id), eq(cartItems.userId, line.userId)))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}

/** Takes these variants out of the user's cart (they have just been bought). */
export async function removeVariants(tx: Tx, scope: { userId: string; variantIds: string[] }) {
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, scope.userId), inArray(cartItems.variantId, scope.variantIds)));
}
