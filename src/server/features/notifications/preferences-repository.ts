import { and, eq, sql } from 'drizzle-orm';
import type { NotificationPreference } from '../../../shared/notifications';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { notificationPreferences } from '../../db/schema';

export async function findPreferences(db: Db | Tx, userId: string) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/** One type's saved choice; raise() asks for it on every notification, so it is prepared. */
export async function findPreference(db: Db, userId: string, type: NotificationPreference['type']) {
  const lookup = prepared(db, 'notification_preference', (database) =>
    database
      .select()
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.userId, sql.placeholder('userId')),
          eq(notificationPreferences.type, sql.placeholder('type')),
        ),
      )
      .limit(1)
      .prepare('notification_preference'),
  )!;
  const [row] = await lookup.execute({ userId, type });
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
