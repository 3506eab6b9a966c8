import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EVENT_STATUSES, REGISTRATION_STATUSES } from '../../../shared/events';
import { users } from './accounts';
import { inList } from './in-list';

/** A community event that admins publish and members register for. */
export const communityEvents = pgTable(
  'community_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** An https address or a small uploaded image as a data URL. */
    imageUrl: text('image_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    place: text('place'),
    onlineUrl: text('online_url'),
    capacity: integer('capacity').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('scheduled'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    check('community_events_status_check', sql`status in (${inList(EVENT_STATUSES)})`),
    check('community_events_time_check', sql`ends_at > starts_at`),
    check('community_events_capacity_check', sql`capacity >= 1`),
    check('community_events_price_check', sql`price_cents >= 0`),
    check('community_events_where_check', sql`place is not null or online_url is not null`),
    index('community_events_starts_idx').on(table.startsAt),
  ],
);

/**
 * A member's registration for an event. `seq` orders the waitlist (first come, first offered). At most one
 * registration in play per member and event; cancelled and expired ones stay as history.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => communityEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REGISTRATION_STATUSES }).notNull(),
    /** When a seat was offered from the waitlist, until when it is held. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** A paid seat held while the member pays, until when. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    amountCents: integer('amount_cents').notNull().default(0),
    provider: text('provider', { enum: ['stripe', 'test'] }),
    paymentIntentId: text('payment_intent_id').unique(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    check('event_registrations_status_check', sql`status in (${inList(REGISTRATION_STATUSES)})`),
    check('event_registrations_amount_check', sql`amount_cents >= 0`),
    uniqueIndex('event_registrations_active_idx')
      .on(table.eventId, table.userId)
      .where(sql`status in ('registered', 'pending_payment', 'waitlisted', 'offered')`),
    index('event_registrations_event_idx').on(table.eventId, table.seq),
    index('event_registrations_user_idx').on(table.userId),
  ],
);
