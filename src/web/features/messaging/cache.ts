import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ConversationPage, Count, Message } from '../../../shared/messaging';

/**
 * Keeps the cached conversations, threads and unread count in step with what the socket and the send call
 * report, so the screen changes without another fetch. Threads are pages of messages, newest first.
 */

/** Ids of optimistic messages not yet stored by the server. */
export const PENDING_PREFIX = 'pending-';

type Thread = InfiniteData<Message[], string | undefined>;
type Conversations = InfiniteData<ConversationPage, string | undefined>;

const threadKey = (userId: string) => ['/api/messages', 'thread', userId] as const;
const threadsKey = ['/api/messages', 'thread'] as const;
const conversationsKey = ['/api/messages/conversations'] as const;
const unreadCountKey = ['/api/messages/unread-count'] as const;

type Receipt = { kind: 'delivered' | 'read'; at: string };

/** Receipts can overtake the send call's answer; they wait here until the message they name is cached. */
const earlyReceipts = new Map<string, Receipt>();
const EARLY_RECEIPTS_KEPT = 200;

function withReceipt(message: Message, receipt: Receipt): Message {
  if (receipt.kind === 'read') {
    return {
      ...message,
      status: 'read',
      readAt: message.readAt ?? receipt.at,
      deliveryStatus: 'read',
      deliveredAt: message.deliveredAt ?? receipt.at,
    };
  }
  if (message.deliveryStatus !== 'sent') return message;
  return { ...message, deliveryStatus: 'delivered', deliveredAt: receipt.at };
}

function takeEarlyReceipt(message: Message): Message {
  const receipt = earlyReceipts.get(message.id);
  if (!receipt) return message;
  earlyReceipts.delete(message.id);
  return withReceipt(message, receipt);
}

function hasMessage(thread: Thread, id: string): boolean {
  return thread.pages.some((page) => page.some((message) => message.id === id));
}

function prependToThread(thread: Thread, message: Message): Thread {
  if (hasMessage(thread, message.id)) return thread;
  const [first = [], ...rest] = thread.pages;
  return { ...thread, pages: [[message, ...first], ...rest] };
}

/**
 * Our own message can come back on the socket before the send call answers. It then takes the place of the
 * optimistic copy with the same text, the oldest one first, so the thread never shows it twice; the send
 * call's answer later finds its copy already replaced.
 */
function replaceMatchingPending(thread: Thread, stored: Message): Thread | null {
  if (hasMessage(thread, stored.id)) return thread;
  let target: { page: number; index: number } | null = null;
  thread.pages.forEach((page, pageIndex) => {
    page.forEach((item, index) => {
      if (item.id.startsWith(PENDING_PREFIX) && item.content === stored.content) {
        target = { page: pageIndex, index };
      }
    });
  });
  if (!target) return null;
  const { page, index } = target;
  return {
    ...thread,
    pages: thread.pages.map((items, pageIndex) =>
      pageIndex === page ? items.map((item, i) => (i === index ? stored : item)) : items,
    ),
  };
}

function mapThreadMessages(thread: Thread, change: (message: Message) => Message): Thread {
  return { ...thread, pages: thread.pages.map((page) => page.map(change)) };
}

type ConversationItem = ConversationPage['items'][number];

function mapConversations(
  data: Conversations | undefined,
  change: (item: ConversationItem) => ConversationItem,
): Conversations | undefined {
  return data
    ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) }
    : data;
}

/** What a message changes in the conversation list: whose row, its last message, how many more unread. */
type ConversationChange = { partyId: string; message: Message; addUnread: number };

/** Moves the conversation with `partyId` to the top with its new last message; null when it is not cached. */
function bumpConversation(
  data: Conversations,
  { partyId, message, addUnread }: ConversationChange,
): Conversations | null {
  let found: ConversationPage['items'][number] | undefined;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => {
      if (item.participant.id !== partyId) return true;
      found = item;
      return false;
    }),
  }));
  if (!found) return null;
  const isNewer = found.lastMessage.createdAt <= message.createdAt || found.lastMessage.id === message.id;
  const updated = {
    ...found,
    lastMessage: isNewer ? message : found.lastMessage,
    unreadCount: found.unreadCount + addUnread,
  };
  pages[0] = { ...pages[0], items: [updated, ...pages[0].items] };
  return { ...data, pages };
}

