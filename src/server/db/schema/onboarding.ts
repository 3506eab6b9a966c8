import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A patient's way through the intake: which steps are saved, whether it was ever completed, and whether the
 * account itself was made by the flow (which decides patient_registered over patient_updated). The clinical
 * answers live in the patients record; only the recovery goals, which the record has no place for, live here.
 */
export const patientOnboarding = pgTable('patient_onboarding', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  completedSteps: text('completed_steps').array().notNull().default(sql`'{}'::text[]`),
  createdViaOnboarding: boolean('created_via_onboarding').notNull().default(false),
  mainConcern: text('main_concern'),
  goals: jsonb('goals').$type<string[]>().notNull().default([]),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  completionCount: integer('completion_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A consent signed by typing one's full name. Every signature is kept (signing again adds rows): the consents
 * in force are those of the latest signing, and the older ones stay for audit.
 */
export const patientConsents = pgTable(
  'patient_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['treatment', 'privacy', 'communication'] }).notNull(),
    title: text('title').notNull(),
    signedName: text('signed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (table) => [
    check('patient_consents_kind_check', sql`${table.kind} in ('treatment', 'privacy', 'communication')`),
    index('patient_consents_patient_idx').on(table.patientId, table.kind, table.signedAt),
  ],
);
