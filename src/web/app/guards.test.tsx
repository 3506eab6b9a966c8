import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../shared/constants';
import { jsonResponse, meFor } from '../test/fixtures';
import { renderApp } from '../test/render-app';

describe('route guards', () => {
  it('sends a visitor to /login and remembers where they were going', async () => {
    const { router } = renderApp({ path: '/calendar?view=week' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/calendar?view=week');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a visitor away from admin and member routes to /login', async () => {
    const admin = renderApp({ path: '/admin/staff' });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/login'));
    admin.unmount();
    const member = renderApp({ path: '/member/events' });
    await waitFor(() => expect(member.router.state.location.pathname).toBe('/login'));
  });

  it('sends a non-admin from /admin to /', async () => {
    const { router } = renderApp({ path: '/admin', role: 'staff' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinic Dashboard' })).toBeInTheDocument();
  });

  it('lets an admin into the admin panel', async () => {
    const { router } = renderApp({ path: '/admin/activity', role: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity Log' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/activity');
    expect(await screen.findByRole('navigation', { name: 'Admin panel sections' })).toBeInTheDocument();
  });

  it('sends a non-member from /member to /', async () => {
    const { router } = renderApp({ path: '/member', role: 'practitioner' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Practitioner Dashboard' }),
    ).toBeInTheDocument();
  });

  it('shows a member the member dashboard on /calendar, without the shell', async () => {
    const { router } = renderApp({ path: '/calendar', role: 'member' });
    expect(await screen.findByTestId('member-dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Member Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/calendar');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('lets a member into member routes', async () => {
    renderApp({ path: '/member/quotes', role: 'member' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
  });

  it('shows a patient the patient dashboard on /reports and /clients', async () => {
    const reports = renderApp({ path: '/reports', role: 'patient' });
    expect(await screen.findByTestId('patient-dashboard')).toBeInTheDocument();
    expect(reports.router.state.location.pathname).toBe('/reports');
    reports.unmount();
    renderApp({ path: '/clients', role: 'patient' });
    expect(await screen.findByTestId('patient-dashboard')).toBeInTheDocument();
  });

  it('shows staff the reports screen itself', async () => {
    renderApp({ path: '/reports', role: 'staff' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByTestId('patient-dashboard')).not.toBeInTheDocument();
  });

  it.each([
    ['patient', 'patient-dashboard'],
    ['practitioner', 'practitioner-dashboard'],
    ['member', 'member-dashboard'],
    ['staff', 'general-dashboard'],
    ['admin', 'general-dashboard'],
  ] as const)('/ is the %s home', async (role, testId) => {
    renderApp({ path: '/', role });
    expect(await screen.findByTestId(testId)).toBeInTheDocument();
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp({ path: '/no-such-place' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | Clinic Portal'));
  });

  it('sends a signed-in user from /login to their home', async () => {
    const { router } = renderApp({ path: '/login', role: 'patient' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('clears a token the server no longer accepts', async () => {
    const { router } = renderApp({
      path: '/billing',
      role: 'patient',
      handle: ({ url }) => (url === '/api/auth/me' ? new Response(null, { status: 500 }) : undefined),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('while the session check runs', () => {
  /** Holds /api/auth/me until the test answers it. */
  function heldSessionCheck() {
    let answer: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    return {
      handle: ({ url }: { url: string }) => (url === '/api/auth/me' ? held : undefined),
      answer: (response: Response) => answer(response),
    };
  }

  it('paints the frame and heading of the role last signed in here, and nothing to use before the answer', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionRole, 'practitioner');
    const check = heldSessionCheck();
    renderApp({ path: '/', role: 'practitioner', handle: check.handle });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Practitioner Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your session…');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('practitioner-dashboard')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    check.answer(jsonResponse(meFor('practitioner')));
    expect(await screen.findByTestId('practitioner-dashboard')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Practitioner Dashboard',
    ]);
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it("paints a member's top bar and heading for a member", async () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionRole, 'member');
    const check = heldSessionCheck();
    renderApp({ path: '/member/events', role: 'member', handle: check.handle });
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your session…');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    check.answer(jsonResponse(meFor('member')));
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it("shows the role's home heading on a route kept for another role, where the answer will send it", async () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionRole, 'practitioner');
    const check = heldSessionCheck();
    const { router } = renderApp({ path: '/admin/staff', role: 'practitioner', handle: check.handle });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Practitioner Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your session…');
    check.answer(jsonResponse(meFor('practitioner')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('practitioner-dashboard')).toBeInTheDocument();
  });

  it('shows only the status when this browser has no role to go by', async () => {
    const check = heldSessionCheck();
    renderApp({ path: '/', role: 'practitioner', handle: check.handle });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your session…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    check.answer(jsonResponse(meFor('practitioner')));
    expect(await screen.findByTestId('practitioner-dashboard')).toBeInTheDocument();
  });

  it('ignores a stored role the app does not know', async () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionRole, 'superuser');
    const check = heldSessionCheck();
    renderApp({ path: '/', role: 'staff', handle: check.handle });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your session…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    check.answer(jsonResponse(meFor('staff')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinic Dashboard' })).toBeInTheDocument();
  });

  it("keeps the role the check accepted, and a rejected token's role goes with it", async () => {
    const accepted = renderApp({ path: '/', role: 'staff' });
    expect(await screen.findByTestId('general-dashboard')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.sessionRole)).toBe('staff'));
    accepted.unmount();

    // The token is now someone else's: the role stored for the previous user is replaced, not trusted.
    window.localStorage.setItem(STORAGE_KEYS.token, 'token-patient');
    const next = renderApp({
      path: '/',
      handle: ({ url }) => (url === '/api/auth/me' ? jsonResponse(meFor('patient')) : undefined),
    });
    expect(await screen.findByTestId('patient-dashboard')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.sessionRole)).toBe('patient'));
    next.unmount();

    const rejected = renderApp({
      path: '/billing',
      handle: ({ url }) =>
        url === '/api/auth/me' ? jsonResponse({ message: 'Unauthorized' }, 401) : undefined,
    });
    await waitFor(() => expect(rejected.router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionRole)).toBeNull();
  });
});
