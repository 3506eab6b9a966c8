import type { QueryClient } from '@tanstack/react-query';
import type { AccountsChangedEvent } from '../../../shared/admin';
import { eventOfType } from '../../../shared/realtime';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the contract's
 * event by type, with no schemas behind it.
 */
const ACCOUNTS_CHANGED: AccountsChangedEvent['type'] = 'accounts_changed';

/** The admin's people lists, the overview's counts and the activity log. */
const ADMIN_QUERIES = [['/api/admin/users'], ['/api/admin/overview'], ['/api/admin/activity']] as const;

/** The server's push to admins that an account was added, edited, re-roled, deactivated or reactivated. */
export const isAccountsChanged = eventOfType<AccountsChangedEvent>(ACCOUNTS_CHANGED);

export const invalidateAccounts = (queryClient: QueryClient) =>
  Promise.all(ADMIN_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
