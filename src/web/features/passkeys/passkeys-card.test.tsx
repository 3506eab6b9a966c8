import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '../../../shared/passkeys';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const PASSKEY: Passkey = {
  id: '6f1c1b8e-5d0c-4a55-9d1e-2b7f0c3a9e11',
  name: 'Passkey 1',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};

function renderSecurity(options: { removeAnswer?: (body: unknown) => Response } = {}) {
  let stored = [PASSKEY];
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  renderApp({
    path: '/settings?tab=security',
    role: 'patient',
    handle: ({ url, method, body }) => {
      if (!url.startsWith('/api/auth/passkeys')) return undefined;
      sent.push({ method, url, body });
      if (method === 'GET') return jsonResponse(stored);
      if (method === 'PATCH') {
        stored = stored.map((p) => ({ ...p, name: (body as { name: string }).name }));
        return jsonResponse(stored[0]);
      }
      if (method === 'DELETE') {
        const answer = options.removeAnswer?.(body) ?? jsonResponse({ message: 'Passkey removed' });
        if (answer.ok) stored = [];
        return answer;
      }
      return undefined;
    },
  });
  return { sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings, Security: passkeys', () => {
  it('lists the passkeys with when they were added and last used', async () => {
    renderSecurity();
    const list = await screen.findByRole('list', { name: 'Your passkeys' }, { timeout: 15_000 });
    expect(within(list).getByText('Passkey 1')).toBeInTheDocument();
    expect(within(list).getByText(/Added .*2026 · Never used/)).toBeInTheDocument();
  });

  it('renames a passkey in a small dialog', async () => {
    const { sent } = renderSecurity();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Passkey 1' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Name this passkey' });
    const field = within(dialog).getByLabelText('Passkey name');
    await user.clear(field);
    await user.type(field, 'Work laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PATCH',
        url: `/api/auth/passkeys/${PASSKEY.id}`,
        body: { name: 'Work laptop' },
      }),
    );
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses an empty name in the dialog without calling the server', async () => {
    const { sent } = renderSecurity();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Passkey 1' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Name this passkey' });
    await user.clear(within(dialog).getByLabelText('Passkey name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('removes a passkey only with the password, and shows a wrong password on its field', async () => {
    const { sent } = renderSecurity({
      removeAnswer: (body) =>
        (body as { currentPassword: string }).currentPassword === 'correct-horse-1'
          ? jsonResponse({ message: 'Passkey removed' })
          : jsonResponse(
              {
                message: 'Current password is incorrect',
                fields: { currentPassword: 'Current password is incorrect' },
              },
              400,
            ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Passkey 1' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    const password = within(dialog).getByLabelText('Current password');
    await user.type(password, 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(dialog).findAllByText('Current password is incorrect')).not.toHaveLength(0);
    await user.clear(password);
    await user.type(password, 'correct-horse-1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { currentPassword: 'wrong-one' },
      { currentPassword: 'correct-horse-1' },
    ]);
  });

  it('says so instead of offering the button when the browser has no WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderSecurity();
    expect(
      await screen.findByText(
        'This browser cannot use passkeys. Sign in with your password here.',
        undefined,
        {
          timeout: 15_000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });

  it('offers "Add a passkey" when the browser has WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    renderSecurity();
    const add = await screen.findByRole('button', { name: 'Add a passkey' }, { timeout: 15_000 });
    // Disabled while the WebAuthn helpers load, then ready.
    await waitFor(() => expect(add).toBeEnabled(), { timeout: 15_000 });
  });
});
