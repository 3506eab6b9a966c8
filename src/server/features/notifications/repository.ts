import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { batchedReadsOn } from '../../platform/batched-reads';

export type NotificationRow = typeof notifications.$inferSelect;

const ownedBy = (userId: string, id: string) =>
  and(eq(notifications.id, id), eq(notifications.userId, userId));
const notArchived = isNull(notifications.archivedAt);
/** What the badge counts and mark-all-read clears: unread and not archived. */
const unread = and(eq(notifications.isRead, false), notArchived);

export async function insertNotification(db: Db | Tx, values: typeof notifications.$inferInsert) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

export async function findNotification(db: Db | Tx, userId: string, id: string) {
  const [row] = await db.select().from(notifications).where(ownedBy(userId, id)).limit(1);
  return row ?? null;
}

/** Newest first, archived left out; `beforeId` pages by (created_at, id) with the database's own precision. */
export async function listNotifications(
  db: Db,
  options: { userId: string; beforeId?: string; limit: number },
) {
  const { userId, beforeId, limit } = options;
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        notArchived,
        beforeId
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n2.created_at, n2.id from notifications n2 where n2.id = ${beforeId})`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Every open tab asks for the badge, so one user's count is prepared once (see db/prepared.ts). */
async function countUnreadOfOne(db: Db, userId: string) {
  const statement = prepared(db, 'unread_notification_count', (database) =>
    database
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('userId')), unread))
      .prepare('unread_notification_count'),
  )!;
  const [row] = await statement.execute({ userId });
  return row.count;
}

/** The counts of users who asked at the same moment, in one query; a user without unread ones is left out. */
async function countUnreadOf(db: Db, userIds: readonly string[]): Promise<ReadonlyMap<string, number>> {
  if (userIds.length === 1) return new Map([[userIds[0], await countUnreadOfOne(db, userIds[0])]]);
  const rows = await db
    .select({ userId: notifications.userId, count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), unread))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.count]));
}

/** Requests that ask at the same moment share one query (platform/batched-reads.ts). */
export const countUnread = batchedReadsOn(countUnreadOf, 0);

/** Only an unread notification changes, so reading twice keeps the first time. */
export async function markRead(db: Db, userId: string, { id, at }: { id: string; at: Date }) {
  await db
    .update(notifications)
    .set({ isRead: true, readAt: at })
    .where(and(ownedBy(userId, id), eq(notifications.isRead, false)));
  return findNotification(db, userId, id);
}

export async function markAllRead(db: Db, userId: string, at: Date) {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: at })
    .where(and(eq(notifications.userId, userId), unread))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function archive(db: Db, userId: string, { id, at }: { id: string; at: Date }) {
  await db
    .update(notifications)
    .set({ archivedAt: at })
    .where(and(ownedBy(userId, id), notArchived));
  return findNotification(db, userId, id);
}
