import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import { users } from './accounts';
import { inList } from './in-list';

/** 'HH:MM' on a 24-hour clock, '24:00' as the end of a day; compared as text, which sorts like time. */
const clockTime = (column: string) => sql.raw(`${column} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'`);

/** A PostgreSQL tstzrange, read back as its text form; the appointments table derives it, nobody writes it. */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/** What the clinic offers: each appointment is one of these. Retired ones stay for the appointments they name. */
export const serviceTypes = pgTable(
  'service_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    colour: text('colour').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    /** Held as a video visit when the clinic has video visits on; its appointments take it at booking. */
    isVideo: boolean('is_video').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('service_types_name_idx').on(sql`lower(${table.name})`),
    check('service_types_duration_check', sql`${table.durationMinutes} between 5 and 480`),
    check('service_types_price_check', sql`${table.priceCents} >= 0`),
    check('service_types_colour_check', sql`${table.colour} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
);

/** A practitioner's booking settings; a practitioner without a row works under the contract's defaults. */
export const practitionerSchedules = pgTable(
  'practitioner_schedules',
  {
    practitionerId: uuid('practitioner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default(CLINIC_TIME_ZONE),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    horizonDays: integer('horizon_days').notNull().default(60),
    autoConfirm: boolean('auto_confirm').notNull().default(false),
    /** The slug of /book/{bookingLink}; none until the practitioner publishes one. */
    bookingLink: text('booking_link').unique(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('practitioner_schedules_notice_check', sql`${table.minNoticeMinutes} >= 0`),
    check('practitioner_schedules_buffer_check', sql`${table.bufferMinutes} >= 0`),
    check('practitioner_schedules_horizon_check', sql`${table.horizonDays} >= 1`),
  ],
);

/** The hours a practitioner works on a weekday (0 Sunday to 6 Saturday) in their time zone; several per day. */
export const weeklyHours = pgTable(
  'weekly_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (table) => [
    check('weekly_hours_weekday_check', sql`${table.weekday} between 0 and 6`),
    check('weekly_hours_start_check', clockTime('start_time')),
    check('weekly_hours_end_check', clockTime('end_time')),
    check('weekly_hours_order_check', sql`${table.endTime} > ${table.startTime}`),
    index('weekly_hours_practitioner_idx').on(table.practitionerId, table.weekday),
  ],
);

/**
 * A day that differs from the week, in the practitioner's time zone: rows with hours open that day in those
 * hours only; a single row without hours closes it.
 */
export const dateOverrides = pgTable(
  'date_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
  },
  (table) => [
    check(
      'date_overrides_hours_check',
      sql`(${table.startTime} is null and ${table.endTime} is null) or (${table.startTime} is not null and ${table.endTime} is not null and ${table.endTime} > ${table.startTime})`,
    ),
    check('date_overrides_start_check', sql`${table.startTime} is null or ${clockTime('start_time')}`),
    check('date_overrides_end_check', sql`${table.endTime} is null or ${clockTime('end_time')}`),
    index('date_overrides_practitioner_date_idx').on(table.practitionerId, table.date),
  ],
);

/** A stretch a practitioner is away (holiday, training), as instants. */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('time_off_order_check', sql`${table.endsAt} > ${table.startsAt}`),
    index('time_off_practitioner_starts_idx').on(table.practitionerId, table.startsAt),
  ],
);

/**
 * A patient's session with a practitioner. `during` is derived from the two instants; the migration adds an
 * exclusion constraint on (practitioner_id, during) among active statuses, so the database itself refuses a
 * double booking however many requests race for one slot.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    during: tstzrange('during').notNull().generatedAlwaysAs(sql`tstzrange(starts_at, ends_at, '[)')`),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('scheduled'),
    notes: text('notes').notNull().default(''),
    /** A video visit (shown as one, with its join link, only while the clinic has video visits on). */
    isVideo: boolean('is_video').notNull().default(false),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** The status a no-show was marked from, so that taking the mark back restores it (null otherwise). */
    noShowFrom: text('no_show_from', { enum: ['scheduled', 'confirmed'] }),
    /**
     * Whether an invoice line or a package use claims the session. Kept by triggers on invoice_line_items and
     * package_uses (migration 0027), never written by the app: the unbilled view reads it from an index.
     */
    billed: boolean('billed').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('appointments_status_check', sql`${table.status} in (${inList(APPOINTMENT_STATUSES)})`),
    check('appointments_order_check', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'appointments_cancelled_check',
      sql`${table.status} <> 'cancelled' or ${table.cancellationReason} is not null`,
    ),
    check(
      'appointments_no_show_from_check',
      sql`${table.noShowFrom} is null or ${table.noShowFrom} in ('scheduled', 'confirmed')`,
    ),
    // The calendar's week for one practitioner, and for everyone (staff), walk these by start.
    index('appointments_practitioner_starts_idx').on(table.practitionerId, table.startsAt),
    index('appointments_starts_idx').on(table.startsAt, table.id),
    // A patient's own lists and their record's appointments.
    index('appointments_patient_starts_idx').on(table.patientId, table.startsAt),
    // The unbilled sessions view walks the completed, unclaimed sessions of a window by start; the columns it
    // joins on ride along, so neither its page nor its totals read the table itself.
    index('appointments_unbilled_starts_idx')
      .on(table.startsAt, table.id, table.patientId, table.practitionerId, table.serviceTypeId)
      .where(sql`${table.status} = 'completed' and not ${table.billed}`),
  ],
);

/**
 * Background work, claimed with FOR UPDATE SKIP LOCKED so that any number of server instances share it and
 * each job runs once. `key` makes a job unique (one reminder per appointment).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('jobs_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    index('jobs_due_idx').on(table.runAt).where(sql`${table.status} = 'queued'`),
  ],
);

/**
 * A person's private calendar feed (iCal): the address carries a random token, only its hash is kept, and
 * revoking deletes the row so the address stops answering. One per person; a new one replaces the old.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
