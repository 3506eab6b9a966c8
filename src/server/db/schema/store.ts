import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, PRODUCT_CATEGORIES } from '../../../shared/store';
import { users } from './accounts';
import { inList } from './in-list';

/** A product of the clinic's store; what is bought is one of its variants. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A stable key for the demo catalogue, so that seeding twice adds nothing. */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull(),
    /** A path under the web app's public files or an inline SVG data address. */
    imageUrl: text('image_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('products_category_check', sql`${table.category} in (${inList(PRODUCT_CATEGORIES)})`),
    index('products_category_idx').on(table.category, table.name),
  ],
);

/**
 * One buyable variant of a product (a size and a colour, either may be absent), with its price and stock. A
 * null stock is made to order (print on demand): never sold out, and paying takes nothing.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    size: text('size'),
    colour: text('colour'),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').default(0),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('product_variants_price_check', sql`price_cents > 0`),
    check('product_variants_stock_check', sql`stock >= 0`),
    index('product_variants_product_idx').on(table.productId, table.position),
  ],
);

/** A user's cart on the server: which variant and how many; prices are always read from the catalogue. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cart_items_quantity_check', sql`quantity > 0`),
    uniqueIndex('cart_items_user_variant_idx').on(table.userId, table.variantId),
  ],
);

export type ShippingAddress = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
};

/**
 * An order: made pending at checkout with the amounts the server computed, paid once its card payment settles
 * (stock is taken in that same transaction; stock_taken says whether it was, so that a cancel or refund puts
 * back exactly what was taken).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as ORD-000123. */
    number: integer('number').generatedAlwaysAsIdentity().notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxCents: integer('tax_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    email: text('email').notNull(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    cardLast4: text('card_last4'),
    stockTaken: boolean('stock_taken').notNull().default(false),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    /** Why an order was cancelled or refunded (or why the clinic could not fill it). */
    statusNote: text('status_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    check('orders_status_check', sql`${table.status} in (${inList(ORDER_STATUSES)})`),
    check('orders_amounts_check', sql`subtotal_cents > 0 and tax_cents >= 0 and shipping_cents >= 0`),
    check('orders_total_check', sql`total_cents = subtotal_cents + tax_cents + shipping_cents`),
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
  ],
);

/** A line of an order, with the name and price copied at checkout so a later catalogue change rewrites nothing. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    variantLabel: text('variant_label').notNull().default(''),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (table) => [
    check('order_items_quantity_check', sql`quantity > 0`),
    check('order_items_total_check', sql`line_total_cents = unit_price_cents * quantity`),
    index('order_items_order_idx').on(table.orderId),
  ],
);
