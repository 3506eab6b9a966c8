import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { namedRowsOf, prepared } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { batchedReadsOn } from '../../platform/batched-reads';
import { batchedWritesOn, writtenTimes } from '../../platform/batched-writes';

export type NotificationRow = typeof notifications.$inferSelect;

const ownedBy = (userId: string, id: string) =>
  and(eq(notifications.id, id), eq(notifications.userId, userId));
const notArchived = isNull(notifications.archivedAt);
/** What the badge counts and mark-all-read clears: unread and not archived. */
const unread = and(eq(notifications.isRead, false), notArchived);

export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'id' | 'userId' | 'type' | 'title' | 'message' | 'priority' | 'actionUrl' | 'data'
>;
type RawNotificationRow = {
  id: string;
  user_id: string;
  type: NotificationRow['type'];
  title: string;
  message: string;
  priority: NotificationRow['priority'];
  is_read: boolean;
  read_at: Date | string | null;
  archived_at: Date | string | null;
  action_url: string | null;
  data: NotificationRow['data'];
  created_at: Date | string;
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The notifications raised at one moment (a message to many, a burst of sends) in one statement and one
 * commit; created_at is the clock as each row is written and always after the last row written before it
 * (`writtenTimes`), so they keep the order they were raised in.
 */
const notificationTimes = writtenTimes();

async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<NotificationRow[]> {
  const input = JSON.stringify(rows);
  const after = notificationTimes.after(db);
  const stored = await namedRowsOf<RawNotificationRow & { written_at: string }>(
    db,
    'insert_notifications',
    sql`
    with input as (
      select (r->>'id')::uuid as id, (r->>'userId')::uuid as user_id, r->>'type' as type, r->>'title' as title,
        r->>'message' as message, r->>'priority' as priority, r->>'actionUrl' as action_url,
        case when jsonb_typeof(r->'data') = 'object' then r->'data' end as data, n
      from jsonb_array_elements(${input}::jsonb) with ordinality as t(r, n)
    )
    insert into ${notifications} (id, user_id, type, title, message, priority, action_url, data, created_at)
    select id, user_id, type, title, message, priority, action_url, data,
      greatest(clock_timestamp(), ${after}::timestamptz + interval '1 microsecond')
        + (n - 1) * interval '1 microsecond'
    from input order by n
    returning *, created_at::text as written_at`,
  );
  const byId = new Map(stored.map((row) => [row.id, row]));
  const lastRow = byId.get(rows[rows.length - 1].id);
  if (lastRow) notificationTimes.saw(db, lastRow.written_at);
  return rows.map(({ id }) => {
    const row = byId.get(id);
    if (!row) throw new Error('a stored notification did not come back from its insert');
    return {
      id: row.id,
      userId: row.user_id,
      type: row.type,
      title: row.title,
      message: row.message,
      priority: row.priority,
      isRead: row.is_read,
      readAt: asDate(row.read_at),
      archivedAt: asDate(row.archived_at),
      actionUrl: row.action_url,
      data: row.data,
      createdAt: new Date(row.created_at),
    };
  });
}

/** Stores one notification; it resolves once the statement holding it has committed (group commit, 0043). */
export const insertNotification = batchedWritesOn(insertNotifications);

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
