import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A copy of a patient's record they asked for (My Account, "Download my record"): a job prepares a readable
 * PDF and a FHIR R4 bundle into the file store, then the row is ready and the patient downloads either.
 */
export const recordCopies = pgTable(
  'record_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'failed'] })
      .notNull()
      .default('preparing'),
    pdfKey: text('pdf_key'),
    bundleKey: text('bundle_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    check('record_copies_status_check', sql`${table.status} in ('preparing', 'ready', 'failed')`),
    check(
      'record_copies_ready_check',
      sql`${table.status} <> 'ready' or (${table.pdfKey} is not null and ${table.bundleKey} is not null)`,
    ),
    index('record_copies_patient_idx').on(table.patientId, table.createdAt),
  ],
);
