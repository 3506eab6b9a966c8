import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { FULFILMENT_STATES, type SyncResult } from '../../../shared/printful';
import { users } from './accounts';
import { inList } from './in-list';
import { orders, products, productVariants } from './store';

/**
 * The clinic's one Printful connection. The API token is kept encrypted (AES-256-GCM: ciphertext, IV and
 * tag), with only its last four characters in the clear; the webhook's secret only as its SHA-256.
 * sync_started_at is the claim of a running sync, so two never run at once on any number of instances.
 */
export const printfulConnection = pgTable(
  'printful_connection',
  {
    id: text('id').primaryKey().default('clinic'),
    apiKeyCiphertext: text('api_key_ciphertext').notNull(),
    apiKeyIv: text('api_key_iv').notNull(),
    apiKeyTag: text('api_key_tag').notNull(),
    apiKeyLast4: text('api_key_last4').notNull(),
    storeId: text('store_id'),
    storeName: text('store_name').notNull().default(''),
    webhookTokenHash: text('webhook_token_hash').notNull(),
    webhookRegistered: boolean('webhook_registered').notNull().default(false),
    webhookError: text('webhook_error'),
    connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncResult: jsonb('last_sync_result').$type<SyncResult>(),
    lastSyncError: text('last_sync_error'),
  },
  () => [check('printful_connection_single_check', sql`id = 'clinic'`)],
);

/**
 * Which store product a Printful sync product became, so a sync updates it instead of adding another.
 * hidden_by_sync: the sync hid it (gone from Printful, or Printful disconnected), so it comes back when
 * Printful offers it again; a product an admin hid stays hidden.
 */
export const printfulProducts = pgTable('printful_products', {
  printfulProductId: text('printful_product_id').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .unique()
    .references(() => products.id, { onDelete: 'cascade' }),
  hiddenBySync: boolean('hidden_by_sync').notNull().default(false),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which store variant a Printful sync variant became; fulfilment sends the sync variant's id. */
export const printfulVariants = pgTable(
  'printful_variants',
  {
    printfulVariantId: text('printful_variant_id').primaryKey(),
    printfulProductId: text('printful_product_id').notNull(),
    variantId: uuid('variant_id')
      .notNull()
      .unique()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Gone from Printful: the store variant is kept (past orders name it) but sold out. */
    removedUpstream: boolean('removed_upstream').notNull().default(false),
  },
  (table) => [
    // Named here: the generated name would pass PostgreSQL's 63-character limit and be cut short.
    foreignKey({
      name: 'printful_variants_product_fk',
      columns: [table.printfulProductId],
      foreignColumns: [printfulProducts.printfulProductId],
    }).onDelete('cascade'),
    index('printful_variants_product_idx').on(table.printfulProductId),
  ],
);

/**
 * One row per store order sent to Printful. The row is claimed by inserting it (the order id is the key), so
 * the order is sent once however often, and on however many instances, its paid event is handled.
 */
export const printfulOrders = pgTable(
  'printful_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order id as Printful's external_id (32 characters at most there, so without its dashes). */
    externalId: text('external_id').notNull().unique(),
    printfulOrderId: text('printful_order_id'),
    state: text('state', { enum: FULFILMENT_STATES }).notNull().default('sending'),
    printfulStatus: text('printful_status'),
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('printful_orders_state_check', sql`${table.state} in (${inList(FULFILMENT_STATES)})`),
    index('printful_orders_state_idx').on(table.state, table.updatedAt),
  ],
);
