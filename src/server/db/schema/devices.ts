import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The clinic's automatic sign-out (decision 0034): one row, the minutes of inactivity after which a session
 * of each role group stops working. Patients' and members' limit is off (null) unless an admin sets one.
 */
export const idleSignOutSettings = pgTable(
  'idle_sign_out_settings',
  {
    id: text('id').primaryKey().default('clinic'),
    /** Practitioners, staff and admins. */
    staffIdleMinutes: integer('staff_idle_minutes').notNull().default(30),
    /** Patients and members; null: no automatic sign-out. */
    patientIdleMinutes: integer('patient_idle_minutes'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('idle_sign_out_settings_single_check', sql`id = 'clinic'`),
    check('idle_sign_out_settings_staff_check', sql`staff_idle_minutes between 5 and 720`),
    check(
      'idle_sign_out_settings_patient_check',
      sql`patient_idle_minutes is null or patient_idle_minutes between 5 and 10080`,
    ),
  ],
);
