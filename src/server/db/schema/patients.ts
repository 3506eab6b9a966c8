import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A patient's clinical record, one per patient account. A trigger (migration 0003) creates it whenever an
 * account becomes a patient, however it was made (registration, staff, the CLI, the seed), so every list
 * and join can rely on it existing.
 */
export const patients = pgTable(
  'patients',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    sex: text('sex'),
    gender: text('gender'),
    phone: text('phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    region: text('region'),
    postalCode: text('postal_code'),
    country: text('country'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactRelationship: text('emergency_contact_relationship'),
    emergencyContactPhone: text('emergency_contact_phone'),
    insuranceProvider: text('insurance_provider'),
    insurancePolicyNumber: text('insurance_policy_number'),
    insuranceGroupNumber: text('insurance_group_number'),
    medicalHistory: text('medical_history'),
    allergies: text('allergies'),
    medications: text('medications'),
    status: text('status', { enum: ['active', 'inactive', 'discharged'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('patients_status_check', sql`${table.status} in ('active', 'inactive', 'discharged')`),
    // The list sorted by date added, in either direction, optionally within one status.
    index('patients_created_idx').on(table.createdAt, table.userId),
    index('patients_status_created_idx').on(table.status, table.createdAt, table.userId),
    // Search by any part of a phone number.
    index('patients_phone_trgm_idx').using('gin', sql`${table.phone} gin_trgm_ops`),
  ],
);
