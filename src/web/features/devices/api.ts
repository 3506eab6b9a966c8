import { queryOptions } from '@tanstack/react-query';
import type { MessageResponse } from '../../../shared/auth';
import type { DeviceSession, IdleSignOutSettings, SessionPolicy } from '../../../shared/devices';
import { api } from '../../lib/api-client';

export const devicesKeys = {
  sessions: ['/api/auth/sessions'] as const,
  policy: ['/api/auth/session-policy'] as const,
  idleSettings: ['/api/admin/idle-sign-out'] as const,
};

export const sessionsQueryOptions = queryOptions({
  queryKey: devicesKeys.sessions,
  queryFn: ({ signal }) => api.get<DeviceSession[]>('/api/auth/sessions', { signal }),
});

export const sessionPolicyQueryOptions = queryOptions({
  queryKey: devicesKeys.policy,
  queryFn: ({ signal }) => api.get<SessionPolicy>('/api/auth/session-policy', { signal }),
  staleTime: 5 * 60_000,
});

export const idleSettingsQueryOptions = queryOptions({
  queryKey: devicesKeys.idleSettings,
  queryFn: ({ signal }) => api.get<IdleSignOutSettings>('/api/admin/idle-sign-out', { signal }),
});

export const endSession = (id: string) =>
  api.delete<MessageResponse>(`/api/auth/sessions/${encodeURIComponent(id)}`);
export const reportActivity = () => api.post<MessageResponse>('/api/auth/activity');
export const saveIdleSettings = (settings: IdleSignOutSettings) =>
  api.put<IdleSignOutSettings>('/api/admin/idle-sign-out', settings);
