import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../shared/dashboard';
import { api } from '../../lib/api-client';
import { dashboardKeys } from './live';

export { dashboardKeys, isDashboardChanged } from './live';

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
