import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text, trimmed, at most 5000 characters; shown as text, never as HTML. */
    content: text('content').notNull(),
    status: text('status', { enum: ['unread', 'read'] })
      .notNull()
      .default('unread'),
    readAt: timestamp('read_at', { withTimezone: true }),
    deliveryStatus: text('delivery_status', { enum: ['sent', 'delivered', 'read'] })
      .notNull()
      .default('sent'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('messages_status_check', sql`${table.status} in ('unread', 'read')`),
    check('messages_delivery_status_check', sql`${table.deliveryStatus} in ('sent', 'delivered', 'read')`),
    check('messages_not_to_self', sql`${table.senderId} <> ${table.recipientId}`),
    // Unread counts and "mark the conversation read".
    index('messages_recipient_status_idx').on(table.recipientId, table.status),
    // One conversation, newest first, from either side.
    index('messages_pair_created_idx').on(table.senderId, table.recipientId, table.createdAt),
    index('messages_pair_reverse_created_idx').on(table.recipientId, table.senderId, table.createdAt),
    // Everything a person sent or received, newest first (the list and the conversations).
    index('messages_sender_created_idx').on(table.senderId, table.createdAt),
    index('messages_recipient_created_idx').on(table.recipientId, table.createdAt),
  ],
);
