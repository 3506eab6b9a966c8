import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MemberOnboardingStep,
  MemberProfileAnswer,
  UpdateMemberProfileInput,
} from '../../../shared/member-profile';
import { api } from '../../lib/api-client';
import { MEMBER_PROFILE_QUERY } from './live';

export const useMemberProfile = () =>
  useQuery({
    queryKey: MEMBER_PROFILE_QUERY,
    queryFn: ({ signal }) => api.get<MemberProfileAnswer>('/api/member/profile', { signal }),
  });

/** Each write answers the whole profile, which becomes what the screens show; the dashboard asks again. */
function useProfileWrite<Input>(write: (input: Input) => Promise<MemberProfileAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      queryClient.setQueryData(MEMBER_PROFILE_QUERY, answer);
      void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
    },
  });
}

export const useSaveProfile = () =>
  useProfileWrite((input: UpdateMemberProfileInput) =>
    api.put<MemberProfileAnswer>('/api/member/profile', input),
  );

export const useSaveStep = () =>
  useProfileWrite(({ step, input }: { step: MemberOnboardingStep; input: Record<string, unknown> }) =>
    api.put<MemberProfileAnswer>(`/api/member/onboarding/${step}`, input),
  );

export const useFinishOnboarding = () =>
  useProfileWrite(() => api.post<MemberProfileAnswer>('/api/member/onboarding/finish'));
