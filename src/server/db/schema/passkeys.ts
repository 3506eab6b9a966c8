import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** A person's WebAuthn credentials: the public half only; the private key never leaves their device. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser names the credential. */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url of the COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('passkeys_user_idx').on(table.userId),
    check('passkeys_name_length_check', sql`char_length(${table.name}) between 1 and 60`),
  ],
);

/** A challenge handed to the browser; used once (deleted on use) and only within five minutes. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey(),
    /** Set for adding a passkey; null for signing in, where the person is not known yet. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('passkey_challenges_purpose_check', sql`${table.purpose} in ('registration', 'authentication')`),
    index('passkey_challenges_expires_idx').on(table.expiresAt),
  ],
);
