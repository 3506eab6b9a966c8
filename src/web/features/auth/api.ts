import { queryOptions } from '@tanstack/react-query';
import type {
  AuthResponse,
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  MeResponse,
  MessageResponse,
  RegisterInput,
  ResetPasswordInput,
} from '../../../shared/auth';
import { api } from '../../lib/api-client';

export const authKeys = {
  me: ['/api/auth/me'] as const,
};

export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: ({ signal }) => api.get<MeResponse>('/api/auth/me', { signal }),
});

export const login = (input: LoginInput) => api.post<LoginResponse>('/api/auth/login', input);
export const register = (input: RegisterInput) => api.post<AuthResponse>('/api/auth/register', input);
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  api.post<MessageResponse>('/api/auth/forgot-password', input);
export const resetPassword = (input: ResetPasswordInput) =>
  api.post<MessageResponse>('/api/auth/reset-password', input);
export const changePassword = (input: ChangePasswordInput) =>
  api.post<MessageResponse>('/api/auth/change-password', input);
export const logoutSession = () =>
  api.post<MessageResponse>('/api/auth/logout', undefined, { ignoreSessionEnd: true });
export const logoutAllSessions = () =>
  api.post<MessageResponse>('/api/auth/logout-all', undefined, { ignoreSessionEnd: true });
