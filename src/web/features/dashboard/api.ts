import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardChangedEvent } from '../../../shared/dashboard';
import { api } from '../../lib/api-client';

export const dashboardKeys = { mine: ['/api/dashboard'] as const };

/**
 * The caller's dashboard. It is asked for afresh whenever a dashboard is shown, unless it arrived in the last two
 * seconds (the fetch a signed-in page starts beside its session check, lazy-pages.ts); while one is open the
 * server's 'dashboard_changed' push (see isDashboardChanged) marks it stale so it is asked for again.
 */
export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.mine,
  queryFn: ({ signal }) => api.get<Dashboard>('/api/dashboard', { signal }),
  staleTime: 2_000,
});

export const useDashboard = () => useQuery(dashboardQueryOptions);

export const isDashboardChanged = (data: unknown): data is DashboardChangedEvent =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'dashboard_changed';
