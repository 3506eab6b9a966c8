import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Product } from '../../../../shared/store';
import type { Db, Tx } from '../../../db/client';
import { products, productVariants } from '../../../db/schema';

type Reader = Db | Tx;
export type NewProduct = typeof products.$inferInsert;
export type NewVariant = typeof productVariants.$inferInsert;

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

/** Those of these slugs that a product has already. */
export async function slugsTaken(db: Reader, slugs: string[]) {
  const rows = await db.select({ slug: products.slug }).from(products).where(inArray(products.slug, slugs));
  return rows.map((row) => row.slug);
}

export async function insertProduct(tx: Tx, values: NewProduct) {
  const [product] = await tx.insert(products).values(values).returning({ id: products.id });
  return product.id;
}

/** Answers the new variants' ids in the order given. */
export async function insertVariants(tx: Tx, values: NewVariant[]) {
  const rows = await tx.insert(productVariants).values(values).returning({ id: productVariants.id });
  return rows.map((row) => row.id);
}

/** Answers false when there is no such product. */
export async function updateProduct(db: Reader, id: string, values: Partial<NewProduct>) {
  const [row] = await db
    .update(products)
    .set(values)
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return Boolean(row);
}

/** Answers false when the product has no such variant. */
export async function updateVariant(
  db: Reader,
  change: { productId: string; variantId: string; values: Partial<NewVariant> },
) {
  const [row] = await db
    .update(productVariants)
    .set(change.values)
    .where(and(eq(productVariants.id, change.variantId), eq(productVariants.productId, change.productId)))
    .returning({ id: productVariants.id });
  return Boolean(row);
}

/** Sells out these variants of the product (a variant is never deleted: past orders name it). */
export async function sellOutVariants(tx: Tx, scope: { productId: string; variantIds: string[] }) {
  await tx
    .update(productVariants)
    .set({ stock: 0 })
    .where(
      and(inArray(productVariants.id, scope.variantIds), eq(productVariants.productId, scope.productId)),
    );
}

/** Hides those of these products that are showing; answers the ids of those it hid. */
export async function hideShowingProducts(tx: Tx, productIds: string[]) {
  const hidden = await tx
    .update(products)
    .set({ active: false, updatedAt: new Date() })
    .where(and(inArray(products.id, productIds), sql`${products.active}`))
    .returning({ id: products.id });
  return hidden.map((row) => row.id);
}

/**
 * Variants of showing products, by name then position: those named (`ids`, whatever their stock, so a caller
 * can say which is sold out), or else every one that can be sold (stock above 0, or null: made to order).
 */
export async function variantsForSale(db: Reader, filter: { ids?: string[] }) {
  if (filter.ids?.length === 0) return [];
  return db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      productName: products.name,
      size: productVariants.size,
      colour: productVariants.colour,
      priceCents: productVariants.priceCents,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(products.active, true),
        filter.ids
          ? inArray(productVariants.id, filter.ids)
          : sql`(${productVariants.stock} is null or ${productVariants.stock} > 0)`,
      ),
    )
    .orderBy(asc(products.name), asc(productVariants.position), asc(productVariants.sku))
    .limit(500);
}
