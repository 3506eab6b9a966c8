import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Which practitioners look after which patients; messaging and (later) patient records read it. */
export const careTeamAssignments = pgTable(
  'care_team_assignments',
  {
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.practitionerId, table.patientId] }),
    // The primary key serves "patients of a practitioner"; this one serves "practitioners of a patient".
    index('care_team_assignments_patient_idx').on(table.patientId),
  ],
);
