import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../shared/auth';
import type { UpdateProfileInput } from '../../../shared/profile';
import { api } from '../../lib/api-client';
import { authKeys } from '../auth';

/** Every profile call answers { user, profile }, which is exactly the session's /api/auth/me entry. */
function useProfileMutation<TInput>(call: (input: TInput) => Promise<MeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (me) => queryClient.setQueryData(authKeys.me, me),
  });
}

export const useUpdateProfile = () =>
  useProfileMutation((input: UpdateProfileInput) => api.put<MeResponse>('/api/profile', input));

export const useUploadPhoto = () =>
  useProfileMutation((dataUrl: string) => api.put<MeResponse>('/api/profile/photo', { dataUrl }));

export const useRemovePhoto = () =>
  useProfileMutation((_: undefined) => api.delete<MeResponse>('/api/profile/photo'));
