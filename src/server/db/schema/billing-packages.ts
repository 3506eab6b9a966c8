import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { serviceTypes } from './scheduling';

/**
 * A package of sessions the clinic sells (its catalogue): a number of sessions of the services it covers, for
 * one price. Only an admin defines them; a package once sold is retired (inactive), not deleted.
 */
export const sessionPackages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    sessions: integer('sessions').notNull(),
    priceCents: integer('price_cents').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('packages_sessions_check', sql`sessions between 1 and 100`),
    check('packages_price_check', sql`price_cents >= 0`),
  ],
);

/** The services whose sessions a package covers. */
export const packageServices = pgTable(
  'package_services',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => sessionPackages.id, { onDelete: 'cascade' }),
    serviceTypeId: uuid('service_type_id')
      .notNull()
      .references(() => serviceTypes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.serviceTypeId] }),
    index('package_services_service_idx').on(table.serviceTypeId),
  ],
);
