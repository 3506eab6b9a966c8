import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '../../../shared/constants';
import type { Count } from '../../../shared/messaging';
import type { Notification } from '../../../shared/notifications';
import { api } from '../../lib/api-client';
import { useSession } from '../auth';

/** The server's page of notifications (GET /api/notifications answers 50 unless asked otherwise). */
export const NOTIFICATION_PAGE_SIZE = 50;

export const notificationKeys = {
  list: ['/api/notifications'] as const,
  unreadCount: ['/api/notifications/unread-count'] as const,
};

const cached = { staleTime: CACHE.notifications.staleTime, gcTime: CACHE.notifications.gcTime };

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal }) => api.get<Notification[]>('/api/notifications', { signal }),
  ...cached,
});

export const notificationCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount,
  queryFn: ({ signal }) => api.get<Count>('/api/notifications/unread-count', { signal }),
  ...cached,
});

export function useNotifications(enabled = true) {
  const { status } = useSession();
  return useQuery({ ...notificationsQueryOptions, enabled: enabled && status === 'signed-in' });
}

export function useNotificationCount() {
  const { status } = useSession();
  return useQuery({ ...notificationCountQueryOptions, enabled: status === 'signed-in' });
}

function adjustCount(queryClient: QueryClient, change: (count: number) => number) {
  queryClient.setQueryData<Count>(notificationKeys.unreadCount, (current) =>
    current ? { count: Math.max(0, change(current.count)) } : current,
  );
}

const wasUnread = (queryClient: QueryClient, id: string) =>
  queryClient.getQueryData<Notification[]>(notificationKeys.list)?.find((item) => item.id === id)?.isRead ===
  false;

/** A pushed notification goes on top of the list and, when unread, onto the badge. */
export function addNotificationToCache(queryClient: QueryClient, notification: Notification): void {
  const list = queryClient.getQueryData<Notification[]>(notificationKeys.list);
  if (list?.some((item) => item.id === notification.id)) return;
  if (list) queryClient.setQueryData<Notification[]>(notificationKeys.list, [notification, ...list]);
  if (notification.isRead) return;
  // A count on its way from the server may have been read before this notification was made, and would overwrite
  // a count raised here: then the count is asked again (the asking in flight is dropped), else raised at once.
  const counting = queryClient.isFetching({ queryKey: notificationKeys.unreadCount }) > 0;
  if (queryClient.getQueryData(notificationKeys.unreadCount) && !counting)
    adjustCount(queryClient, (count) => count + 1);
  else void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
}

/** The next page behind the oldest one held, appended to the drawer's list; resolves to how many came. */
export function useLoadOlderNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (beforeId: string) =>
      api.get<Notification[]>(
        `/api/notifications?${new URLSearchParams({ before: beforeId, limit: String(NOTIFICATION_PAGE_SIZE) })}`,
      ),
    onSuccess: (older) => {
      queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) => {
        if (!list) return older;
        const held = new Set(list.map((item) => item.id));
        return [...list, ...older.filter((item) => !held.has(item.id))];
      });
    },
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<Notification>(`/api/notifications/${id}/read`),
    onSuccess: (saved) => {
      if (wasUnread(queryClient, saved.id)) adjustCount(queryClient, (count) => count - 1);
      queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      );
    },
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.patch<Count>('/api/notifications/mark-all-read'),
    onSuccess: () => {
      queryClient.setQueryData<Count>(notificationKeys.unreadCount, { count: 0 });
      queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
        list?.map((item) => (item.isRead ? item : { ...item, isRead: true })),
      );
    },
  });
}

export function useArchiveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch<Notification>(`/api/notifications/${id}/archive`),
    onSuccess: (_archived, id) => {
      if (wasUnread(queryClient, id)) adjustCount(queryClient, (count) => count - 1);
      queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) =>
        list?.filter((item) => item.id !== id),
      );
    },
  });
}
