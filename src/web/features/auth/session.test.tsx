import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOGOUT_DELAY_MS } from '../../../shared/constants';
import { DEACTIVATION_ALERT, LOGGING_OUT_SUBTITLE, LOGGING_OUT_TITLE } from '../../../shared/messages';
import { meFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';

/** The messaging and notification channels open beside it; these tests are about account status only. */
const accountStatusSockets = () =>
  WebSocketStub.instances.filter((socket) => socket.url.includes('channel=account-status'));

describe('session', () => {
  it('logging out shows the overlay, ends the session on the server, clears what it must and goes to /login', async () => {
    const patient = meFor('patient').user;
    window.localStorage.setItem('theme', 'dark');
    window.localStorage.setItem('themePreferences', '{"highContrast":true}');
    window.localStorage.setItem(`welcomeShown_${patient.id}`, 'true');
    let loggedOutAt = 0;
    const { router, fetchMock } = renderApp({
      path: '/',
      role: 'patient',
      handle: ({ url }) => {
        if (url === '/api/auth/logout') loggedOutAt = performance.now();
        return undefined;
      },
    });
    let arrivedAt = 0;
    router.subscribe((state) => {
      if (state.location.pathname === '/login' && arrivedAt === 0) arrivedAt = performance.now();
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Pat Morgan' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    const overlay = await screen.findByRole('status', { name: '' });
    expect(overlay).toHaveTextContent(LOGGING_OUT_TITLE);
    expect(overlay).toHaveTextContent(LOGGING_OUT_SUBTITLE);
    await waitFor(() => expect(overlay).toHaveFocus());
    await waitFor(() => expect(window.localStorage.getItem('token')).toBeNull());
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(window.localStorage.getItem('themePreferences')).toBeNull();
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/logout' && init?.method === 'POST'),
    ).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    // The overlay holds the page for the whole delay; a slow machine only makes the wait longer.
    expect(loggedOutAt).toBeGreaterThan(0);
    expect(arrivedAt - loggedOutAt).toBeGreaterThanOrEqual(LOGOUT_DELAY_MS - 50);
    expect(window.localStorage.getItem(`welcomeShown_${patient.id}`)).toBeNull();
    expect(window.localStorage.getItem('redirectAfterLogin')).toBeNull();
    await waitFor(() => expect(screen.queryByText(LOGGING_OUT_TITLE)).not.toBeInTheDocument());
  });

  it('opens the account-status channel with the token and signs out a deactivated account', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { router } = renderApp({ path: '/', role: 'staff' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const socket = accountStatusSockets().at(-1);
    expect(socket?.url).toBe('ws://localhost:3000/ws?token=token-staff&channel=account-status');

    act(() => {
      socket?.dispatchEvent(
        new MessageEvent('message', { data: JSON.stringify({ type: 'account_deactivated' }) }),
      );
    });
    expect(alert).toHaveBeenCalledWith(DEACTIVATION_ALERT);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('opens no channel without a token', async () => {
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(WebSocketStub.instances).toHaveLength(0);
  });
});

describe('account-status channel closes', () => {
  it('when the server closes it for a revoked session, the session is checked and ends', async () => {
    let revoked = false;
    const { router } = renderApp({
      path: '/appointments',
      role: 'patient',
      handle: ({ url }) =>
        url === '/api/auth/me' && revoked
          ? new Response(JSON.stringify({ message: 'Invalid token' }), { status: 401 })
          : undefined,
    });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    const socket = accountStatusSockets().at(-1);
    revoked = true;
    act(() => {
      socket?.dispatchEvent(new CloseEvent('close', { code: 4409 }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/appointments');
    expect(accountStatusSockets()).toHaveLength(1);
  });
});
