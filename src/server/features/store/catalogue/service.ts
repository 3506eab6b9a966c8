import { randomBytes } from 'node:crypto';
import {
  type CreateProductInput,
  type Product,
  STORE_ERRORS,
  type UpdateProductInput,
  type UpdateVariantInput,
} from '../../../../shared/store';
import type { Db, Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { type Ctx, conflict } from '../context';
import * as repository from './repository';

export async function listProducts(
  db: Db,
  caller: SessionUser,
  query: { search?: string; category?: string },
) {
  return {
    products: await repository.listProducts(db, { ...query, includeInactive: caller.role === 'admin' }),
  };
}

async function productOrNotFound(db: Db | Tx, caller: SessionUser, id: string): Promise<Product> {
  const [product] = await repository.listProducts(db, {
    ids: [id],
    includeInactive: caller.role === 'admin',
  });
  if (!product) throw notFound(STORE_ERRORS.productNotFound);
  return product;
}

export async function getProduct(db: Db, caller: SessionUser, id: string) {
  return { product: await productOrNotFound(db, caller, id) };
}

/** What the route hands over: the schema's defaults applied. */
type NewProductInput = Omit<CreateProductInput, 'description' | 'active'> & {
  description: string;
  active: boolean;
};

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function createProduct(
  ctx: Ctx,
  caller: SessionUser,
  { input, meta }: { input: NewProductInput; meta: RequestMeta },
) {
  const skus = input.variants.map((variant) => variant.sku.toUpperCase());
  if (new Set(skus).size !== skus.length)
    throw badRequest(STORE_ERRORS.skuTaken, { variants: STORE_ERRORS.skuTaken });
  const slug = `${input.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)}-${randomBytes(3).toString('hex')}`;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const productId = await repository.insertProduct(tx, {
        slug,
        name: input.name,
        description: input.description,
        category: input.category,
        imageUrl: input.imageUrl ?? '',
        active: input.active,
      });
      await repository.insertVariants(
        tx,
        input.variants.map((variant, position) => ({
          productId,
          sku: variant.sku,
          size: variant.size ?? null,
          colour: variant.colour ?? null,
          priceCents: variant.priceCents,
          stock: variant.stock,
          position,
        })),
      );
      await recordActivity(tx, {
        actorId: caller.id,
        action: 'product.created',
        entityType: 'product',
        entityId: productId,
        ipAddress: meta.ipAddress,
      });
      return productId;
    });
    return { product: await productOrNotFound(ctx.db, caller, id) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(STORE_ERRORS.skuTaken);
    throw error;
  }
}

export async function updateProduct(
  ctx: Ctx,
  caller: SessionUser,
  { id, input, meta }: { id: string; input: UpdateProductInput; meta: RequestMeta },
) {
  const updated = await ctx.db.transaction(async (tx) => {
    if (!(await repository.updateProduct(tx, id, { ...input, updatedAt: new Date() }))) return false;
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'product.updated',
      entityType: 'product',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(input).join(',') },
    });
    return true;
  });
  if (!updated) throw notFound(STORE_ERRORS.productNotFound);
  return { product: await productOrNotFound(ctx.db, caller, id) };
}

export async function updateVariant(
  ctx: Ctx,
  caller: SessionUser,
  {
    productId,
    variantId,
    input,
    meta,
  }: { productId: string; variantId: string; input: UpdateVariantInput; meta: RequestMeta },
) {
  const updated = await ctx.db.transaction(async (tx) => {
    if (!(await repository.updateVariant(tx, { productId, variantId, values: input }))) return false;
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'product.variant_updated',
      entityType: 'product',
      entityId: productId,
      ipAddress: meta.ipAddress,
      details: {
        variantId,
        ...(input.priceCents !== undefined ? { priceCents: input.priceCents } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
      },
    });
    return true;
  });
  if (!updated) throw notFound(STORE_ERRORS.variantNotFound);
  return { product: await productOrNotFound(ctx.db, caller, productId) };
}

/**
 * The catalogue as a session's checkout sells from it: showing products' variants with their price and stock,
 * those named or else every one that can be sold. A hidden product is never among them.
 */
export function variantsForSale(db: Db | Tx, filter: { ids?: string[] } = {}) {
  return repository.variantsForSale(db, filter);
}
