import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../shared/preferences';
import { setLocale } from '../../lib/format';
import { jsonResponse, meFor } from '../../test/fixtures';
import { allNotificationPreferences } from '../../test/live-fixtures';
import { renderApp } from '../../test/render-app';
import { fitWithin } from './scale-image';

describe('settings page', () => {
  it('opens the tab named in the query string and keeps the query string in step', async () => {
    const { router } = renderApp({
      path: '/settings?tab=security',
      role: 'staff',
      handle: ({ url }) =>
        url === '/api/notification-preferences' ? jsonResponse(allNotificationPreferences()) : undefined,
    });
    expect(
      await screen.findByRole('tab', { name: 'Security', selected: true }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out of all sessions' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=notifications'));
    expect(await screen.findByRole('table', { name: /Notification settings/ })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Appearance' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=appearance'));
  });

  it('defaults to the profile tab with the user filled in', async () => {
    renderApp({ path: '/settings', role: 'practitioner' });
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('Riley');
    expect(screen.getByLabelText('Email')).toHaveValue('practitioner@demo.clinic');
  });

  it('saves the profile', async () => {
    let sent: unknown = null;
    renderApp({
      path: '/settings?tab=profile',
      role: 'patient',
      handle: ({ url, method, body }) => {
        if (url !== '/api/profile' || method !== 'PUT') return undefined;
        sent = body;
        const me = meFor('patient');
        return jsonResponse({ ...me, user: { ...me.user, firstName: 'Patricia' } });
      },
    });
    const user = userEvent.setup();
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Patricia');
    // The email stays as it is, so the password is not asked for.
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(sent).toEqual({
        firstName: 'Patricia',
        lastName: 'Morgan',
        email: 'patient@demo.clinic',
        phone: null,
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Account menu for Patricia Morgan' }),
    ).toBeInTheDocument();
  });

  it('asks for the current password when the email changes, and sends it with the new email', async () => {
    const sent: unknown[] = [];
    renderApp({
      path: '/settings?tab=profile',
      role: 'patient',
      handle: ({ url, method, body }) => {
        if (url !== '/api/profile' || method !== 'PUT') return undefined;
        sent.push(body);
        const me = meFor('patient');
        return jsonResponse({ ...me, user: { ...me.user, email: 'pat.new@example.test' } });
      },
    });
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'Pat.New@example.test');
    const password = await screen.findByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter your current password to change your email')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.type(password, 'correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          firstName: 'Pat',
          lastName: 'Morgan',
          email: 'pat.new@example.test',
          phone: null,
          currentPassword: 'correct-horse-1',
        },
      ]),
    );
    // Saved: the new email is the account's, so the password field goes away.
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
  });

  it('shows a wrong current password on its field and stays signed in', async () => {
    const { router } = renderApp({
      path: '/settings?tab=profile',
      role: 'patient',
      handle: ({ url, method }) =>
        url === '/api/profile' && method === 'PUT'
          ? jsonResponse(
              {
                message: 'Current password is incorrect',
                code: 'BAD_REQUEST',
                fields: { currentPassword: 'Current password is incorrect' },
              },
              400,
            )
          : undefined,
    });
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'someone.else@example.test');
    await user.type(await screen.findByLabelText('Current password'), 'a-wrong-guess');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getAllByText('Current password is incorrect').length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/settings');
    expect(window.localStorage.getItem('token')).not.toBeNull();
  });

  it('saves each appearance preference as soon as it changes', async () => {
    const sent: unknown[] = [];
    renderApp({
      path: '/settings?tab=appearance',
      role: 'admin',
      handle: ({ url, method, body }) => {
        if (url !== '/api/user-preferences' || method !== 'PUT') return undefined;
        sent.push(body);
        return jsonResponse({ ...DEFAULT_PREFERENCES, ...(body as object) });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'High contrast' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('high-contrast'));
    const textSize = screen.getByRole('radiogroup', { name: 'Text size' });
    await user.click(within(textSize).getByRole('radio', { name: 'Large' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('font-large'));
    expect(sent).toEqual([{ highContrast: true }, { fontSizeScale: 'large' }]);
    for (const name of [
      'Reduce motion',
      'Compact mode',
      'Screen reader optimised',
      'Show patient photos',
      'Show weekends',
    ]) {
      expect(screen.getByRole('switch', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Default calendar view' })).toBeInTheDocument();
  });

  it('switching the clock changes the times on screen at once, and saves the choice', async () => {
    setLocale('en-US');
    const sent: unknown[] = [];
    renderApp({
      path: '/settings?tab=appearance',
      role: 'staff',
      handle: ({ url, method, body }) => {
        if (url !== '/api/user-preferences' || method !== 'PUT') return undefined;
        sent.push(body);
        return jsonResponse({ ...DEFAULT_PREFERENCES, ...(body as object) });
      },
    });
    const clock = await screen.findByRole('radiogroup', { name: 'Clock' });
    const description = () => clock.getAttribute('aria-describedby') ?? '';
    const shown = () => document.getElementById(description())?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(within(clock).getByRole('radio', { name: /^As my language writes it/ })).toBeChecked();
    expect(shown()).toMatch(/2:30 – 3:30 PM\.$/);
    const user = userEvent.setup();
    await user.click(within(clock).getByRole('radio', { name: '24-hour (14:30)' }));
    await waitFor(() => expect(shown()).toMatch(/14:30 – 15:30\.$/));
    expect(sent).toEqual([{ timeFormat: '24h' }]);
    await user.click(within(clock).getByRole('radio', { name: /^12-hour/ }));
    await waitFor(() => expect(shown()).toMatch(/2:30 – 3:30 PM\.$/));
  });

  it('signing out of all sessions ends them on the server, then here', async () => {
    const { router, fetchMock } = renderApp({
      path: '/settings?tab=security',
      role: 'staff',
      handle: ({ url }) =>
        url === '/api/auth/logout-all' ? jsonResponse({ message: 'Signed out everywhere' }) : undefined,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out of all sessions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
    const calls = fetchMock.mock.calls.map(([url]) => url);
    expect(calls).toContain('/api/auth/logout-all');
    expect(calls).not.toContain('/api/auth/logout');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('profile photo scaling', () => {
  it('fits the longer side within 256 px and never enlarges', () => {
    expect(fitWithin(1024, 512)).toEqual({ width: 256, height: 128 });
    expect(fitWithin(300, 900)).toEqual({ width: 85, height: 256 });
    expect(fitWithin(100, 80)).toEqual({ width: 100, height: 80 });
  });
});
