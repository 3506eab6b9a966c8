import { eq } from 'drizzle-orm';
import type { Preferences } from '../../../shared/preferences';
import type { Db, Tx } from '../../db/client';
import { userPreferences } from '../../db/schema';

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
