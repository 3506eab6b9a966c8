import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { QUOTE_KINDS, QUOTE_STATUSES, type QuoteLine } from '../../../shared/quotes';
import { users } from './accounts';
import { inList } from './in-list';
import { orders } from './store';

/**
 * A member's request for a quote and the admin's answer (priced lines, a total computed on the server, a
 * message and an expiry). Accepting it makes exactly one store order (order_id, set once).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: QUOTE_KINDS }).notNull(),
    title: text('title').notNull(),
    details: text('details').notNull(),
    quantity: integer('quantity'),
    budgetCents: integer('budget_cents'),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('requested'),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull().default([]),
    totalCents: integer('total_cents'),
    message: text('message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('quotes_kind_check', sql`${table.kind} in (${inList(QUOTE_KINDS)})`),
    check('quotes_status_check', sql`${table.status} in (${inList(QUOTE_STATUSES)})`),
    index('quotes_member_idx').on(table.memberId, table.createdAt),
    index('quotes_status_idx').on(table.status, table.createdAt),
  ],
);
