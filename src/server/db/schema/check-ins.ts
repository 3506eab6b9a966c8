import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHECK_IN_REASONS, CHECK_IN_STATUSES, SCHEDULE_TRIGGERS } from '../../../shared/check-ins';
import { type MeasureAnswer, OUTCOME_MEASURE_CODES } from '../../../shared/outcome-measures';
import { users } from './accounts';
import { inList } from './in-list';
import { appointments, serviceTypes } from './scheduling';

/**
 * When a measure is sent by itself: for one patient (set by their practitioner) or for everyone booked for a
 * service (set by staff or an admin). every_visits and every_weeks carry their interval.
 */
export const checkInSchedules = pgTable(
  'check_in_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id').references(() => users.id, { onDelete: 'cascade' }),
    serviceTypeId: uuid('service_type_id').references(() => serviceTypes.id, { onDelete: 'cascade' }),
    measure: text('measure', { enum: OUTCOME_MEASURE_CODES }).notNull(),
    trigger: text('trigger', { enum: SCHEDULE_TRIGGERS }).notNull(),
    interval: smallint('interval'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'check_in_schedules_owner_check',
      sql`(${table.patientId} is null) <> (${table.serviceTypeId} is null)`,
    ),
    check('check_in_schedules_measure_check', sql`${table.measure} in (${inList(OUTCOME_MEASURE_CODES)})`),
    check('check_in_schedules_trigger_check', sql`${table.trigger} in (${inList(SCHEDULE_TRIGGERS)})`),
    check(
      'check_in_schedules_interval_check',
      sql`(${table.trigger} in ('every_visits', 'every_weeks')) = (${table.interval} is not null) and (${table.interval} is null or ${table.interval} between 1 and 52)`,
    ),
    index('check_in_schedules_patient_idx').on(table.patientId),
    index('check_in_schedules_service_idx').on(table.serviceTypeId),
  ],
);

/**
 * A measure sent to a patient (a FHIR Task): due until answered. `occasion` names what sent it (a schedule and
 * an appointment, a week number) so the same occasion never sends twice, whichever instance sees it first.
 * Its answers are a row of check_in_responses.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measure: text('measure', { enum: OUTCOME_MEASURE_CODES }).notNull(),
    reason: text('reason', { enum: CHECK_IN_REASONS }).notNull(),
    status: text('status', { enum: CHECK_IN_STATUSES }).notNull().default('due'),
    scheduleId: uuid('schedule_id').references(() => checkInSchedules.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    occasion: text('occasion'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('check_ins_measure_check', sql`${table.measure} in (${inList(OUTCOME_MEASURE_CODES)})`),
    check('check_ins_reason_check', sql`${table.reason} in (${inList(CHECK_IN_REASONS)})`),
    check('check_ins_status_check', sql`${table.status} in (${inList(CHECK_IN_STATUSES)})`),
    uniqueIndex('check_ins_occasion_idx').on(table.occasion),
    index('check_ins_patient_idx').on(table.patientId, table.createdAt),
  ],
);

/**
 * A patient's answers to one check-in (a FHIR QuestionnaireResponse) and the measure's score of them (an
 * Observation). One per check-in; the score is kept as scored then, so a later change of scoring never
 * rewrites a patient's history.
 */
export const checkInResponses = pgTable(
  'check_in_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkInId: uuid('check_in_id')
      .notNull()
      .unique()
      .references(() => checkIns.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measure: text('measure', { enum: OUTCOME_MEASURE_CODES }).notNull(),
    answers: jsonb('answers').$type<MeasureAnswer[]>().notNull(),
    score: doublePrecision('score').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('check_in_responses_patient_idx').on(table.patientId, table.measure, table.completedAt)],
);

/**
 * A practitioner's discharge of a patient from between-visit check-ins, one row each time: the rule that ends
 * a patient's every-N-weeks cycles reads it (the activity log keeps the same event as a record only).
 */
export const checkInDischarges = pgTable(
  'check_in_discharges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dischargedAt: timestamp('discharged_at', { withTimezone: true }).notNull().defaultNow(),
    dischargedBy: uuid('discharged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('check_in_discharges_patient_idx').on(table.patientId, table.dischargedAt)],
);
