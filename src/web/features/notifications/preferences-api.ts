import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreference,
  UpdateNotificationPreferencesInput,
} from '../../../shared/notifications';
import { api } from '../../lib/api-client';

export const notificationPreferenceKeys = { all: ['/api/notification-preferences'] as const };

export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationPreferenceKeys.all,
  queryFn: ({ signal }) => api.get<NotificationPreference[]>('/api/notification-preferences', { signal }),
});

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions);

/** Saves a change at once; the switch moves before the server answers and moves back if it refuses. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = notificationPreferenceKeys.all;
  return useMutation({
    mutationFn: (changes: UpdateNotificationPreferencesInput) =>
      api.put<NotificationPreference[]>('/api/notification-preferences', changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationPreference[]>(key);
      if (previous) {
        queryClient.setQueryData<NotificationPreference[]>(
          key,
          previous.map((entry) => {
            const change = changes.find((candidate) => candidate.type === entry.type);
            return change ? { ...entry, ...change } : entry;
          }),
        );
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
