import { randomUUID } from 'node:crypto';
import {
  type Contact,
  type Conversation,
  type ConversationPage,
  MESSAGE_MAX_LENGTH,
  type Message,
  type SendMessageInput,
} from '../../../shared/messaging';
import type { Role } from '../../../shared/roles';
import type { Db } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import * as careTeam from '../care-team/service';
import * as repository from './repository';
import { mayWrite, reachableRoles, reachBetween } from './who-may-write';

type Ctx = Pick<AppContext, 'db' | 'events'>;
type Person = { id: string; role: Role };

export const CONTACTS_MAX = 50;
export const RECIPIENT_NOT_FOUND = 'Recipient not found';
export const MESSAGE_NOT_FOUND = 'Message not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toMessage(row: repository.MessageRow): Message {
  return {
    id: row.id,
    senderId: row.senderId,
    recipientId: row.recipientId,
    senderName: `${row.senderFirstName} ${row.senderLastName}`,
    content: row.content,
    status: row.status,
    readAt: row.readAt?.toISOString() ?? null,
    deliveryStatus: row.deliveryStatus,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toContact(row: accounts.UserRow): Contact {
  const user = accounts.toUser(row);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImage: user.profileImage,
  };
}

/** The rule of who-may-write.ts, with the care-team link looked up only when the pair needs one. */
async function allowed(db: Db, from: Person, to: Person) {
  if (reachBetween(from.role, to.role) !== 'care-team') return mayWrite(from, to, false);
  const [practitioner, patient] = from.role === 'practitioner' ? [from, to] : [to, from];
  return mayWrite(from, to, await careTeam.isAssigned(db, practitioner.id, patient.id));
}

/** The person, when active and someone the caller may write to; null otherwise, whichever the reason. */
export async function reachablePerson(db: Db, caller: Person, otherId: string) {
  if (otherId === caller.id || !UUID.test(otherId)) return null;
  const other = await accounts.findAccountById(db, otherId);
  if (!other?.isActive) return null;
  return (await allowed(db, caller, other)) ? other : null;
}

/** The one way a message is sent, from POST /api/messages and from the messaging socket. */
export async function sendMessage(
  ctx: Ctx,
  caller: Person,
  { input, meta }: { input: SendMessageInput; meta: { ipAddress?: string | null } },
): Promise<Message> {
  const content = input.content.trim();
  if (!content) throw badRequest('Message cannot be empty', { content: 'Message cannot be empty' });
  if (content.length > MESSAGE_MAX_LENGTH) {
    const text = `Message must be at most ${MESSAGE_MAX_LENGTH} characters`;
    throw badRequest(text, { content: text });
  }
  if (input.recipientId === caller.id) throw badRequest('You cannot send a message to yourself');
  const recipient = await reachablePerson(ctx.db, caller, input.recipientId);
  if (!recipient) throw notFound(RECIPIENT_NOT_FOUND);

  const row = await repository.insertMessage(ctx.db, {
    id: randomUUID(),
    senderId: caller.id,
    recipientId: recipient.id,
    content,
    ipAddress: meta.ipAddress ?? null,
  });
  const message = toMessage(row);
  ctx.events.publish('message.sent', { message });
  return message;
}

