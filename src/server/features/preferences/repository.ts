import { eq, inArray } from 'drizzle-orm';
import type { Preferences } from '../../../shared/preferences';
import type { Db, Tx } from '../../db/client';
import { userPreferences, users } from '../../db/schema';

export async function findPreferences(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row ?? null;
}

export async function savePreferences(db: Db | Tx, userId: string, preferences: Preferences) {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...preferences, updatedAt: new Date() } })
    .returning();
  return row;
}

/** Marks the accounts of these emails as welcomed, keeping any preferences they saved. */
export async function markWelcomed(db: Db | Tx, emails: string[], defaults: Preferences) {
  if (emails.length === 0) return;
  const accounts = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  if (accounts.length === 0) return;
  await db
    .insert(userPreferences)
    .values(accounts.map(({ id }) => ({ ...defaults, userId: id, welcomed: true })))
    .onConflictDoUpdate({ target: userPreferences.userId, set: { welcomed: true } });
}
