import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DONATION_STATUSES } from '../../../shared/donations';
import { users } from './accounts';
import { inList } from './in-list';

const statusCheck = (name: string, statuses: readonly string[]) =>
  check(name, sql`status in (${inList(statuses)})`);

/**
 * The built-in test provider's payment intents, kept here so they hold across instances and restarts. Only a
 * hash of the client secret's random part is kept, and of a card only its last four digits.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded'] })
      .notNull()
      .default('requires_payment_method'),
    cardLast4: text('card_last4'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    statusCheck('test_payment_intents_status_check', ['requires_payment_method', 'succeeded']),
    check('test_payment_intents_amount_check', sql`amount_cents > 0`),
  ],
);

export const PAYMENT_STATUSES = ['succeeded', 'partially_refunded', 'refunded'] as const;
export const PAYMENT_METHODS = ['card', 'cash', 'cheque'] as const;
export const PAYMENT_PURPOSES = ['donation', 'invoice', 'order', 'event'] as const;

/**
 * The clinic's ledger: one row per payment received, whatever it paid for and however it was paid. A card
 * payment through the provider carries its intent id, and the unique intent id makes recording idempotent (a
 * second confirm, a racing one or a late webhook adds nothing). Cash, cheque and card-at-the-desk payments that
 * staff record have no provider and no intent. Refunds are rows of payment_refunds; refunded_cents is their sum.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['stripe', 'test'] }),
    providerIntentId: text('provider_intent_id').unique(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('card'),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    /** The donation or invoice the payment is for. */
    referenceId: uuid('reference_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    cardLast4: text('card_last4'),
    /** A cheque's number or the desk's note; never card data. */
    reference: text('reference'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('succeeded'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Who recorded a payment taken at the desk; null when the payer paid online. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    statusCheck('payments_status_check', PAYMENT_STATUSES),
    check('payments_amount_check', sql`amount_cents > 0`),
    check('payments_refunded_check', sql`refunded_cents >= 0 and refunded_cents <= amount_cents`),
    check('payments_method_check', sql.raw(`method in (${PAYMENT_METHODS.map((m) => `'${m}'`).join(', ')})`)),
    check(
      'payments_purpose_check',
      sql.raw(`purpose in (${PAYMENT_PURPOSES.map((p) => `'${p}'`).join(', ')})`),
    ),
    check('payments_provider_check', sql`(provider is null) = (provider_intent_id is null)`),
    index('payments_created_idx').on(table.createdAt),
    index('payments_reference_idx').on(table.referenceId),
  ],
);

/** One refund of a payment (a payment may be refunded in parts); made through the provider for card payments. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('payment_refunds_amount_check', sql`amount_cents > 0`),
    index('payment_refunds_payment_idx').on(table.paymentId),
    index('payment_refunds_created_idx').on(table.createdAt),
  ],
);

/** A donation through the Donate dialog: pending until its payment intent succeeds, then paid, maybe refunded. */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in donor, null for a visitor. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: DONATION_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    statusCheck('donations_status_check', DONATION_STATUSES),
    check('donations_amount_check', sql`amount_cents >= 100`),
    index('donations_created_idx').on(table.createdAt, table.id),
    index('donations_user_idx').on(table.userId, table.createdAt),
    index('donations_paid_idx').on(table.paidAt),
  ],
);
