import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { BODY_REGIONS } from '../../../shared/exercises';
import { users } from './accounts';

/**
 * A file someone uploaded (an exercise's picture or video). The bytes live in the file store (local disk
 * outside the web root, or S3-compatible storage when configured) under storage_key; this row is what the
 * server checks before it serves them.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull().default(''),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('stored_files_size_check', sql`${table.byteSize} >= 0`)],
);

/**
 * An exercise of the clinic's library: the starter set shipped with the demo and the clinic's own. A
 * programme copies its dosage from these defaults; an archived exercise stays in the programmes that use it.
 */
export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    bodyRegion: text('body_region', { enum: BODY_REGIONS }).notNull(),
    instructions: text('instructions').notNull().default(''),
    defaultSets: smallint('default_sets'),
    defaultReps: smallint('default_reps'),
    defaultHoldSeconds: smallint('default_hold_seconds'),
    /** Times a day the exercise is done. */
    defaultTimesPerDay: smallint('default_times_per_day').notNull().default(1),
    /** Days a week the exercise is done. */
    defaultDaysPerWeek: smallint('default_days_per_week').notNull().default(7),
    mediaFileId: uuid('media_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** An https link to a picture or video elsewhere, when no file is uploaded. */
    mediaUrl: text('media_url'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    starter: boolean('starter').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('exercises_sets_check', sql`${table.defaultSets} is null or ${table.defaultSets} between 1 and 20`),
    check(
      'exercises_reps_check',
      sql`${table.defaultReps} is null or ${table.defaultReps} between 1 and 200`,
    ),
    check(
      'exercises_hold_check',
      sql`${table.defaultHoldSeconds} is null or ${table.defaultHoldSeconds} between 1 and 600`,
    ),
    check('exercises_times_check', sql`${table.defaultTimesPerDay} between 1 and 10`),
    check('exercises_days_check', sql`${table.defaultDaysPerWeek} between 1 and 7`),
    index('exercises_name_idx').on(table.name),
  ],
);

/**
 * The clinic's optional capabilities beyond the specification, one row, each off until an admin turns it on
 * (the demo clinic turns them on while nobody has saved the row).
 */
export const clinicFeatures = pgTable(
  'clinic_features',
  {
    id: text('id').primaryKey().default('clinic'),
    /** Home exercise programmes, check-ins and outcome measures. */
    careBetweenVisits: boolean('care_between_visits').notNull().default(false),
    /** FHIR R4 read endpoint, the whole-clinic export and the patient's downloadable copy of their record. */
    dataExchange: boolean('data_exchange').notNull().default(false),
    /** Video visits: the Telehealth page, video services and appointments, the call at /telehealth-session/. */
    videoVisits: boolean('video_visits').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('clinic_features_single_check', sql`id = 'clinic'`)],
);
