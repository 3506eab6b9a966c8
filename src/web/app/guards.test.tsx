import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
