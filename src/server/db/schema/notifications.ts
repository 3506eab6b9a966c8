import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../../../shared/notifications';
import { users } from './accounts';
import { inList } from './in-list';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    actionUrl: text('action_url'),
    /** What the raising feature wants to keep (ids, never health content). */
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('notifications_type_check', sql`${table.type} in (${inList(NOTIFICATION_TYPES)})`),
    check('notifications_priority_check', sql`${table.priority} in (${inList(NOTIFICATION_PRIORITIES)})`),
    index('notifications_user_archived_created_idx').on(
      table.userId,
      table.archivedAt,
      table.createdAt.desc(),
    ),
  ],
);

/** One row per person and type they changed; a missing row means the defaults of the contract. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    desktop: boolean('desktop').notNull(),
    sound: boolean('sound').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.type] }),
    check('notification_preferences_type_check', sql`${table.type} in (${inList(NOTIFICATION_TYPES)})`),
  ],
);
