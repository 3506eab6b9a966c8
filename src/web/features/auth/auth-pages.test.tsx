import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  REGISTER_MESSAGES,
  RESET_PASSWORD_MESSAGES,
} from '../../../shared/messages';
import { jsonResponse, meFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it.each([
    [401, 'Account is deactivated', LOGIN_MESSAGES.deactivated],
    [401, 'Invalid email or password', LOGIN_MESSAGES.invalidCredentials],
    [404, 'User not found', LOGIN_MESSAGES.notFound],
    [
      429,
      'Too many sign-in attempts. Try again in a minute.',
      'Too many sign-in attempts. Try again in a minute.',
    ],
  ])('shows a %s "%s" as its catalogue text in an alert', async (status, message, shown) => {
    renderApp({
      path: '/login',
      handle: ({ url }) => (url === '/api/auth/login' ? jsonResponse({ message }, status) : undefined),
    });
    await signIn('patient@demo.clinic', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('shows the network text when the server cannot be reached', async () => {
    renderApp({
      path: '/login',
      handle: ({ url }) =>
        url === '/api/auth/login' ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
    });
    await signIn('patient@demo.clinic', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_MESSAGES.network);
  });

  it('validates fields before calling the server, tying messages to the inputs', async () => {
    const { fetchMock } = renderApp({ path: '/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/login')).toBe(false);
  });

  it('signs in and returns to where the visitor was going', async () => {
    let signedIn = false;
    const { router } = renderApp({
      path: '/billing',
      handle: ({ url, body }) => {
        if (url === '/api/auth/login') {
          expect(body).toEqual({ email: 'patient@demo.clinic', password: 'ClinicDemo!2026' });
          signedIn = true;
          return jsonResponse({ token: 'new-token', user: meFor('patient').user });
        }
        if (url === '/api/auth/me' && signedIn) return jsonResponse(meFor('patient'));
        return undefined;
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn('Patient@Demo.Clinic ', 'ClinicDemo!2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Billing' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('redirectAfterLogin')).toBeNull());
  });
});

describe('registration page', () => {
  async function fillRegistration({ asSupporter }: { asSupporter: boolean }) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Casey');
    await user.type(screen.getByLabelText('Last name'), 'Nguyen');
    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm password'), 'a-long-password');
    if (asSupporter) await user.click(screen.getByRole('switch', { name: 'Join as a supporter (member)' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it.each([
    [true, 'member'],
    [false, 'patient'],
  ])('with the supporter switch %s it registers the role %s', async (asSupporter, role) => {
    let sent: unknown = null;
    renderApp({
      path: '/register',
      handle: ({ url, body }) => {
        if (url !== '/api/auth/register') return undefined;
        sent = body;
        return jsonResponse({ message: 'A user with this email already exists' }, 400);
      },
    });
    await fillRegistration({ asSupporter });
    await screen.findByRole('alert');
    expect(sent).toEqual({
      firstName: 'Casey',
      lastName: 'Nguyen',
      email: 'casey@example.com',
      password: 'a-long-password',
      role,
    });
  });

  it.each([
    [400, 'A user with this email already exists', REGISTER_MESSAGES.alreadyExists],
    [400, 'Invalid input', REGISTER_MESSAGES.invalid],
    [500, 'Internal server error', REGISTER_MESSAGES.fallback],
  ])('shows a %s "%s" as its catalogue text', async (status, message, shown) => {
    renderApp({
      path: '/register',
      handle: ({ url }) => (url === '/api/auth/register' ? jsonResponse({ message }, status) : undefined),
    });
    await fillRegistration({ asSupporter: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('shows a password the server refused under the field, beside the catalogue text', async () => {
    const tooCommon = 'This password is too common. Choose one that is harder to guess.';
    renderApp({
      path: '/register',
      handle: ({ url }) =>
        url === '/api/auth/register'
          ? jsonResponse({ message: tooCommon, code: 'BAD_REQUEST', fields: { password: tooCommon } }, 400)
          : undefined,
    });
    await fillRegistration({ asSupporter: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(REGISTER_MESSAGES.invalid);
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining(tooCommon),
      ),
    );
  });

  it('refuses mismatched passwords before calling the server', async () => {
    renderApp({ path: '/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match'),
    );
  });
});

describe('forgot and reset password', () => {
  it.each([
    [404, 'User not found', FORGOT_PASSWORD_MESSAGES.notFound],
    [400, 'Account is inactive', FORGOT_PASSWORD_MESSAGES.inactive],
    [500, 'Mail server down', FORGOT_PASSWORD_MESSAGES.fallback],
  ])('forgot password shows a %s "%s" as its catalogue text', async (status, message, shown) => {
    renderApp({
      path: '/forgot-password',
      handle: ({ url }) =>
        url === '/api/auth/forgot-password' ? jsonResponse({ message }, status) : undefined,
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('forgot password confirms the email was sent', async () => {
    renderApp({
      path: '/forgot-password',
      handle: ({ url }) =>
        url === '/api/auth/forgot-password' ? jsonResponse({ message: 'Sent' }) : undefined,
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'patient@demo.clinic');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent a password reset link to patient@demo.clinic',
    );
  });

  async function submitReset() {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
  }

  it('reset password sends the token from the link and then offers sign in', async () => {
    let sent: unknown = null;
    renderApp({
      path: '/reset-password?token=abc123',
      handle: ({ url, body }) => {
        if (url !== '/api/auth/reset-password') return undefined;
        sent = body;
        return jsonResponse({ message: 'Password reset' });
      },
    });
    await submitReset();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual({ token: 'abc123', newPassword: 'brand-new-password' });
  });

  it.each([
    [400, RESET_PASSWORD_MESSAGES.invalidToken],
    [500, RESET_PASSWORD_MESSAGES.fallback],
  ])('reset password shows a %s as its catalogue text', async (status, shown) => {
    renderApp({
      path: '/reset-password?token=used',
      handle: ({ url }) =>
        url === '/api/auth/reset-password' ? jsonResponse({ message: 'x' }, status) : undefined,
    });
    await submitReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  it('reset password shows a password the server refused under the field, beside the catalogue text', async () => {
    const repeated = 'This password only repeats a few characters. Choose one that is harder to guess.';
    renderApp({
      path: '/reset-password?token=fresh',
      handle: ({ url }) =>
        url === '/api/auth/reset-password'
          ? jsonResponse({ message: repeated, code: 'BAD_REQUEST', fields: { newPassword: repeated } }, 400)
          : undefined,
    });
    await submitReset();
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_PASSWORD_MESSAGES.invalidToken);
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        expect.stringContaining(repeated),
      ),
    );
  });
});
