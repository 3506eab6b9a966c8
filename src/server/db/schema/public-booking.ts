import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PUBLIC_BOOKING_STATUSES } from '../../../shared/public-booking';
import { users } from './accounts';
import { appointments, serviceTypes } from './scheduling';

/** A PostgreSQL tstzrange, read back as its text form; derived from the two instants, nobody writes it. */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/**
 * A visitor's request to book through a practitioner's public page. `during` is derived from the two
 * instants; the migration adds an exclusion constraint on (practitioner_id, during) among pending requests,
 * so a pending request holds its time and two visitors racing for one slot cannot both wait for it.
 * `nonce` is signed into the visitor's manage link; changing it would void every link given out.
 */
export const publicBookingRequests = pgTable(
  'public_booking_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short code the visitor can quote on the phone, e.g. 'BK-7Q2M4X'. */
    reference: text('reference').notNull().unique(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    during: tstzrange('during').notNull().generatedAlwaysAs(sql`tstzrange(starts_at, ends_at, '[)')`),
    status: text('status', { enum: PUBLIC_BOOKING_STATUSES }).notNull().default('pending'),
    name: text('name').notNull(),
    /** Kept lower-case, as account emails are, so a patient is found by it whatever the visitor typed. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    reason: text('reason').notNull().default(''),
    /** The decline message, or the visitor's reason when they cancelled. */
    message: text('message'),
    patientId: uuid('patient_id').references(() => users.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'public_booking_requests_status_check',
      sql.raw(`status in (${PUBLIC_BOOKING_STATUSES.map((status) => `'${status}'`).join(', ')})`),
    ),
    check('public_booking_requests_order_check', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'public_booking_requests_declined_check',
      sql`${table.status} <> 'declined' or ${table.message} is not null`,
    ),
    // The clinic's lists, newest first: everyone's (staff) and one practitioner's.
    index('public_booking_requests_created_idx').on(table.createdAt, table.id),
    index('public_booking_requests_practitioner_created_idx').on(
      table.practitionerId,
      table.createdAt,
      table.id,
    ),
    // Pending counts and the pending requests that hold a practitioner's time.
    index('public_booking_requests_pending_idx')
      .on(table.practitionerId, table.startsAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Secrets the clinic generates for itself once and shares between its instances (the key that signs the
 * visitors' manage links when BOOKING_TOKEN_SECRET is not set). Named by purpose, never rotated here.
 */
export const signingSecrets = pgTable('signing_secrets', {
  purpose: text('purpose').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
