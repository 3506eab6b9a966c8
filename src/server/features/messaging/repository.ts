import { and, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { namedRowsOf } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { activityLog, messages, users } from '../../db/schema';
import { batchedReadsOn } from '../../platform/batched-reads';
import { batchedWritesOn, writtenTimes } from '../../platform/batched-writes';

export type MessageRow = typeof messages.$inferSelect & { senderFirstName: string; senderLastName: string };

const withSender = {
  ...getTableColumns(messages),
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
};

/** Either side of a message is the person. */
const involves = (userId: string) => or(eq(messages.senderId, userId), eq(messages.recipientId, userId));

/** The two people's exchange, in both directions. */
const between = (a: string, b: string) =>
  or(
    and(eq(messages.senderId, a), eq(messages.recipientId, b)),
    and(eq(messages.senderId, b), eq(messages.recipientId, a)),
  );

/**
 * Strictly older than the given message, comparing (created_at, id) so equal timestamps page without gaps.
 * The database's own timestamp is used: it holds microseconds a JavaScript Date would drop.
 */
const olderThan = (
  createdAt: SQL | typeof messages.createdAt,
  id: SQL | typeof messages.id,
  messageId: string,
) => sql`(${createdAt}, ${id}) < (select m2.created_at, m2.id from messages m2 where m2.id = ${messageId})`;

/** `%term%` for ILIKE with the term's own wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

type RawMessageRow = {
  id: string;
  sender_id: string;
  recipient_id: string;
  content: string;
  status: MessageRow['status'];
  read_at: Date | string | null;
  delivery_status: MessageRow['deliveryStatus'];
  delivered_at: Date | string | null;
  created_at: Date | string;
  sender_first_name: string;
  sender_last_name: string;
};
/** What the insert answers: the row, and its stored time as the database writes it (microseconds kept). */
type WrittenMessageRow = RawMessageRow & { written_at: string };

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

export type NewMessage = {
  id: string;
  senderId: string;
  recipientId: string;
  content: string;
  ipAddress: string | null;
};

/**
 * Stores messages and their audit entries (who wrote to whom, never what) in ONE statement: all commit or
 * none does, in a single round trip. This is the hot path between pressing Send and the recipient's screen
 * (bench/messaging-latency.ts). The sends of one moment share the statement and its commit (`insertMessage`
 * below); each row's created_at is the clock as it is written and always after the last row written before it
 * (`writtenTimes`), so messages keep the order they came in.
 */
const messageTimes = writtenTimes();

async function insertMessagesAudited(db: Db, rows: readonly NewMessage[]): Promise<MessageRow[]> {
  const input = JSON.stringify(rows);
  const after = messageTimes.after(db);
  const stored = await namedRowsOf<WrittenMessageRow>(
    db,
    'insert_messages_audited',
    sql`
    with input as (
      select (r->>'id')::uuid as id, (r->>'senderId')::uuid as sender_id, (r->>'recipientId')::uuid as recipient_id,
        r->>'content' as content, r->>'ipAddress' as ip_address, n
      from jsonb_array_elements(${input}::jsonb) with ordinality as t(r, n)
    ), inserted as (
      insert into ${messages} (id, sender_id, recipient_id, content, created_at)
      select id, sender_id, recipient_id, content,
        greatest(clock_timestamp(), ${after}::timestamptz + interval '1 microsecond')
          + (n - 1) * interval '1 microsecond'
      from input order by n
      returning *
    ), audit as (
      insert into ${activityLog} (actor_id, action, entity_type, entity_id, outcome, ip_address, details)
      select inserted.sender_id, 'message.sent', 'message', inserted.id::text, 'success', input.ip_address,
        jsonb_build_object('recipientId', inserted.recipient_id)
      from inserted join input on input.id = inserted.id
    )
    select inserted.*, inserted.created_at::text as written_at, sender.first_name as sender_first_name,
      sender.last_name as sender_last_name
    from inserted join ${users} sender on sender.id = inserted.sender_id`,
  );
  const byId = new Map(stored.map((row) => [row.id, row]));
  const lastRow = byId.get(rows[rows.length - 1].id);
  if (lastRow) messageTimes.saw(db, lastRow.written_at);
  return rows.map(({ id }) => {
    const row = byId.get(id);
    if (!row) throw new Error('a stored message did not come back from its insert');
    return {
      id: row.id,
      senderId: row.sender_id,
      recipientId: row.recipient_id,
      content: row.content,
      status: row.status,
      readAt: asDate(row.read_at),
      deliveryStatus: row.delivery_status,
      deliveredAt: asDate(row.delivered_at),
      createdAt: new Date(row.created_at),
      senderFirstName: row.sender_first_name,
      senderLastName: row.sender_last_name,
    };
  });
}

/** Stores one message with its audit entry; it resolves once the statement holding it has committed. */
export const insertMessage = batchedWritesOn(insertMessagesAudited);

export async function findMessage(db: Db | Tx, id: string): Promise<MessageRow | null> {
  const [row] = await db
    .select(withSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id))
    .limit(1);
  return row ?? null;
}