/** A message the caller sent or received; anyone else is told it does not exist. */
async function visibleMessage(db: Db, callerId: string, id: string) {
  const row = await repository.findMessage(db, id);
  if (!row || !repository.isMessageOf(row, callerId)) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

export async function listMessages(
  db: Db,
  callerId: string,
  query: { with?: string; before?: string; limit: number },
): Promise<Message[]> {
  if (query.before) await visibleMessage(db, callerId, query.before);
  const rows = await repository.listMessages(db, {
    userId: callerId,
    withUserId: query.with,
    beforeId: query.before,
    limit: query.limit,
  });
  return rows.map(toMessage);
}

export async function unreadCount(db: Db, callerId: string) {
  return { count: await repository.countUnread(db, callerId) };
}

function publishReceipts(
  ctx: Ctx,
  event: 'message.delivered' | 'message.read',
  {
    recipientId,
    changed,
    at,
  }: { recipientId: string; changed: Array<{ id: string; senderId: string }>; at: Date },
) {
  const bySender = new Map<string, string[]>();
  for (const { id, senderId } of changed) bySender.set(senderId, [...(bySender.get(senderId) ?? []), id]);
  for (const [senderId, messageIds] of bySender)
    ctx.events.publish(event, { senderId, recipientId, messageIds, at: at.toISOString() });
}

/** The recipient confirms messages arrived; a repeat keeps the first time and tells no one again. */
export async function confirmDelivered(ctx: Ctx, recipientId: string, messageIds: string[]) {
  const at = new Date();
  const changed = await repository.markDelivered(ctx.db, recipientId, { ids: messageIds.filter(isUuid), at });
  publishReceipts(ctx, 'message.delivered', { recipientId, changed, at });
  return changed.map((row) => row.id);
}

/** The recipient has read messages; reading implies delivery. */
export async function confirmRead(ctx: Ctx, recipientId: string, messageIds: string[]) {
  const at = new Date();
  const changed = await repository.markRead(ctx.db, recipientId, { ids: messageIds.filter(isUuid), at });
  publishReceipts(ctx, 'message.read', { recipientId, changed, at });
  return changed.map((row) => row.id);
}

async function receiptFor(
  ctx: Ctx,
  callerId: string,
  { id, confirm }: { id: string; confirm: typeof confirmDelivered },
) {
  const row = await visibleMessage(ctx.db, callerId, id);
  if (row.recipientId !== callerId) throw forbidden('Only the recipient of a message can confirm it');
  await confirm(ctx, callerId, [id]);
  return toMessage((await repository.findMessage(ctx.db, id))!);
}

export const markDelivered = (ctx: Ctx, callerId: string, id: string) =>
  receiptFor(ctx, callerId, { id, confirm: confirmDelivered });
export const markRead = (ctx: Ctx, callerId: string, id: string) =>
  receiptFor(ctx, callerId, { id, confirm: confirmRead });

/**
 * Opening a conversation: every unread message from that person becomes read. Only a conversation the caller
 * has, or may start, is theirs to open; anyone else answers like an unknown id, so ids cannot be probed.
 */
export async function readConversation(ctx: Ctx, caller: Person, otherId: string) {
  const other = await accounts.findAccountById(ctx.db, otherId);
  if (!other) throw notFound('User not found');
  if (!(await allowed(ctx.db, caller, other))) {
    const between = { userId: caller.id, withUserId: otherId, limit: 1 };
    if ((await repository.listMessages(ctx.db, between)).length === 0) throw notFound('User not found');
  }
  const at = new Date();
  const changed = await repository.markRead(ctx.db, caller.id, { senderId: otherId, at });
  publishReceipts(ctx, 'message.read', { recipientId: caller.id, changed, at });
  return { count: changed.length };
}

export async function listConversations(
  db: Db,
  callerId: string,
  query: { search?: string; cursor?: string; limit: number },
): Promise<ConversationPage> {
  if (query.cursor) {
    const cursorMessage = isUuid(query.cursor) ? await repository.findMessage(db, query.cursor) : null;
    if (!cursorMessage || !repository.isMessageOf(cursorMessage, callerId))
      throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  const heads = await repository.listConversationHeads(db, {
    userId: callerId,
    search: query.search || undefined,
    cursorId: query.cursor,
    limit: query.limit + 1,
  });
  const page = heads.slice(0, query.limit);
  const messages = new Map(
    (
      await repository.findMessagesByIds(
        db,
        page.map((head) => head.lastMessageId),
      )
    ).map((row) => [row.id, row]),
  );
  const people = new Map(
    (
      await repository.findPeople(
        db,
        page.map((head) => head.participantId),
      )
    ).map((row) => [row.id, row]),
  );
  const items: Conversation[] = page.map((head) => ({
    participant: toContact(people.get(head.participantId)!),
    lastMessage: toMessage(messages.get(head.lastMessageId)!),
    unreadCount: head.unreadCount,
  }));
  return { items, nextCursor: heads.length > query.limit ? page[page.length - 1].lastMessageId : null };
}

/** The people the caller may write to, active only, by name. */
export async function listContacts(db: Db, caller: Person, search?: string): Promise<Contact[]> {
  const roles = reachableRoles(caller.role);
  const rows = await repository.findContacts(db, {
    userId: caller.id,
    roles: roles.always,
    careTeamRoles: roles.careTeam,
    linkedIds: roles.careTeam.length ? await careTeam.linkedPeopleOf(db, caller) : [],
    search: search || undefined,
    limit: CONTACTS_MAX,
  });
  return rows.map(toContact);
}

function isUuid(value: string) {
  return UUID.test(value);
}
