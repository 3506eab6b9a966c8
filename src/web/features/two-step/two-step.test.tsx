import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TWO_STEP_MESSAGES } from '../../../shared/two-step';
import { jsonResponse, meFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Clinic%20Portal:pat%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-2345${index}`.slice(0, 11));
/** The first screen of a test loads lazily; on a busy machine that alone can take several seconds. */
const LOAD = { timeout: 15_000 };
const wrongCode = () =>
  jsonResponse({ message: TWO_STEP_MESSAGES.wrongCode, fields: { code: TWO_STEP_MESSAGES.wrongCode } }, 400);

async function typePassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email', {}, LOAD), 'patient@demo.clinic');
  await user.type(screen.getByLabelText('Password'), 'ClinicDemo!2026');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the sign-in second step', () => {
  it('asks for the app’s code after the password, shows a wrong one on the field, and signs in with the right one', async () => {
    const sent: unknown[] = [];
    let signedIn = false;
    const { router } = renderApp({
      path: '/login',
      handle: ({ url, body }) => {
        if (url === '/api/auth/login')
          return jsonResponse({
            secondStep: { challengeToken: 'challenge-1', methods: ['totp', 'recovery'] },
          });
        if (url === '/api/auth/login/second-step') {
          sent.push(body);
          if ((body as { code: string }).code !== '654321') return wrongCode();
          signedIn = true;
          return jsonResponse({ token: 'two-step-token', user: meFor('patient').user });
        }
        if (url === '/api/auth/me' && signedIn) return jsonResponse(meFor('patient'));
        return undefined;
      },
    });
    const user = await typePassword();
    const code = await screen.findByLabelText('Enter the 6-digit code from your authenticator app', {}, LOAD);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(TWO_STEP_MESSAGES.wrongCode));
    await user.clear(code);
    await user.type(code, '654 321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe('two-step-token');
    expect(sent).toEqual([
      { challengeToken: 'challenge-1', code: '123456' },
      { challengeToken: 'challenge-1', code: '654321' },
    ]);
  });

  it('takes a recovery code instead, and goes back to the password', async () => {
    const sent: unknown[] = [];
    renderApp({
      path: '/login',
      handle: ({ url, body }) => {
        if (url === '/api/auth/login')
          return jsonResponse({
            secondStep: { challengeToken: 'challenge-2', methods: ['totp', 'recovery'] },
          });
        if (url === '/api/auth/login/second-step') {
          sent.push(body);
          return wrongCode();
        }
        return undefined;
      },
    });
    const user = await typePassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }, LOAD));
    const recovery = await screen.findByLabelText('Enter one of your recovery codes');
    await user.type(recovery, 'ABCDE23456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(sent).toEqual([{ challengeToken: 'challenge-2', code: 'abcde-23456' }]));
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('leads a person the clinic requires through set-up, shows the codes once, then signs in', async () => {
    let signedIn = false;
    const { router } = renderApp({
      path: '/login',
      handle: ({ url, body }) => {
        if (url === '/api/auth/login')
          return jsonResponse({ secondStep: { challengeToken: 'enrol-1', methods: [], enrol: true } });
        if (url === '/api/two-step/enrol/start') {
          expect(body).toEqual({ challengeToken: 'enrol-1' });
          return jsonResponse(SETUP);
        }
        if (url === '/api/two-step/enrol/confirm') {
          expect(body).toEqual({ challengeToken: 'enrol-1', code: '246810' });
          signedIn = true;
          return jsonResponse({
            token: 'enrolled-token',
            user: meFor('practitioner').user,
            recoveryCodes: CODES,
          });
        }
        if (url === '/api/auth/me' && signedIn) return jsonResponse(meFor('practitioner'));
        return undefined;
      },
    });
    const user = await typePassword();
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }, LOAD),
    ).toHaveAttribute('src', SETUP.qrCodeDataUrl);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SETUP.secret);
    await user.type(screen.getByLabelText('6-digit code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    // Not signed in until the codes were seen.
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe('enrolled-token');
  });
});

describe('two-step sign-in in Settings > Security', () => {
  it('sets up an app with a code and shows the recovery codes', async () => {
    let enabled = false;
    renderApp({
      path: '/settings?tab=security',
      role: 'patient',
      handle: ({ url, body }) => {
        if (url === '/api/two-step') return jsonResponse({ enabled, recoveryCodesLeft: enabled ? 10 : 0 });
        if (url === '/api/two-step/setup') return jsonResponse(SETUP);
        if (url === '/api/two-step/setup/confirm') {
          if ((body as { code: string }).code !== '135790') return wrongCode();
          enabled = true;
          return jsonResponse({ recoveryCodes: CODES });
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }, LOAD));
    const code = await screen.findByLabelText('6-digit code');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(SETUP.secret);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(TWO_STEP_MESSAGES.wrongCode));
    await user.clear(code);
    await user.type(code, '135790');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText(/Recovery codes left/)).toHaveTextContent('Recovery codes left: 10');
  });

  it('turns it off with the password and a code, showing a refusal on its field', async () => {
    const sent: unknown[] = [];
    renderApp({
      path: '/settings?tab=security',
      role: 'staff',
      handle: ({ url, body }) => {
        if (url === '/api/two-step') return jsonResponse({ enabled: true, recoveryCodesLeft: 7 });
        if (url === '/api/two-step/disable') {
          sent.push(body);
          return jsonResponse(
            { message: 'Password is incorrect', fields: { password: 'Password is incorrect' } },
            400,
          );
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Turn off two-step sign-in' }, LOAD);
    await user.type(within(form).getByLabelText('Password'), 'not-it');
    await user.type(within(form).getByLabelText('Code from your app or a recovery code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Password is incorrect'),
    );
    expect(sent).toEqual([{ password: 'not-it', code: '123456' }]);
  });

  it('lets an admin require the second step for practitioners', async () => {
    const saved: unknown[] = [];
    renderApp({
      path: '/settings?tab=security',
      role: 'admin',
      handle: ({ url, method, body }) => {
        if (url === '/api/two-step') return jsonResponse({ enabled: false, recoveryCodesLeft: 0 });
        if (url === '/api/admin/sign-in-policy' && method === 'GET')
          return jsonResponse({
            requireForAdmins: true,
            requireForPractitioners: false,
            requireForStaff: false,
          });
        if (url === '/api/admin/sign-in-policy' && method === 'PUT') {
          saved.push(body);
          return jsonResponse(body);
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    const practitioners = await screen.findByRole('switch', { name: 'Practitioners' }, LOAD);
    expect(screen.getByRole('switch', { name: 'Admins' })).toBeChecked();
    await user.click(practitioners);
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(saved).toEqual([
        { requireForAdmins: true, requireForPractitioners: true, requireForStaff: false },
      ]),
    );
  });

  it('shows no policy to anyone but an admin', async () => {
    renderApp({
      path: '/settings?tab=security',
      role: 'practitioner',
      handle: ({ url }) =>
        url === '/api/two-step' ? jsonResponse({ enabled: false, recoveryCodesLeft: 0 }) : undefined,
    });
    expect(
      await screen.findByRole('button', { name: 'Set up an authenticator app' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByText('Second step for the clinic')).toBeNull();
  });
});
