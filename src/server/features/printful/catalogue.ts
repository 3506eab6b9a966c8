import type { SyncResult } from '../../../shared/printful';
import {
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX_CENTS,
  type ProductCategory,
  STORE_CURRENCY,
  VARIANT_OPTION_MAX,
} from '../../../shared/store';
import type { Db } from '../../db/client';
import * as store from '../store/service';
import type { PrintfulApi, SyncProduct, SyncVariant } from './client';
import * as repository from './repository';

/**
 * Printful's sync products become store products, one transaction each, matched by Printful's ids in the
 * link tables so that a second sync updates what the first made. Products Printful no longer lists are hidden
 * only once the whole list was read, so a failure halfway hides nothing.
 */
export async function syncCatalogue(db: Db, api: PrintfulApi): Promise<SyncResult> {
  const summaries = (await api.listSyncProducts()).filter((summary) => !summary.is_ignored);
  const links = new Map((await repository.productLinks(db)).map((link) => [link.printfulProductId, link]));
  const result: SyncResult = { created: 0, updated: 0, hidden: 0, skippedVariants: 0 };
  const offered = new Set<string>();
  for (const summary of summaries) {
    const detail = await api.getSyncProduct(summary.id);
    const variants = detail.sync_variants.map(toVariant);
    const usable = variants.filter((variant) => variant !== null);
    result.skippedVariants += variants.length - usable.length;
    // A product with nothing to sell is treated as gone.
    if (usable.length === 0) continue;
    offered.add(summary.id);
    const link = links.get(summary.id);
    const known = new Map(
      (link ? await repository.variantLinksOf(db, summary.id) : []).map((row) => [
        row.printfulVariantId,
        row.variantId,
      ]),
    );
    const retired = [...known].filter(([printfulId]) => !usable.some((variant) => variant.id === printfulId));
    const now = new Date();
    const saved = await db.transaction(async (tx) => {
      const outcome = await store.saveSyncedProduct(tx, {
        productId: link?.productId ?? null,
        key: `printful-${summary.id}`,
        name: (detail.sync_product.name ?? summary.name ?? 'Printful product')
          .trim()
          .slice(0, PRODUCT_NAME_MAX),
        imageUrl: imageOf(detail),
        category: categoryOf(detail),
        show: link?.hiddenBySync ?? false,
        variants: usable.map((variant) => ({
          variantId: known.get(variant.id) ?? null,
          sku: `PF-${variant.id}`,
          size: variant.size,
          colour: variant.colour,
          priceCents: variant.priceCents,
        })),
        retiredVariantIds: retired.map(([, variantId]) => variantId),
      });
      await repository.saveProductLink(tx, {
        printfulProductId: summary.id,
        productId: outcome.productId,
        at: now,
      });
      await repository.saveVariantLinks(tx, {
        printfulProductId: summary.id,
        links: usable.map((variant, index) => ({
          printfulVariantId: variant.id,
          variantId: outcome.variantIds[index],
        })),
        retiredPrintfulVariantIds: retired.map(([printfulId]) => printfulId),
      });
      return outcome;
    });
    if (saved.created) result.created += 1;
    else result.updated += 1;
  }
  const gone = [...links.values()].filter(
    (link) => !offered.has(link.printfulProductId) && !link.hiddenBySync,
  );
  result.hidden = (
    await hideLinkedProducts(
      db,
      gone.map((link) => link.productId),
    )
  ).length;
  return result;
}

/** Hides these linked products and remembers that the sync (not an admin) hid those that were showing. */
export function hideLinkedProducts(db: Db, productIds: string[]) {
  return db.transaction(async (tx) => {
    const hidden = await store.hideSyncedProducts(tx, productIds);
    await repository.markHiddenBySync(tx, hidden);
    return hidden;
  });
}

type UsableVariant = {
  id: string;
  size: string | null;
  colour: string | null;
  priceCents: number;
};

/** A sync variant the store can sell, or null: ignored, no retail price, or priced in another currency. */
function toVariant(variant: SyncVariant): UsableVariant | null {
  if (variant.is_ignored) return null;
  if (variant.currency && variant.currency.toLowerCase() !== STORE_CURRENCY) return null;
  const priceCents = centsOf(variant.retail_price);
  if (priceCents === null || priceCents < 1 || priceCents > PRODUCT_PRICE_MAX_CENTS) return null;
  // Older answers carry no size and colour fields, only "Name / Colour / Size"-style variant names.
  const parts = (variant.name ?? '').split(' - ').at(-1)?.split(' / ') ?? [];
  const option = (value: string | null | undefined) => value?.trim().slice(0, VARIANT_OPTION_MAX) || null;
  return {
    id: variant.id,
    size: option(variant.size ?? (parts.length >= 2 ? parts.at(-1) : null)),
    colour: option(variant.color ?? (parts.length >= 2 ? parts.at(-2) : null)),
    priceCents,
  };
}

/** "29.99" as 2999, exactly (no floating point); null when it is not an amount. */
function centsOf(price: string | number | null | undefined) {
  if (price === null || price === undefined) return null;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(String(price).trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * The product's picture: Printful's preview, only from Printful's own file hosts over https (the page's
 * content security policy lets those in, and nothing else from outside).
 */
function imageOf(detail: SyncProduct) {
  const candidates = [
    detail.sync_product.thumbnail_url,
    ...detail.sync_variants.flatMap((variant) => [
      ...(variant.files ?? [])
        .filter((file) => file.type === 'preview')
        .map((file) => file.preview_url ?? file.thumbnail_url),
      variant.product?.image,
    ]),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'https:' && /(^|\.)printful\.com$/.test(url.hostname) && candidate.length <= 2000)
        return candidate;
    } catch {
      // Not an address: look at the next one.
    }
  }
  return '';
}

/** A first category from the product's name; an admin may change it, and later syncs keep their choice. */
function categoryOf(detail: SyncProduct): ProductCategory {
  const names = [detail.sync_product.name, ...detail.sync_variants.map((variant) => variant.product?.name)]
    .filter(Boolean)
    .join(' ');
  if (/\b(mug|bottle|tumbler|cup|glass|flask)/i.test(names)) return 'drinkware';
  if (/\b(shirt|tee|hoodie|sweat|hat|cap|beanie|sock|jacket|tank|legging|jogger|apparel|crew)/i.test(names))
    return 'apparel';
  return 'equipment';
}
