import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ERRORS } from '../../../shared/admin';
import { findSocket } from '../../test/fake-messaging-server';
import { renderApp } from '../../test/render-app';
import { activityEntry, adminUser, fakeAdminServer } from './test-server';

afterEach(() => vi.unstubAllGlobals());

const T = { timeout: 10_000 };

function openPeople(path: string, server = fakeAdminServer()) {
  return { ...renderApp({ path, role: 'admin', handle: server.handle }), server };
}

/** Opens the menu of a person's row, which holds every action after Edit. */
const openRowMenu = async (name: string) =>
  userEvent.click(await screen.findByRole('button', { name: `More actions for ${name}` }, T));

describe('the admin people pages', { timeout: 20_000 }, () => {
  it('lists one role by name, pages with Load more, and searches through the server', async () => {
    const server = fakeAdminServer({
      users: [
        adminUser({ firstName: 'Ann', lastName: 'Archer' }),
        adminUser({ firstName: 'Ben', lastName: 'Baker' }),
        adminUser({ firstName: 'Cal', lastName: 'Cole' }),
        adminUser({ firstName: 'Mo', lastName: 'Member', role: 'member' }),
      ],
    });
    openPeople('/admin/staff', server);
    const table = await screen.findByRole('table', { name: /Staff: 2 shown/ }, T);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ann Archer', 'Ben Baker']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('rowheader', { name: 'Cal Cole' }, T);
    expect(screen.queryByText('Mo Member')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'cole');
    await waitFor(() =>
      expect(
        server.calls.some((call) => call.url.includes('role=staff') && call.url.includes('search=cole')),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Cal Cole']),
    );
    expect(screen.getByRole('navigation', { name: 'Admin panel sections' })).toBeInTheDocument();
  });

  it('asks again when another admin changes an account', async () => {
    const server = fakeAdminServer({ users: [adminUser({ firstName: 'Ann', lastName: 'Archer' })] });
    openPeople('/admin/staff', server);
    const table = await screen.findByRole('table', { name: /Staff: 1 shown/ }, T);
    const socket = await findSocket('notifications');
    server.users.push(adminUser({ firstName: 'Bo', lastName: 'Brand' }));
    socket.receive({ type: 'accounts_changed' });
    expect(await within(table).findByRole('rowheader', { name: 'Bo Brand' }, T)).toBeInTheDocument();
  });

  it('adds an account with the page’s role, checking fields first and showing the server’s refusal on its field', async () => {
    const taken = adminUser({ role: 'practitioner', email: 'taken@example.test', lastName: 'Taken' });
    const { server } = openPeople('/admin/practitioners', fakeAdminServer({ users: [taken] }));
    await userEvent.click(await screen.findByRole('button', { name: 'New practitioner' }, T));
    const dialog = screen.getByRole('dialog', { name: 'New practitioner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add practitioner' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(dialog).getByLabelText('First name'), 'Morgan');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Ellis');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'taken@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add practitioner' }));
    expect(await within(dialog).findAllByText('An account with this email already exists')).not.toHaveLength(
      0,
    );
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'morgan@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add practitioner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const created = server.calls.filter((call) => call.method === 'POST' && call.url === '/api/admin/users');
    expect(created.at(-1)?.body).toEqual({
      role: 'practitioner',
      firstName: 'Morgan',
      lastName: 'Ellis',
      email: 'morgan@example.test',
      phone: '',
    });
    await screen.findByRole('rowheader', { name: 'Morgan Ellis' }, T);
  });

  it('edits an account and shows a refused role change in its dialog', async () => {
    const other = adminUser({ role: 'admin', firstName: 'Dana', lastName: 'Admin' });
    const { server } = openPeople('/admin/admins', fakeAdminServer({ users: [other] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Dana Admin' }, T));
    const edit = screen.getByRole('dialog', { name: 'Edit Dana Admin' });
    await userEvent.clear(within(edit).getByLabelText('Phone (optional)'));
    await userEvent.type(within(edit).getByLabelText('Phone (optional)'), '020 1234');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ phone: '020 1234' });
    await screen.findByText('020 1234', undefined, T);

    // The signed-in admin's own row offers neither a role change nor deactivation.
    await openRowMenu('Alex Kim');
    expect(screen.queryByRole('menuitem', { name: 'Change role of Alex Kim' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Deactivate Alex Kim' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    server.me.isActive = false; // Dana would be the last active admin.
    await openRowMenu('Dana Admin');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change role of Dana Admin' }));
    const role = screen.getByRole('dialog', { name: 'Change the role of Dana Admin' });
    await userEvent.selectOptions(within(role).getByLabelText('New role'), 'staff');
    await userEvent.click(within(role).getByRole('button', { name: 'Change role' }));
    expect(await within(role).findByText(ADMIN_ERRORS.lastAdminDemote)).toBeInTheDocument();
  });

  it('deactivates after asking, then offers reactivation', async () => {
    const patient = adminUser({ role: 'patient', firstName: 'Parker', lastName: 'Tester' });
    const { server } = openPeople('/admin/patients', fakeAdminServer({ users: [patient] }));
    await openRowMenu('Parker Tester');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Deactivate Parker Tester' }));
    const confirm = screen.getByRole('dialog', { name: 'Deactivate Parker Tester?' });
    expect(confirm).toHaveTextContent('Your account has been deactivated. You will be signed out.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate account' }));
    const row = () => screen.getByRole('row', { name: /Parker Tester/ });
    await waitFor(() => expect(row()).toHaveTextContent('Deactivated'), T);
    await openRowMenu('Parker Tester');
    await screen.findByRole('menuitem', { name: 'Reactivate Parker Tester' }, T);
    expect(server.calls.some((call) => call.url.endsWith(`/${patient.id}/deactivate`))).toBe(true);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reactivate Parker Tester' }));
    await waitFor(() => expect(row()).not.toHaveTextContent('Deactivated'), T);
    expect(row()).toHaveTextContent('Active');
    await openRowMenu('Parker Tester');
    await screen.findByRole('menuitem', { name: 'Deactivate Parker Tester' }, T);
  });
});

describe('the activity log page', { timeout: 20_000 }, () => {
  it('shows entries, keeps filters in the address and the call, and exports CSV with the session', async () => {
    const server = fakeAdminServer({
      activity: [
        activityEntry({ action: 'account.deactivated', details: { via: 'admin' } }),
        activityEntry({ action: 'auth.login', actorName: null }),
      ],
    });
    const { router, fetchMock } = renderApp({
      path: '/admin/activity',
      role: 'admin',
      handle: server.handle,
    });
    const table = await screen.findByRole('table', { name: /Activity log: 2 shown/ }, T);
    expect(within(table).getByText('System or visitor')).toBeInTheDocument();
    expect(within(table).getByText('via: admin')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Action'), 'account.');
    await waitFor(() => expect(router.state.location.search).toContain('action=account.'));
    await screen.findByRole('table', { name: /Activity log: 1 shown/ }, T);
    await userEvent.selectOptions(screen.getByLabelText('Entity type'), 'user');
    await waitFor(() => expect(router.state.location.search).toContain('entityType=user'));
    expect(server.calls.at(-1)?.url).toMatch(/action=account\.&entityType=user/);

    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = fetchMock.mock.calls.find(([input]) =>
      String(input).startsWith('/api/admin/activity/export'),
    );
    expect(String(exportCall?.[0])).toContain('action=account.&entityType=user');
    expect((exportCall?.[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer token-admin',
    );
    click.mockRestore();
  });
});

describe('the admin overview', { timeout: 20_000 }, () => {
  it('shows people by role, today’s activity, this month’s payments and system health', async () => {
    openPeople('/admin');
    await screen.findByRole('heading', { name: 'People' }, T);
    const people = screen.getByRole('table', { name: 'People by role' });
    expect(within(people).getByRole('link', { name: 'Patients' })).toHaveAttribute('href', '/admin/patients');
    expect(within(people).getByRole('row', { name: /Patients/ })).toHaveTextContent('1203');
    expect(screen.getByText('57 entries on 2026-11-23, 2 refused or failed')).toBeInTheDocument();
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('9 payments')).toBeInTheDocument();
    expect(screen.getByText('3 queued, 0 overdue, 1 failed')).toBeInTheDocument();
    expect(screen.getByText('Built-in test provider')).toBeInTheDocument();
  });
});
