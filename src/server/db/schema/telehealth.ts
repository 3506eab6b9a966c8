import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CALL_ROLES, CALL_STATES } from '../../../shared/telehealth';
import { users } from './accounts';
import { inList } from './in-list';
import { appointments } from './scheduling';

/**
 * A video visit's call: where it stands and when it last started and ended. Nothing of the call itself (media,
 * chat) is ever stored; who joined and left goes to the activity log.
 */
export const telehealthCalls = pgTable(
  'telehealth_calls',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    state: text('state', { enum: CALL_STATES }).notNull().default('not_started'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('telehealth_calls_state_check', sql`${table.state} in (${inList(CALL_STATES)})`)],
);

/**
 * The people of a call beyond the appointment's two parties' implicit place: a row for the patient once they
 * come (their admission), and one per staff member the practitioner invited. The host's row says they came.
 */
export const telehealthCallPeople = pgTable(
  'telehealth_call_people',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: CALL_ROLES }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.appointmentId, table.userId] }),
    check('telehealth_call_people_role_check', sql`${table.role} in (${inList(CALL_ROLES)})`),
    index('telehealth_call_people_user_idx').on(table.userId),
  ],
);

/**
 * Who is on a call's page now: one row per open socket that joined it, on whichever instance holds the socket,
 * so that every instance draws the same presence. Removed on leave and when the socket closes; renewed while
 * the socket is open (seen_at).
 */
export const telehealthPresence = pgTable(
  'telehealth_presence',
  {
    socketId: uuid('socket_id').notNull(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Renewed by the instance holding the socket while it is open; a row not renewed for a while belongs to an
     * instance that went away without closing its sockets, and counts for nothing.
     */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.socketId, table.appointmentId] }),
    index('telehealth_presence_appointment_idx').on(table.appointmentId, table.userId),
  ],
);
