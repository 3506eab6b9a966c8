import { z } from 'zod';
import { variantLabel } from './store';

/*
 * Products from the store added at checkout of a session. The browser names only which variant and how many;
 * the line's text and price come from the catalogue, and its stock is taken with the invoice's lines and given
 * back when the invoice is voided or the line removed.
 */

export const CHECKOUT_PRODUCTS_MAX = 20;
export const CHECKOUT_PRODUCT_QUANTITY_MAX = 99;

export const CHECKOUT_PRODUCT_ERRORS = {
  products: 'Products must be a list of a variant and a quantity each',
  tooMany: `Add at most ${CHECKOUT_PRODUCTS_MAX} products at once`,
  variant: 'Choose a product from the store',
  twice: 'Each product once: change its quantity instead',
  quantity: `Quantity must be a whole number from 1 to ${CHECKOUT_PRODUCT_QUANTITY_MAX}`,
  notForSale: 'That product is not for sale in the store',
  soldMeanwhile: 'A product sold out a moment ago: check what is left and try again',
} as const;

/** A product's line: "Foam roller — Large", or the product's name alone for a variant without a size or colour. */
export const productLineName = (
  product: { productName: string } & { size: string | null; colour: string | null },
) => {
  const label = variantLabel(product);
  return label ? `${product.productName} — ${label}` : product.productName;
};

/** Said when the shelf holds fewer than asked. */
export const outOfStockMessage = (name: string, left: number) =>
  left > 0 ? `Only ${left} of ${name} left in stock` : `${name} is sold out`;

const CheckoutProductSchema = z.strictObject({
  variantId: z.uuid({ error: CHECKOUT_PRODUCT_ERRORS.variant }),
  quantity: z
    .number({ error: CHECKOUT_PRODUCT_ERRORS.quantity })
    .int(CHECKOUT_PRODUCT_ERRORS.quantity)
    .min(1, CHECKOUT_PRODUCT_ERRORS.quantity)
    .max(CHECKOUT_PRODUCT_QUANTITY_MAX, CHECKOUT_PRODUCT_ERRORS.quantity),
});
export type CheckoutProduct = z.infer<typeof CheckoutProductSchema>;

/** The checkout input's `products`: each variant once. */
export const CheckoutProductsSchema = z
  .array(CheckoutProductSchema, { error: CHECKOUT_PRODUCT_ERRORS.products })
  .max(CHECKOUT_PRODUCTS_MAX, CHECKOUT_PRODUCT_ERRORS.tooMany)
  .superRefine((products, context) => {
    const seen = new Set<string>();
    products.forEach((product, index) => {
      if (seen.has(product.variantId))
        context.addIssue({
          code: 'custom',
          message: CHECKOUT_PRODUCT_ERRORS.twice,
          path: [index, 'variantId'],
        });
      seen.add(product.variantId);
    });
  })
  .default([]);

/** A variant the checkout may sell: a showing product's, in stock or made to order (null stock). */
export const SellableProductSchema = z.object({
  variantId: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  priceCents: z.number().int(),
  stock: z.number().int().nullable(),
});
export type SellableProduct = z.infer<typeof SellableProductSchema>;
