import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    ipAddress: text('ip_address'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_log_created_idx').on(table.createdAt),
    index('activity_log_actor_idx').on(table.actorId, table.createdAt),
    index('activity_log_entity_idx').on(table.entityType, table.entityId),
    // Entries about a patient that name them only in their details (their recovery notes): who opened my record.
    index('activity_log_details_patient_idx').on(table.entityType, sql`(${table.details}->>'patientId')`),
  ],
);
