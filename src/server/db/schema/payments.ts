import { sql } from 'drizzle-orm';
import {
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
    /** An off-session charge of a saved card: the caller's key, so asking again makes no second intent. */
    idempotencyKey: text('idempotency_key').unique(),
    /** The saved card (test_setup_intents.payment_method_id) an off-session charge was made on. */
    paymentMethodId: text('payment_method_id'),
    /** Why the card refused an off-session charge, worded as Stripe's. */
    failureMessage: text('failure_message'),
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

/**
 * The built-in test provider's setup intents: a card saved for later, off-session charges. Confirming one keeps
 * what Stripe reports of a card (brand, last four digits, expiry) under a payment method id, and whether the
 * test card refuses charges made on it later (Stripe's 4000 0000 0000 0341 saves but then declines).
 */
export const testSetupIntents = pgTable(
  'test_setup_intents',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    customerId: text('customer_id').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded'] })
      .notNull()
      .default('requires_payment_method'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    paymentMethodId: text('payment_method_id').unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    declineMessage: text('decline_message'),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [statusCheck('test_setup_intents_status_check', ['requires_payment_method', 'succeeded'])],
);

/**
 * A patient's card on file: only what the provider reports of it (brand, last four digits, expiry) and its
 * ids there, with the patient's consent to be charged for sessions (when, and which wording). A removed card
 * keeps its row (charges name it) with removed_at set, and is detached at the provider.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    consentVersion: text('consent_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('saved_cards_last4_check', sql`last4 ~ '^[0-9]{4}$'`),
    check('saved_cards_exp_month_check', sql`exp_month between 1 and 12`),
    index('saved_cards_patient_idx').on(table.patientId).where(sql`removed_at is null`),
  ],
);

export const SAVED_CARD_CHARGE_STATUSES = ['pending', 'succeeded', 'declined', 'failed'] as const;

/**
 * One attempt to charge a saved card, under the idempotency key the caller sent: the same key answers the same
 * attempt, and an invoice has at most one attempt pending at a time (the partial unique index), so a double
 * click, a retry or two people charging at once make one charge. The payment itself is the ledger's row.
 */
export const savedCardCharges = pgTable(
  'saved_card_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => savedCards.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: SAVED_CARD_CHARGE_STATUSES }).notNull().default('pending'),
    providerIntentId: text('provider_intent_id'),
    failureMessage: text('failure_message'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    statusCheck('saved_card_charges_status_check', SAVED_CARD_CHARGE_STATUSES),
    check('saved_card_charges_amount_check', sql`amount_cents > 0`),
    uniqueIndex('saved_card_charges_pending_idx').on(table.invoiceId).where(sql`status = 'pending'`),
    index('saved_card_charges_invoice_idx').on(table.invoiceId, table.createdAt),
  ],
);
