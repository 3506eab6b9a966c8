import { queryOptions } from '@tanstack/react-query';
import type { AuthResponse, EnrolledResponse, MessageResponse } from '../../../shared/auth';
import type {
  EnrolConfirmInput,
  RecoveryCodes,
  SecondStepInput,
  SignInPolicy,
  TotpConfirmInput,
  TotpSetup,
  TwoStepDisableInput,
  TwoStepStatus,
} from '../../../shared/two-step';
import { api } from '../../lib/api-client';

export const twoStepKeys = {
  status: ['/api/two-step'] as const,
  policy: ['/api/admin/sign-in-policy'] as const,
};

export const twoStepStatusQuery = queryOptions({
  queryKey: twoStepKeys.status,
  queryFn: ({ signal }) => api.get<TwoStepStatus>('/api/two-step', { signal }),
});

export const signInPolicyQuery = queryOptions({
  queryKey: twoStepKeys.policy,
  queryFn: ({ signal }) => api.get<SignInPolicy>('/api/admin/sign-in-policy', { signal }),
});

export const startSetup = () => api.post<TotpSetup>('/api/two-step/setup');
export const confirmSetup = (input: TotpConfirmInput) =>
  api.post<RecoveryCodes>('/api/two-step/setup/confirm', input);
export const turnOff = (input: TwoStepDisableInput) =>
  api.post<MessageResponse>('/api/two-step/disable', input);
export const makeNewCodes = (input: TotpConfirmInput) =>
  api.post<RecoveryCodes>('/api/two-step/recovery-codes', input);
export const saveSignInPolicy = (input: SignInPolicy) =>
  api.put<SignInPolicy>('/api/admin/sign-in-policy', input);

export const answerSecondStep = (input: SecondStepInput) =>
  api.post<AuthResponse>('/api/auth/login/second-step', input);
export const startEnrolment = (challengeToken: string) =>
  api.post<TotpSetup>('/api/two-step/enrol/start', { challengeToken });
export const confirmEnrolment = (input: EnrolConfirmInput) =>
  api.post<EnrolledResponse>('/api/two-step/enrol/confirm', input);
