import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AccountStatus,
  ActivityFilters,
  ActivityPage,
  AdminOverview,
  AdminUserDetail,
  AdminUserPage,
  CreateUserInput,
  UpdateUserInput,
} from '../../../shared/admin';
import type { Role } from '../../../shared/vocabulary/roles';
import { api } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export type PeopleFilters = { search: string; status: AccountStatus | '' };

export const adminKeys = {
  all: ['/api/admin'] as const,
  overview: ['/api/admin/overview'] as const,
  users: ['/api/admin/users'] as const,
  userList: (role: Role, filters: PeopleFilters) => ['/api/admin/users', role, filters] as const,
  activity: ['/api/admin/activity'] as const,
  activityList: (filters: ActivityFilters) => ['/api/admin/activity', filters] as const,
};

export const overviewQueryOptions = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: ({ signal }) => api.get<AdminOverview>('/api/admin/overview', { signal }),
});
export const useOverview = () => useQuery(overviewQueryOptions);

function query(values: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
}

export const useUserList = (role: Role, filters: PeopleFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.userList(role, filters),
      queryFn: ({ pageParam, signal }) =>
        api.get<AdminUserPage>(
          `/api/admin/users?${query({ role, search: filters.search.trim(), status: filters.status, cursor: pageParam })}`,
          { signal },
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );

const activityQuery = (filters: ActivityFilters, cursor?: string) =>
  query({
    actor: filters.actor?.trim(),
    action: filters.action?.trim(),
    entityType: filters.entityType,
    from: filters.from,
    to: filters.to,
    cursor,
  });

export const useActivity = (filters: ActivityFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.activityList(filters),
      queryFn: ({ pageParam, signal }) =>
        api.get<ActivityPage>(`/api/admin/activity?${activityQuery(filters, pageParam)}`, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );

/** Fetches the filtered log as CSV (the call needs the session's bearer token, which a plain link lacks). */
export async function downloadActivityCsv(filters: ActivityFilters) {
  await downloadFile(`/api/admin/activity/export?${activityQuery(filters)}`, 'text/csv', 'activity.csv');
}

/** Any change to an account: the lists, the overview's counts and the log all change with it. */
function useAdminMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [adminKeys.users, adminKeys.overview, adminKeys.activity].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export const useCreateUser = () =>
  useAdminMutation((input: CreateUserInput) => api.post<AdminUserDetail>('/api/admin/users', input));

export const useUpdateUser = () =>
  useAdminMutation(({ id, input }: { id: string; input: UpdateUserInput }) =>
    api.patch<AdminUserDetail>(userPath(id), input),
  );

export const useChangeRole = () =>
  useAdminMutation(({ id, role }: { id: string; role: Role }) =>
    api.put<AdminUserDetail>(`${userPath(id)}/role`, { role }),
  );

export const useSendPasswordReset = () =>
  useAdminMutation((id: string) => api.post<{ message: string }>(`${userPath(id)}/password-reset`));

export const useSetActive = () =>
  useAdminMutation(({ id, active }: { id: string; active: boolean }) =>
    api.post<AdminUserDetail>(`${userPath(id)}/${active ? 'reactivate' : 'deactivate'}`),
  );
