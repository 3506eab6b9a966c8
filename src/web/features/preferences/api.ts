import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE } from '../../../shared/constants';
import type { Preferences, UpdatePreferencesInput } from '../../../shared/preferences';
import { api } from '../../lib/api-client';
import { useSession } from '../auth';

export const preferenceKeys = {
  all: ['/api/user-preferences'] as const,
};

export const preferencesQueryOptions = queryOptions({
  queryKey: preferenceKeys.all,
  queryFn: ({ signal }) => api.get<Preferences>('/api/user-preferences', { signal }),
  staleTime: CACHE.preferences.staleTime,
  gcTime: CACHE.preferences.gcTime,
});

export function usePreferences() {
  const { status } = useSession();
  return useQuery({ ...preferencesQueryOptions, enabled: status === 'signed-in' });
}

/** Saves a change at once; the screen shows it before the server answers and rolls back if it refuses. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePreferencesInput) => api.put<Preferences>('/api/user-preferences', changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: preferenceKeys.all });
      const previous = queryClient.getQueryData<Preferences>(preferenceKeys.all);
      if (previous) queryClient.setQueryData<Preferences>(preferenceKeys.all, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(preferenceKeys.all, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.all, saved),
  });
}
