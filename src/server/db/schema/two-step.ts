import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A person's authenticator app (TOTP, decision 0032). The shared secret is kept sealed with the data key
 * (AES-256-GCM: ciphertext, IV and tag), never in the clear. enabled_at is null while set-up waits for its
 * first code. last_used_step is the 30-second step of the last code taken: a code of that step or an earlier
 * one is refused, so each code works once.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  secretIv: text('secret_iv').notNull(),
  secretTag: text('secret_tag').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, as their SHA-256; used_at marks the one use each has. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId, table.codeHash)],
);

/**
 * The half-finished sign-in between the password and the second step: a random token kept as its SHA-256,
 * bound to one account, alive five minutes, used once, and spent after five wrong codes. purpose 'enrol' is
 * the one given to a person the clinic's policy requires a second step of who has none yet.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['second-step', 'enrol'] }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('sign_in_challenges_purpose_check', sql`${table.purpose} in ('second-step', 'enrol')`),
    index('sign_in_challenges_user_idx').on(table.userId),
  ],
);

/**
 * The clinic's second-step policy, one row. set_by_admin: an admin saved it by hand; until then the first
 * admin to turn on an authenticator app turns require_for_admins on.
 */
export const signInPolicy = pgTable(
  'sign_in_policy',
  {
    id: text('id').primaryKey().default('clinic'),
    requireForAdmins: boolean('require_for_admins').notNull().default(false),
    requireForPractitioners: boolean('require_for_practitioners').notNull().default(false),
    requireForStaff: boolean('require_for_staff').notNull().default(false),
    setByAdmin: boolean('set_by_admin').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('sign_in_policy_single_check', sql`id = 'clinic'`)],
);
