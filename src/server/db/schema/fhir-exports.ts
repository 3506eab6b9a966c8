import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** One NDJSON file of an export: a resource type, where its bytes are, and how many resources it holds. */
export type FhirExportFile = { type: string; key: string; count: number };

/**
 * A whole-clinic FHIR export an admin started (FHIR Bulk Data layout: one NDJSON file per resource type),
 * run by a job that counts patients done as it goes.
 */
export const fhirExports = pgTable(
  'fhir_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    patientsTotal: integer('patients_total').notNull().default(0),
    patientsDone: integer('patients_done').notNull().default(0),
    files: jsonb('files').$type<FhirExportFile[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('fhir_exports_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
    check('fhir_exports_progress_check', sql`${table.patientsDone} between 0 and ${table.patientsTotal}`),
  ],
);
