import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { invoiceLineItems, invoices } from './billing';
import { sessionPackages } from './billing-packages';
import { appointments } from './scheduling';

/**
 * A package a patient holds: made when the invoice whose line sold it is issued (one per line), with the
 * number of sessions copied from the catalogue then. `sessions_used` moves with package_uses in the same
 * transaction, under a conditional update, so two sessions completed at once never use more than it holds.
 */
export const patientPackages = pgTable(
  'patient_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => sessionPackages.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    invoiceLineId: uuid('invoice_line_id')
      .notNull()
      .references(() => invoiceLineItems.id, { onDelete: 'cascade' }),
    sessionsTotal: integer('sessions_total').notNull(),
    sessionsUsed: integer('sessions_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('patient_packages_sessions_check', sql`sessions_used between 0 and sessions_total`),
    uniqueIndex('patient_packages_line_idx').on(table.invoiceLineId),
    index('patient_packages_patient_idx').on(table.patientId, table.createdAt),
    index('patient_packages_invoice_idx').on(table.invoiceId),
  ],
);

/** One completed session a package covered: an appointment uses at most one session of one package. */
export const packageUses = pgTable(
  'package_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientPackageId: uuid('patient_package_id')
      .notNull()
      .references(() => patientPackages.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('package_uses_appointment_idx').on(table.appointmentId),
    index('package_uses_package_idx').on(table.patientPackageId),
  ],
);
