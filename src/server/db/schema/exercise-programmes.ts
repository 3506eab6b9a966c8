import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROGRAMME_STATUSES } from '../../../shared/vocabulary/exercise-programmes';
import { users } from './accounts';
import { exercises } from './exercises';
import { inList } from './in-list';

/** What a programme's exercise asks of the patient; shared by programme items and saved templates. */
export type ProgrammeDosage = {
  exerciseId: string;
  sets: number | null;
  reps: number | null;
  holdSeconds: number | null;
  timesPerDay: number;
  daysPerWeek: number;
  notes: string;
};

/**
 * A home exercise programme (FHIR CarePlan, intent 'plan'): one patient, the practitioner who prescribed it,
 * its period (start to review) and its status. The exercises live in versions; the patient sees the current one.
 * weekly_sessions is the current version's prescribed check-ins a week (Σ days per week), kept here so the
 * adherence list never joins the items.
 */
export const exerciseProgrammes = pgTable(
  'exercise_programmes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startDate: date('start_date').notNull(),
    reviewDate: date('review_date'),
    status: text('status', { enum: PROGRAMME_STATUSES }).notNull().default('active'),
    currentVersion: integer('current_version').notNull().default(1),
    weeklySessions: integer('weekly_sessions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('exercise_programmes_status_check', sql`${table.status} in (${inList(PROGRAMME_STATUSES)})`),
    check(
      'exercise_programmes_review_check',
      sql`${table.reviewDate} is null or ${table.reviewDate} >= ${table.startDate}`,
    ),
    index('exercise_programmes_patient_idx').on(table.patientId, table.createdAt.desc()),
    // The adherence list: a patient's active programmes and their prescribed sessions, without the heap.
    index('exercise_programmes_active_idx')
      .on(table.patientId, table.startDate, table.weeklySessions)
      .where(sql`${table.status} = 'active'`),
  ],
);

/** Every change to a programme's exercises is a new version; older ones stay as they were (CarePlan history). */
export const exerciseProgrammeVersions = pgTable(
  'exercise_programme_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => exerciseProgrammes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('exercise_programme_versions_number_unique').on(table.programmeId, table.version)],
);

/** One exercise of one version, in order, with its dosage (CarePlan.activity.detail). */
export const exerciseProgrammeItems = pgTable(
  'exercise_programme_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => exerciseProgrammeVersions.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
    sets: smallint('sets'),
    reps: smallint('reps'),
    holdSeconds: smallint('hold_seconds'),
    timesPerDay: smallint('times_per_day').notNull(),
    daysPerWeek: smallint('days_per_week').notNull(),
    notes: text('notes').notNull().default(''),
  },
  (table) => [
    unique('exercise_programme_items_position_unique').on(table.versionId, table.position),
    check(
      'exercise_programme_items_sets_check',
      sql`${table.sets} is null or ${table.sets} between 1 and 20`,
    ),
    check(
      'exercise_programme_items_reps_check',
      sql`${table.reps} is null or ${table.reps} between 1 and 200`,
    ),
    check(
      'exercise_programme_items_hold_check',
      sql`${table.holdSeconds} is null or ${table.holdSeconds} between 1 and 600`,
    ),
    check('exercise_programme_items_times_check', sql`${table.timesPerDay} between 1 and 10`),
    check('exercise_programme_items_days_check', sql`${table.daysPerWeek} between 1 and 7`),
  ],
);

/** A practitioner's saved list of exercises and dosages, to start a programme from. */
export const exerciseProgrammeTemplates = pgTable(
  'exercise_programme_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    items: jsonb('items').$type<ProgrammeDosage[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('exercise_programme_templates_name_idx').on(table.name)],
);

/**
 * The patient's daily check-in for one exercise of a programme on one clinic day: done or not, how hard
 * (0-10), pain (0-10) and a note. One row per programme, exercise and day; a second check-in that day
 * replaces the first. item_id names the version's item the patient saw.
 */
export const exerciseLogs = pgTable(
  'exercise_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    programmeId: uuid('programme_id')
      .notNull()
      .references(() => exerciseProgrammes.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => exerciseProgrammeItems.id, { onDelete: 'set null' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id, { onDelete: 'restrict' }),
    clinicDay: date('clinic_day').notNull(),
    done: boolean('done').notNull(),
    difficulty: smallint('difficulty'),
    pain: smallint('pain'),
    note: text('note').notNull().default(''),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('exercise_logs_day_unique').on(table.programmeId, table.exerciseId, table.clinicDay),
    check(
      'exercise_logs_difficulty_check',
      sql`${table.difficulty} is null or ${table.difficulty} between 0 and 10`,
    ),
    check('exercise_logs_pain_check', sql`${table.pain} is null or ${table.pain} between 0 and 10`),
    // A patient's check-ins by day (My Exercises, the panel's trend).
    index('exercise_logs_patient_day_idx').on(table.patientId, table.clinicDay),
    index('exercise_logs_programme_day_idx').on(table.programmeId, table.clinicDay),
  ],
);

/**
 * Per patient and clinic day: check-ins done and the pain scores given, kept in the transaction that writes
 * a check-in. The practitioner's worsening list reads 14 of these per patient instead of every check-in.
 */
export const exerciseLogDays = pgTable(
  'exercise_log_days',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clinicDay: date('clinic_day').notNull(),
    doneCount: integer('done_count').notNull().default(0),
    painSum: integer('pain_sum').notNull().default(0),
    painCount: integer('pain_count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.patientId, table.clinicDay] }),
    // The worsening list: every patient's figures of the last two weeks as one range, read from the index
    // alone (10,000 patients: 140,000 entries instead of a scan of the table, bench/README.md).
    index('exercise_log_days_day_idx').on(
      table.clinicDay,
      table.patientId,
      table.doneCount,
      table.painSum,
      table.painCount,
    ),
  ],
);

/**
 * Per patient: the worsening list's two windows of days (the 7 clinic days up to `window_to` and the 7 before),
 * summed from exercise_log_days by a job each clinic night. A check-in is written for the current clinic day
 * only, so past days never change once summed: the list reads one row a patient instead of fourteen. A patient
 * whose row is for another `window_to` (a programme given today, a night the job has not run) is summed from
 * the day rows as the list reads it.
 */
export const exerciseAdherenceWindows = pgTable('exercise_adherence_windows', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowTo: date('window_to').notNull(),
  doneNow: integer('done_now').notNull().default(0),
  doneBefore: integer('done_before').notNull().default(0),
  painSumNow: integer('pain_sum_now').notNull().default(0),
  painCountNow: integer('pain_count_now').notNull().default(0),
  painSumBefore: integer('pain_sum_before').notNull().default(0),
  painCountBefore: integer('pain_count_before').notNull().default(0),
});

/** When the patient wants their daily reminder (clinic time), and whether by email too. */
export const exerciseReminders = pgTable(
  'exercise_reminders',
  {
    patientId: uuid('patient_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    /** HH:MM, clinic time. */
    timeOfDay: text('time_of_day').notNull(),
    email: boolean('email').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('exercise_reminders_time_check', sql`${table.timeOfDay} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
