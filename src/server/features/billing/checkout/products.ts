import {
  CHECKOUT_PRODUCT_ERRORS,
  type CheckoutProduct,
  outOfStockMessage,
  productLineName,
  type SellableProduct,
} from '../../../../shared/billing-products';
import { canFill } from '../../../../shared/store';
import type { Db } from '../../../db/client';
import { AppError, badRequest } from '../../../platform/errors';
import * as store from '../../store/service';
import type { NewLine } from '../invoices/repository';

/** What "Add a product" offers: the variants of showing products that can be sold now. */
export async function sellableProducts(db: Db): Promise<SellableProduct[]> {
  const variants = await store.variantsForSale(db);
  return variants.map((variant) => ({
    variantId: variant.variantId,
    productId: variant.productId,
    name: productLineName(variant),
    priceCents: variant.priceCents,
    stock: variant.stock,
  }));
}

/**
 * The invoice lines of the products asked for, with the catalogue's name and price (the browser sends only which
 * variant and how many). A variant that does not exist or whose product is hidden is a 400 on its field; one
 * whose stock is short now is a 409 that says what is left. The stock itself is taken with the invoice's lines.
 */
export async function productLines(db: Db, products: CheckoutProduct[]): Promise<NewLine[]> {
  if (products.length === 0) return [];
  const variants = await store.variantsForSale(db, { ids: products.map((product) => product.variantId) });
  const byId = new Map(variants.map((variant) => [variant.variantId, variant]));
  return products.map((product, index) => {
    const variant = byId.get(product.variantId);
    const field = `products.${index}.variantId`;
    if (!variant)
      throw badRequest(CHECKOUT_PRODUCT_ERRORS.notForSale, { [field]: CHECKOUT_PRODUCT_ERRORS.notForSale });
    const description = productLineName(variant);
    if (!canFill(variant.stock, product.quantity)) {
      const message = outOfStockMessage(description, variant.stock ?? 0);
      throw new AppError('CONFLICT', message, { fields: { [`products.${index}.quantity`]: message } });
    }
    return {
      description,
      quantity: product.quantity,
      unitPriceCents: variant.priceCents,
      serviceTypeId: null,
      appointmentId: null,
      variantId: variant.variantId,
    };
  });
}
