import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ProductCategory } from '../../../shared/store';
import type { Tx } from '../../db/client';
import { products, productVariants } from '../../db/schema';

/**
 * Products kept by another system (print on demand): that system says what exists, at what price, and the
 * store keeps its own rows in step. Their variants are made to order (null stock). Rows are never deleted,
 * since past orders name them: a product gone upstream is hidden, a variant gone upstream sold out.
 */

export type SyncedVariantInput = {
  /** The store variant it became on an earlier sync; null the first time. */
  variantId: string | null;
  sku: string;
  size: string | null;
  colour: string | null;
  priceCents: number;
};

export type SyncedProductInput = {
  /** The store product it became on an earlier sync; null the first time. */
  productId: string | null;
  /** A stable key for a new product's slug (the source's id), so that it can never be added twice. */
  key: string;
  name: string;
  imageUrl: string;
  /** Used when the product is made; later an admin's choice of category stands. */
  category: ProductCategory;
  /** Show it again: it was hidden by a sync (gone upstream for a while), not by an admin. */
  show: boolean;
  variants: SyncedVariantInput[];
  /** Variants gone upstream: sold out, kept for the orders that name them. */
  retiredVariantIds: string[];
};

/**
 * Adds or updates one synced product in the caller's transaction; answers its id, whether it was made now,
 * and the store variant of each input variant in order. The name, picture and prices follow the source;
 * the description and category are the clinic's own once made.
 */
export async function saveSyncedProduct(tx: Tx, input: SyncedProductInput) {
  const now = new Date();
  let productId = input.productId;
  let created = false;
  if (productId) {
    await tx
      .update(products)
      .set({
        name: input.name,
        imageUrl: input.imageUrl,
        updatedAt: now,
        ...(input.show ? { active: true } : {}),
      })
      .where(eq(products.id, productId));
  } else {
    const [row] = await tx
      .insert(products)
      .values({
        slug: `synced-${input.key}`,
        name: input.name,
        category: input.category,
        imageUrl: input.imageUrl,
        active: true,
      })
      .returning({ id: products.id });
    productId = row.id;
    created = true;
  }
  const variantIds: string[] = [];
  for (const [position, variant] of input.variants.entries()) {
    const fields = {
      size: variant.size,
      colour: variant.colour,
      priceCents: variant.priceCents,
      stock: null,
      position,
    };
    if (variant.variantId) {
      await tx
        .update(productVariants)
        .set(fields)
        .where(and(eq(productVariants.id, variant.variantId), eq(productVariants.productId, productId)));
      variantIds.push(variant.variantId);
    } else {
      const [row] = await tx
        .insert(productVariants)
        .values({ ...fields, productId, sku: variant.sku })
        .returning({ id: productVariants.id });
      variantIds.push(row.id);
    }
  }
  if (input.retiredVariantIds.length)
    await tx
      .update(productVariants)
      .set({ stock: 0 })
      .where(
        and(inArray(productVariants.id, input.retiredVariantIds), eq(productVariants.productId, productId)),
      );
  return { productId, created, variantIds };
}

/**
 * Hides synced products (gone upstream, or their source disconnected); answers the ids of those that were
 * showing, so the caller knows which ones to show again when they return (and not those an admin hid).
 */
export async function hideSyncedProducts(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return [];
  const hidden = await tx
    .update(products)
    .set({ active: false, updatedAt: new Date() })
    .where(and(inArray(products.id, productIds), sql`${products.active}`))
    .returning({ id: products.id });
  return hidden.map((row) => row.id);
}
