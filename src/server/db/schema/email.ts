import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'kept', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('email_outbox_recipient_idx').on(table.recipient, table.createdAt)],
);
