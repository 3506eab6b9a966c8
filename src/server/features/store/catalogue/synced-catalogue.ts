import type { ProductCategory } from '../../../../shared/store';
import type { Tx } from '../../../db/client';
import * as repository from './repository';

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
    await repository.updateProduct(tx, productId, {
      name: input.name,
      imageUrl: input.imageUrl,
      updatedAt: now,
      ...(input.show ? { active: true } : {}),
    });
  } else {
    productId = await repository.insertProduct(tx, {
      slug: `synced-${input.key}`,
      name: input.name,
      category: input.category,
      imageUrl: input.imageUrl,
      active: true,
    });
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
      await repository.updateVariant(tx, { productId, variantId: variant.variantId, values: fields });
      variantIds.push(variant.variantId);
    } else {
      const [id] = await repository.insertVariants(tx, [{ ...fields, productId, sku: variant.sku }]);
      variantIds.push(id);
    }
  }
  if (input.retiredVariantIds.length)
    await repository.sellOutVariants(tx, { productId, variantIds: input.retiredVariantIds });
  return { productId, created, variantIds };
}

/**
 * Hides synced products (gone upstream, or their source disconnected); answers the ids of those that were
 * showing, so the caller knows which ones to show again when they return (and not those an admin hid).
 */
export async function hideSyncedProducts(tx: Tx, productIds: string[]) {
  if (productIds.length === 0) return [];
  return repository.hideShowingProducts(tx, productIds);
}
