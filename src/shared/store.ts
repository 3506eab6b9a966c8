import { z } from 'zod';

/**
 * The clinic's store: a catalogue of merchandise, a cart kept per user on the server, checkout by card and the
 * orders that follow. Every price, total, tax and shipping amount is computed by the server from the catalogue;
 * the browser only ever sends which variant and how many.
 */

export const STORE_CURRENCY = 'usd';
export const PRODUCT_CATEGORIES = ['apparel', 'drinkware', 'equipment'] as const;
export const ProductCategorySchema = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof ProductCategorySchema>;
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = {
  apparel: 'Apparel',
  drinkware: 'Drinkware',
  equipment: 'Equipment',
};

/**
 * An order's life: pending until its card payment settles, then paid; an admin moves it to in_production,
 * shipped (with a tracking number and carrier), delivered; or cancels or refunds it (money back through the
 * provider and stock put back). A pending order whose payment never happens stays pending and is never shown
 * as bought.
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