export async function findMessagesByIds(db: Db | Tx, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(withSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.id, ids));
}

export async function listMessages(
  db: Db,
  options: { userId: string; withUserId?: string; beforeId?: string; limit: number },
): Promise<MessageRow[]> {
  const { userId, withUserId, beforeId, limit } = options;
  return db
    .select(withSender)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        withUserId ? between(userId, withUserId) : involves(userId),
        beforeId ? olderThan(messages.createdAt, messages.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** The badge every open tab asks for: requests of the same moment share one query (platform/batched-reads.ts). */
export const countUnread = batchedReadsOn(async (db, recipientIds): Promise<ReadonlyMap<string, number>> => {
  const rows = await db
    .select({ recipientId: messages.recipientId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(inArray(messages.recipientId, [...recipientIds]), eq(messages.status, 'unread')))
    .groupBy(messages.recipientId);
  return new Map(rows.map((row) => [row.recipientId, row.count]));
}, 0);

type Receipt = { id: string; senderId: string };

/** Marks the recipient's messages delivered; only those still 'sent' change, so a repeat keeps the first time. */
export async function markDelivered(
  db: Db | Tx,
  recipientId: string,
  { ids, at }: { ids: string[]; at: Date },
): Promise<Receipt[]> {
  if (ids.length === 0) return [];
  return db
    .update(messages)
    .set({ deliveryStatus: 'delivered', deliveredAt: at })
    .where(
      and(
        eq(messages.recipientId, recipientId),
        inArray(messages.id, ids),
        eq(messages.deliveryStatus, 'sent'),
      ),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
}

/** Marks unread messages read; reading implies delivery, so a missing delivery time is filled in too. */
export async function markRead(
  db: Db | Tx,
  recipientId: string,
  { at, ...which }: ({ ids: string[] } | { senderId: string }) & { at: Date },
): Promise<Receipt[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  return db
    .update(messages)
    .set({
      status: 'read',
      readAt: at,
      deliveryStatus: 'read',
      deliveredAt: sql`coalesce(${messages.deliveredAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(messages.recipientId, recipientId),
        'ids' in which ? inArray(messages.id, which.ids) : eq(messages.senderId, which.senderId),
        eq(messages.status, 'unread'),
      ),
    )
    .returning({ id: messages.id, senderId: messages.senderId });
}

export type ConversationHead = { lastMessageId: string; participantId: string; unreadCount: number };

/**
 * One row per person the user has exchanged messages with: the latest message and how many of theirs are
 * unread, the latest exchange first. The cursor is the last message of the previous page's final row.
 */
export async function listConversationHeads(
  db: Db,
  options: { userId: string; search?: string; cursorId?: string; limit: number },
): Promise<ConversationHead[]> {
  const { userId, search, cursorId, limit } = options;
  const pattern = search ? containsPattern(search) : null;
  type Row = { last_message_id: string; participant_id: string; unread_count: number };
  const rows = await rowsOf<Row>(
    db,
    sql`
    with latest as (
      select distinct on (other_id) id, created_at, other_id
      from (
        select m.id, m.created_at,
          case when m.sender_id = ${userId} then m.recipient_id else m.sender_id end as other_id
        from messages m
        where m.sender_id = ${userId} or m.recipient_id = ${userId}
      ) mine
      order by other_id, created_at desc, id desc
    )
    select latest.id as last_message_id, latest.other_id as participant_id,
      (select count(*)::int from messages u
        where u.recipient_id = ${userId} and u.sender_id = latest.other_id and u.status = 'unread') as unread_count
    from latest
    join users p on p.id = latest.other_id
    where true
      ${pattern ? sql`and (p.first_name ilike ${pattern} or p.last_name ilike ${pattern} or (p.first_name || ' ' || p.last_name) ilike ${pattern})` : sql``}
      ${cursorId ? sql`and ${olderThan(sql`latest.created_at`, sql`latest.id`, cursorId)}` : sql``}
    order by latest.created_at desc, latest.id desc
    limit ${limit}
  `,
  );
  return rows.map((row) => ({
    lastMessageId: row.last_message_id,
    participantId: row.participant_id,
    unreadCount: Number(row.unread_count),
  }));
}

export async function findPeople(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Active people of the given roles, plus those of the care-team roles who are linked, found by name. */
export async function findContacts(
  db: Db,
  options: {
    userId: string;
    roles: Role[];
    careTeamRoles: Role[];
    linkedIds: string[];
    search?: string;
    limit: number;
  },
) {
  const { userId, roles, careTeamRoles, linkedIds, search, limit } = options;
  const reachable = or(
    roles.length ? inArray(users.role, roles) : undefined,
    careTeamRoles.length && linkedIds.length
      ? and(inArray(users.role, careTeamRoles), inArray(users.id, linkedIds))
      : undefined,
  );
  if (!reachable) return [];
  const pattern = search ? containsPattern(search) : null;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        sql`${users.id} <> ${userId}`,
        reachable,
        pattern
          ? sql`(${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`
          : undefined,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(limit);
}

export const isMessageOf = (row: MessageRow, userId: string) =>
  row.senderId === userId || row.recipientId === userId;
