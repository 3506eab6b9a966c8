import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Contact, ConversationPage, Count, Message } from '../../../shared/messaging';
import { MESSAGE_PAGE_SIZE } from '../../../shared/vocabulary/messaging';
import { api } from '../../lib/api-client';
import { useSession } from '../auth';
import { addOwnMessage, markConversationReadInCache, PENDING_PREFIX, replacePendingMessage } from './cache';

export { PENDING_PREFIX };

const withQuery = (path: string, params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

export const messagingKeys = {
  all: ['/api/messages'] as const,
  unreadCount: ['/api/messages/unread-count'] as const,
  conversationsAll: ['/api/messages/conversations'] as const,
  conversations: (search: string) => ['/api/messages/conversations', { search }] as const,
  threadsAll: ['/api/messages', 'thread'] as const,
  thread: (userId: string) => ['/api/messages', 'thread', userId] as const,
  contacts: (search: string) => ['/api/messages/contacts', { search }] as const,
};

export const unreadCountQueryOptions = queryOptions({
  queryKey: messagingKeys.unreadCount,
  queryFn: ({ signal }) => api.get<Count>('/api/messages/unread-count', { signal }),
});

export function useUnreadMessageCount() {
  const { status } = useSession();
  return useQuery({ ...unreadCountQueryOptions, enabled: status === 'signed-in' });
}

export const conversationsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.conversations(search),
    queryFn: ({ pageParam, signal }) =>
      api.get<ConversationPage>(
        withQuery('/api/messages/conversations', { search: search || undefined, cursor: pageParam }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useConversations = (search: string) => useInfiniteQuery(conversationsQueryOptions(search));

/** One conversation, newest page first; each further page holds the messages before the oldest one held. */
export const threadQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.thread(userId),
    queryFn: ({ pageParam, signal }) =>
      api.get<Message[]>(
        withQuery('/api/messages', { with: userId, before: pageParam, limit: String(MESSAGE_PAGE_SIZE) }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) =>
      page.length < MESSAGE_PAGE_SIZE ? undefined : page.filter((m) => !isPending(m)).at(-1)?.id,
  });

export const useThread = (userId: string) => useInfiniteQuery(threadQueryOptions(userId));

export const contactsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: messagingKeys.contacts(search),
    queryFn: ({ signal }) =>
      api.get<Contact[]>(withQuery('/api/messages/contacts', { search: search || undefined }), { signal }),
  });

export const useContacts = (search: string, enabled = true) =>
  useQuery({ ...contactsQueryOptions(search), enabled });

export const isPending = (message: Message) => message.id.startsWith(PENDING_PREFIX);

/** Shows the message at once, then swaps in the stored one the server answers with (201). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (input: { recipientId: string; content: string }) =>
      api.post<Message>('/api/messages', input),
    onMutate: (input) => {
      const pending: Message = {
        id: `${PENDING_PREFIX}${crypto.randomUUID()}`,
        senderId: user?.id ?? '',
        recipientId: input.recipientId,
        senderName: user ? `${user.firstName} ${user.lastName}` : '',
        content: input.content,
        status: 'unread',
        readAt: null,
        deliveryStatus: 'sent',
        deliveredAt: null,
        createdAt: new Date().toISOString(),
      };
      addOwnMessage(queryClient, input.recipientId, pending);
      return { pendingId: pending.id };
    },
    onSuccess: (stored, input, context) => {
      replacePendingMessage(queryClient, {
        partyId: input.recipientId,
        pendingId: context.pendingId,
        stored,
      });
    },
    onError: (_error, input, context) => {
      if (context) {
        replacePendingMessage(queryClient, {
          partyId: input.recipientId,
          pendingId: context.pendingId,
          stored: null,
        });
      }
    },
  });
}

/** Opening a conversation marks every message from that person read. */
export async function markConversationRead(
  queryClient: ReturnType<typeof useQueryClient>,
  userId: string,
  readerId: string,
): Promise<void> {
  await api.put<Count>(`/api/messages/conversations/${userId}/read`);
  markConversationReadInCache(queryClient, userId, readerId);
  await queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount });
}

export const confirmDelivery = (messageId: string) =>
  api.put<Message>(`/api/messages/${messageId}/delivered`);
