import { UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { type AccountStatus, type AdminUser, ListUsersQuerySchema } from '../../../shared/admin';
import { ROUTES } from '../../../shared/routes';
import { ROLE_LABELS, type Role } from '../../../shared/vocabulary/roles';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useUrlFilters } from '../../lib/use-url-filters';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { FilterBar, SelectFilter } from '../../ui/filter-bar';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { PagedList } from '../../ui/paged-list';
import { RowActions } from '../../ui/row-menu';
import { useUser } from '../auth';
import { ChangeRoleDialog, DeactivateDialog } from './account-dialogs';
import { AdminNav } from './admin-nav';
import { type PeopleFilters, useSendPasswordReset, useSetActive, useUserList } from './api';
import { ROLE_PAGES } from './overview-page';
import { EditPersonDialog, NewPersonDialog } from './person-form-dialog';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Deactivated' },
] as const;

const PEOPLE_KEYS = ['search', 'status'] as const;
const PeopleFiltersSchema = ListUsersQuerySchema.pick({ search: true, status: true });

type Open = { kind: 'edit' | 'role' | 'deactivate'; user: AdminUser } | null;

/**
 * /admin/staff, /admin/practitioners, /admin/patients, /admin/members and /admin/admins: one role's accounts,
 * server-paged and searchable, each to edit, give another role, send a password reset, deactivate or reactivate.
 */
export function PeoplePage({ accountRole: role }: { accountRole: Role }) {
  const [read, changeFilters] = useUrlFilters(PEOPLE_KEYS, PeopleFiltersSchema);
  const filters = read as PeopleFilters;
  const list = useUserList(role, filters);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const title = ROUTES[ROLE_PAGES[role]].title;

  const people = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.search.trim() || filters.status);
  const plural = title.toLowerCase();
  const close = (isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <AdminNav />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="sr-only">{title}</h2>
        <Button size="sm" onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" />
          New {ROLE_LABELS[role].toLowerCase()}
        </Button>
      </div>
      <PeopleFilterBar label={`Find ${plural}`} filters={filters} onChange={changeFilters} />
      <PagedList
        query={list}
        count={people.length}
        loadingLabel={`Loading ${plural}…`}
        errorText="Could not load the list."
        emptyText={filtered ? `No ${plural} match your search.` : `No ${plural} yet.`}
        loadMoreErrorText={`Could not load more ${plural}. Please try again.`}
      >
        <PeopleTable caption={`${title}: ${people.length} shown`} people={people} onOpen={setOpen} />
      </PagedList>

      <NewPersonDialog role={role} open={creating} onOpenChange={setCreating} />
      {open ? (
        <>
          <EditPersonDialog user={open.user} open={open.kind === 'edit'} onOpenChange={close} />
          <ChangeRoleDialog user={open.user} open={open.kind === 'role'} onOpenChange={close} />
          <DeactivateDialog user={open.user} open={open.kind === 'deactivate'} onOpenChange={close} />
        </>
      ) : null}
    </div>
  );
}

function PeopleFilterBar({
  label,
  filters,
  onChange,
}: {
  label: string;
  filters: PeopleFilters;
  onChange: (changes: Partial<PeopleFilters>) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const settled = useDebouncedValue(search, 300);
  useEffect(() => {
    if (settled.trim() !== filters.search.trim()) onChange({ search: settled });
  }, [settled, filters.search, onChange]);

  return (
    <FilterBar label={label}>
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-2">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          Name, email or phone
        </p>
      </div>
      <SelectFilter<AccountStatus>
        label="Status"
        emptyLabel="All"
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={STATUS_OPTIONS}
      />
    </FilterBar>
  );
}

function PeopleTable({
  caption,
  people,
  onOpen,
}: {
  caption: string;
  people: AdminUser[];
  onOpen: (open: Open) => void;
}) {
  const me = useUser();
  const reset = useSendPasswordReset();
  const setActive = useSetActive();

  const sendReset = async (user: AdminUser) => {
    try {
      toast.success((await reset.mutateAsync(user.id)).message);
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not send the reset link.');
    }
  };
  const reactivate = async (user: AdminUser) => {
    try {
      await setActive.mutateAsync({ id: user.id, active: true });
      toast.success(`${fullName(user)} was reactivated`);
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not reactivate the account.');
    }
  };

  return (
    <DataTable caption={caption} columns={['Name', 'Email', 'Phone', 'Status', 'Actions']}>
      {people.map((user) => {
        const name = fullName(user);
        const isMe = user.id === me.id;
        return (
          <tr key={user.id} className="border-border border-t align-top">
            <th scope="row" className="px-3 py-2 font-medium">
              {name}
              {isMe ? <span className="text-muted-foreground"> (you)</span> : null}
            </th>
            <td className="whitespace-nowrap px-3 py-2">{user.email}</td>
            <td className="whitespace-nowrap px-3 py-2">{user.phone || '—'}</td>
            <td className="px-3 py-2">
              <Badge variant={user.isActive ? 'secondary' : 'outline'}>
                {user.isActive ? 'Active' : 'Deactivated'}
              </Badge>
            </td>
            <td className="px-3 py-2">
              <RowActions
                menuLabel={`More actions for ${name}`}
                actions={[
                  {
                    key: 'edit',
                    text: 'Edit',
                    label: `Edit ${name}`,
                    onSelect: () => onOpen({ kind: 'edit', user }),
                  },
                  ...(isMe
                    ? []
                    : [
                        {
                          key: 'role',
                          text: 'Change role',
                          label: `Change role of ${name}`,
                          onSelect: () => onOpen({ kind: 'role', user }),
                        },
                      ]),
                  ...(user.isActive
                    ? [
                        {
                          key: 'reset',
                          text: 'Send password reset',
                          label: `Send password reset to ${name}`,
                          onSelect: () => sendReset(user),
                          disabled: reset.isPending,
                        },
                      ]
                    : []),
                  ...(isMe
                    ? []
                    : user.isActive
                      ? [
                          {
                            key: 'deactivate',
                            text: 'Deactivate',
                            label: `Deactivate ${name}`,
                            onSelect: () => onOpen({ kind: 'deactivate', user }),
                            destructive: true,
                          },
                        ]
                      : [
                          {
                            key: 'reactivate',
                            text: 'Reactivate',
                            label: `Reactivate ${name}`,
                            onSelect: () => reactivate(user),
                            disabled: setActive.isPending,
                          },
                        ]),
                ]}
              />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
