import { eq } from 'drizzle-orm';
import type { Preferences } from '../../../shared/preferences';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema';

export async function findPreferences(db: Db, userId: string) {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row ?? null;
}

export async function savePreferences(db: Db, userId: string, preferences: Preferences) {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...preferences, updatedAt: new Date() } })
    .returning();
  return row;
}
