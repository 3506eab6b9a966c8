import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FunctionalGoal, RecoveryNoteContent } from '../../../shared/recovery-notes';
import { users } from './accounts';

/**
 * A recovery (SOAP) note about a patient, written by a practitioner. A draft is edited in place; once signed
 * the row holds the current version and every later change is a row of recovery_note_amendments.
 */
export const recoveryNotes = pgTable(
  'recovery_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No foreign key: the service links only the author's own appointment with the note's patient.
    appointmentId: uuid('appointment_id'),
    subjective: text('subjective').notNull().default(''),
    objective: text('objective').notNull().default(''),
    assessment: text('assessment').notNull().default(''),
    plan: text('plan').notNull().default(''),
    painScore: smallint('pain_score'),
    goals: jsonb('goals').$type<FunctionalGoal[]>().notNull().default([]),
    status: text('status', { enum: ['draft', 'signed'] })
      .notNull()
      .default('draft'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    sharedWithPatient: boolean('shared_with_patient').notNull().default(false),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    amendmentCount: integer('amendment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('recovery_notes_status_check', sql`${table.status} in ('draft', 'signed')`),
    check('recovery_notes_pain_score_check', sql`${table.painScore} between 0 and 10`),
    // A signed note always says who signed it and when.
    check('recovery_notes_signed_check', sql`${table.status} = 'draft' or ${table.signedAt} is not null`),
    // Newest first, for everyone, one patient, or one practitioner (keyset on created_at, id).
    index('recovery_notes_created_idx').on(table.createdAt, table.id),
    index('recovery_notes_patient_created_idx').on(table.patientId, table.createdAt, table.id),
    index('recovery_notes_practitioner_created_idx').on(table.practitionerId, table.createdAt, table.id),
  ],
);

/** A change to a signed note: the values it replaced and the ones it set, who made it and why. */
export const recoveryNoteAmendments = pgTable(
  'recovery_note_amendments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noteId: uuid('note_id')
      .notNull()
      .references(() => recoveryNotes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    changes: jsonb('changes').$type<Partial<RecoveryNoteContent>>().notNull(),
    previous: jsonb('previous').$type<Partial<RecoveryNoteContent>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_note_amendments_note_idx').on(table.noteId, table.createdAt)],
);

/** The clinic's note templates: starter text for each SOAP section. The migration adds the first ones. */
export const recoveryNoteTemplates = pgTable('recovery_note_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  subjective: text('subjective').notNull().default(''),
  objective: text('objective').notNull().default(''),
  assessment: text('assessment').notNull().default(''),
  plan: text('plan').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});
