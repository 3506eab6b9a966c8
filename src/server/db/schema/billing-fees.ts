import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FEE_KINDS, FEE_STATUSES } from '../../../shared/billing-fees';
import { users } from './accounts';
import { invoices } from './billing';
import { inList } from './in-list';
import { appointments } from './scheduling';

/**
 * A late-cancellation or no-show fee (decision 0030): one per appointment and kind. Pending until the desk
 * applies it (its invoice) or waives it (who and why); the amount is the policy's at the time it arose.
 */
export const appointmentFees = pgTable(
  'appointment_fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FEE_KINDS }).notNull(),
    status: text('status', { enum: FEE_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    waiveReason: text('waive_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('appointment_fees_kind_check', sql`kind in (${inList(FEE_KINDS)})`),
    check('appointment_fees_status_check', sql`status in (${inList(FEE_STATUSES)})`),
    check('appointment_fees_amount_check', sql`amount_cents > 0`),
    check('appointment_fees_applied_check', sql`(status = 'applied') = (invoice_id is not null)`),
    check('appointment_fees_waived_check', sql`(status = 'waived') = (waive_reason is not null)`),
    uniqueIndex('appointment_fees_appointment_kind_idx').on(table.appointmentId, table.kind),
    index('appointment_fees_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);
