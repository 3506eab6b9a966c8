import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * One CSV import an admin confirmed: the file as sent (the job reads it from here, so a restart resumes it),
 * the column mapping, and its progress and summary.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['patients', 'appointments'] }).notNull(),
    fileName: text('file_name').notNull(),
    source: text('source').notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'undone'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    check('import_runs_kind_check', sql`${table.kind} in ('patients', 'appointments')`),
    check(
      'import_runs_status_check',
      sql`${table.status} in ('queued', 'running', 'done', 'failed', 'undone')`,
    ),
    index('import_runs_created_idx').on(table.createdAt),
  ],
);

/** What a run created (never what it matched), so that undoing it removes exactly that. */
export const importItems = pgTable(
  'import_items',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.entityId] })],
);
