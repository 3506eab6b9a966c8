import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../../shared/devices';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function devices(): DeviceSession[] {
  return [
    {
      id: '11111111-1111-4111-8111-111111111111',
      device: 'macOS',
      browser: 'Chrome',
      ipAddress: '203.0.113.5',
      createdAt: minutesAgo(120),
      lastActiveAt: minutesAgo(0),
      current: true,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      device: 'iPhone',
      browser: 'Safari',
      ipAddress: '198.51.100.9',
      createdAt: minutesAgo(3000),
      lastActiveAt: minutesAgo(5),
      current: false,
    },
  ];
}

function renderCard() {
  let listed = devices();
  const deleted: string[] = [];
  const view = renderApp({
    path: '/settings?tab=security',
    role: 'staff',
    handle: ({ url, method }) => {
      if (url === '/api/auth/sessions' && method === 'GET') return jsonResponse(listed);
      const ended = /^\/api\/auth\/sessions\/(.+)$/.exec(url);
      if (ended && method === 'DELETE') {
        deleted.push(ended[1] ?? '');
        listed = listed.filter((session) => session.id !== ended[1]);
        return jsonResponse({ message: 'Signed out of that session' });
      }
      return undefined;
    },
  });
  return { ...view, deleted };
}

describe('signed-in devices card', () => {
  it('lists each device with its address and last activity, this one marked', async () => {
    renderCard();
    const table = await screen.findByRole('table', { name: 'Signed-in devices' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual(['Chrome on macOSThis device', 'Safari on iPhone']);
    expect(within(table).getByText('203.0.113.5')).toBeInTheDocument();
    expect(within(table).getByText('just now')).toBeInTheDocument();
    expect(within(table).getByText('5 minutes ago')).toBeInTheDocument();
    // The control that signs out everywhere stays as it was.
    expect(screen.getByRole('button', { name: 'Sign out of all sessions' })).toBeInTheDocument();
  });

  it('signs out another device after a confirmation, and lists it no more', async () => {
    const { deleted } = renderCard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(dialog).toHaveTextContent('Safari on iPhone will be signed out at once');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep signed in' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual(['22222222-2222-4222-8222-222222222222']);
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
  });

  it('keeps the device when the confirmation is put away', async () => {
    const { deleted } = renderCard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }, { timeout: 15_000 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Keep signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign out Safari on iPhone' })).toHaveFocus();
  });
});
