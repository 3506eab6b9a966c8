import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DONATION_STATUSES } from '../../../shared/donations';
import { users } from './accounts';

const statusCheck = (name: string, statuses: readonly string[]) =>
  check(name, sql.raw(`status in (${statuses.map((status) => `'${status}'`).join(', ')})`));

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

export const PAYMENT_STATUSES = ['succeeded', 'refunded'] as const;

/** One row per succeeded payment intent, whatever it paid for; the unique intent id makes recording idempotent. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerIntentId: text('provider_intent_id').notNull().unique(),
    purpose: text('purpose', { enum: ['donation'] }).notNull(),
    /** The donation (or later invoice) the payment is for. */
    referenceId: uuid('reference_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    cardLast4: text('card_last4'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('succeeded'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    statusCheck('payments_status_check', PAYMENT_STATUSES),
    check('payments_amount_check', sql`amount_cents > 0`),
    index('payments_created_idx').on(table.createdAt),
    index('payments_reference_idx').on(table.referenceId),
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