function updateConversations(queryClient: QueryClient, change: ConversationChange) {
  let missing = false;
  queryClient.setQueriesData<Conversations>({ queryKey: conversationsKey }, (data) => {
    if (!data) return data;
    const updated = bumpConversation(data, change);
    if (!updated) missing = true;
    return updated ?? data;
  });
  // A first message with someone new: the server knows how their row reads (name, role, photo).
  if (missing) void queryClient.invalidateQueries({ queryKey: conversationsKey });
}

export function addOwnMessage(queryClient: QueryClient, partyId: string, message: Message): void {
  queryClient.setQueryData<Thread>(threadKey(partyId), (thread) =>
    thread ? prependToThread(thread, message) : thread,
  );
}

/** Swaps the optimistic message for the stored one, or drops it when the send failed (`stored` null). */
export function replacePendingMessage(
  queryClient: QueryClient,
  { partyId, pendingId, stored }: { partyId: string; pendingId: string; stored: Message | null },
): void {
  const message = stored ? takeEarlyReceipt(stored) : null;
  queryClient.setQueryData<Thread>(threadKey(partyId), (thread) => {
    if (!thread) return thread;
    const alreadyThere = message ? hasMessage(thread, message.id) : true;
    return {
      ...thread,
      pages: thread.pages.map((page) =>
        page.flatMap((item) => {
          if (item.id !== pendingId) return [item];
          return message && !alreadyThere ? [message] : [];
        }),
      ),
    };
  });
  if (message) updateConversations(queryClient, { partyId, message, addUnread: 0 });
}

/** A message pushed by the socket: someone else's, or our own sent from another tab. */
export function applyNewMessage(
  queryClient: QueryClient,
  { message, myId, countsAsUnread }: { message: Message; myId: string; countsAsUnread: boolean },
): void {
  const partyId = message.senderId === myId ? message.recipientId : message.senderId;
  const received = takeEarlyReceipt(message);
  const isOwn = message.senderId === myId;
  queryClient.setQueryData<Thread>(threadKey(partyId), (thread) => {
    if (!thread) return thread;
    return (isOwn && replaceMatchingPending(thread, received)) || prependToThread(thread, received);
  });
  updateConversations(queryClient, { partyId, message: received, addUnread: countsAsUnread ? 1 : 0 });
  if (countsAsUnread) {
    queryClient.setQueryData<Count>(unreadCountKey, (count) => (count ? { count: count.count + 1 } : count));
  }
}

/** message_delivered / message_read: the recipient confirmed these of our messages. */
export function applyReceipt(
  queryClient: QueryClient,
  { kind, messageIds, at }: Receipt & { messageIds: string[] },
): void {
  const ids = new Set(messageIds);
  const seen = new Set<string>();
  const change = (message: Message) => {
    if (!ids.has(message.id)) return message;
    seen.add(message.id);
    return withReceipt(message, { kind, at });
  };
  queryClient.setQueriesData<Thread>({ queryKey: threadsKey }, (thread) =>
    thread ? mapThreadMessages(thread, change) : thread,
  );
  queryClient.setQueriesData<Conversations>({ queryKey: conversationsKey }, (data) =>
    mapConversations(data, (item) => ({ ...item, lastMessage: change(item.lastMessage) })),
  );
  for (const id of ids) {
    if (seen.has(id)) continue;
    const earlier = earlyReceipts.get(id);
    if (earlier?.kind !== 'read') earlyReceipts.set(id, { kind, at });
    if (earlyReceipts.size > EARLY_RECEIPTS_KEPT) {
      const oldest = earlyReceipts.keys().next().value;
      if (oldest) earlyReceipts.delete(oldest);
    }
  }
}

/** After PUT /api/messages/conversations/{id}/read: everything `partyId` sent us is read. */
export function markConversationReadInCache(queryClient: QueryClient, partyId: string, myId: string): void {
  const at = new Date().toISOString();
  const change = (message: Message) =>
    message.senderId === partyId && message.recipientId === myId && message.status !== 'read'
      ? withReceipt(message, { kind: 'read', at })
      : message;
  queryClient.setQueryData<Thread>(threadKey(partyId), (thread) =>
    thread ? mapThreadMessages(thread, change) : thread,
  );
  queryClient.setQueriesData<Conversations>({ queryKey: conversationsKey }, (data) =>
    mapConversations(data, (item) =>
      item.participant.id === partyId
        ? { ...item, unreadCount: 0, lastMessage: change(item.lastMessage) }
        : item,
    ),
  );
}
