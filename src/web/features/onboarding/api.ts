import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '../../../shared/auth';
import type { AccountStepInput, IntakeStep, OnboardingState } from '../../../shared/onboarding';
import { api } from '../../lib/api-client';

export const onboardingKeys = { state: ['/api/onboarding'] as const };

export const onboardingQueryOptions = queryOptions({
  queryKey: onboardingKeys.state,
  queryFn: ({ signal }) => api.get<OnboardingState>('/api/onboarding', { signal }),
});

/** The patient's saved intake and progress; one cached query for the page and the sidebar. */
export const useOnboarding = (enabled = true) => useQuery({ ...onboardingQueryOptions, enabled });

export const createOnboardingAccount = (input: AccountStepInput) =>
  api.post<AuthResponse>('/api/onboarding/account', input);

/** Every write answers the whole state, which replaces the cached one (the sidebar follows at once). */
function useOnboardingWrite<Input>(request: (input: Input) => Promise<OnboardingState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state, state),
  });
}

export const useSaveStep = () =>
  useOnboardingWrite(({ step, values }: { step: IntakeStep; values: unknown }) =>
    api.put<OnboardingState>(`/api/onboarding/steps/${step}`, values),
  );

export const useCompleteOnboarding = () =>
  useOnboardingWrite(() => api.post<OnboardingState>('/api/onboarding/complete'));
