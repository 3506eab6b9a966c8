import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { INVOICE_STATUSES } from '../../../shared/billing';
import { users } from './accounts';
import { sessionPackages } from './billing-packages';
import { inList } from './in-list';
import { appointments, serviceTypes } from './scheduling';
import { productVariants } from './store';

/**
 * An invoice to a patient. A draft has no number; sending takes the next number from invoice_counters in the
 * same transaction, so numbers have no gaps (a rolled-back send gives its number back). Amounts are integer
 * cents; subtotal, discount, tax and total are computed by the server from the lines and kept, so that a
 * later change of the tax rate never rewrites an invoice already sent.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** INV-000123, given when the invoice is first sent. */
    number: text('number').unique(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    practitionerId: uuid('practitioner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull().default('usd'),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Tax rate in basis points (825 = 8.25 %), copied from the billing settings when the draft is made. */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** Sum of payments received less refunds; kept in step with invoice_payments in the same transaction. */
    paidCents: integer('paid_cents').notNull().default(0),
    notes: text('notes').notNull().default(''),
    voidReason: text('void_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (table) => [
    check('invoices_status_check', sql`${table.status} in (${inList(INVOICE_STATUSES)})`),
    check('invoices_amounts_check', sql`subtotal_cents >= 0 and discount_cents >= 0 and tax_cents >= 0`),
    check('invoices_total_check', sql`total_cents = subtotal_cents - discount_cents + tax_cents`),
    check('invoices_discount_check', sql`discount_cents <= subtotal_cents`),
    check('invoices_paid_check', sql`paid_cents >= 0 and paid_cents <= total_cents`),
    check('invoices_number_check', sql`status = 'draft' or number is not null`),
    check('invoices_void_check', sql`status <> 'void' or void_reason is not null`),
    index('invoices_patient_idx').on(table.patientId, table.createdAt),
    index('invoices_practitioner_idx').on(table.practitionerId, table.createdAt),
    index('invoices_created_idx').on(table.createdAt, table.id),
    // Open invoices by due date: the overdue job (sent and partially paid ones past due) and the receivables
    // report (every open one) read only these, however many paid invoices the years pile up.
    index('invoices_open_due_idx')
      .on(table.dueDate)
      .where(sql`${table.status} in ('sent', 'partially_paid', 'overdue')`),
    // The revenue report: invoices issued in a range of days.
    index('invoices_issue_idx').on(table.issueDate),
  ],
);

/**
 * One line of an invoice. A line made from a completed appointment claims it: the partial unique index lets
 * an appointment be billed once. Voiding an invoice releases its claims (appointment_id is cleared, and
 * billed_appointment_id keeps the history) so that the session can be billed again.
 */
export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    serviceTypeId: uuid('service_type_id').references(() => serviceTypes.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    billedAppointmentId: uuid('billed_appointment_id'),
    /** A product from the store (checkout): its text and price were copied from the catalogue. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /**
     * Whether the line holds its quantity off the variant's stock: set when it was taken with the lines, cleared
     * when it is given back (void, the line removed), so that it goes back exactly once.
     */
    stockTaken: boolean('stock_taken').notNull().default(false),
    /** A package sold on this line: issuing the invoice gives the patient the package (patient_packages). */
    packageId: uuid('package_id').references(() => sessionPackages.id, { onDelete: 'restrict' }),
  },
  (table) => [
    check('invoice_line_items_quantity_check', sql`quantity > 0`),
    check('invoice_line_items_price_check', sql`unit_price_cents >= 0`),
    check('invoice_line_items_amount_check', sql`amount_cents = quantity * unit_price_cents`),
    index('invoice_line_items_invoice_idx').on(table.invoiceId, table.position),
    uniqueIndex('invoice_line_items_appointment_idx')
      .on(table.appointmentId)
      .where(sql`${table.appointmentId} is not null`),
  ],
);

/** The next invoice number, one row per series ('invoice'); locked by the send that takes it. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  nextValue: integer('next_value').notNull().default(1),
});

/** The clinic's billing settings: one row, id 'clinic'. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: text('id').primaryKey().default('clinic'),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /**
     * The clinic's payment policy (decision 0029). Session billing (checkout, unbilled sessions, cards on file,
     * fees) is off until an admin turns it on; the fees apply only while it is on.
     */
    sessionBilling: boolean('session_billing').notNull().default(false),
    lateCancelWindowHours: integer('late_cancel_window_hours').notNull().default(24),
    lateCancelFeeCents: integer('late_cancel_fee_cents').notNull().default(0),
    noShowFeeCents: integer('no_show_fee_cents').notNull().default(0),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('billing_settings_single_check', sql`id = 'clinic'`),
    check('billing_settings_tax_check', sql`tax_rate_basis_points between 0 and 5000`),
    check('billing_settings_terms_check', sql`payment_terms_days between 0 and 365`),
    check('billing_settings_window_check', sql`late_cancel_window_hours between 0 and 168`),
    check('billing_settings_fees_check', sql`late_cancel_fee_cents >= 0 and no_show_fee_cents >= 0`),
  ],
);
