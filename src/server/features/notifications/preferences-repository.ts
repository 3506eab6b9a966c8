import { and, eq, sql } from 'drizzle-orm';
import type { NotificationPreference } from '../../../shared/notifications';
import type { Db, Tx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

export async function findPreferences(db: Db | Tx, userId: string) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function findPreference(db: Db | Tx, userId: string, type: NotificationPreference['type']) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
    .limit(1);
  return row ?? null;
}

export async function savePreferences(tx: Tx, userId: string, entries: NotificationPreference[]) {
  if (entries.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(entries.map((entry) => ({ userId, ...entry })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        desktop: sql`excluded.desktop`,
        sound: sql`excluded.sound`,
        updatedAt: sql`now()`,
      },
    });
}
