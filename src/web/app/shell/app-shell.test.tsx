import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

async function openAccountMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Account menu for ${name}` }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('the shell', () => {
  it('shows the role sidebar, the title and the subtitle with the first name', async () => {
    renderApp({ path: '/', role: 'practitioner' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Treatment Calendar' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    expect(within(nav).getByText('Telehealth (Coming Soon)')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Practitioner Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Riley. Here is your day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    await waitFor(() => expect(document.title).toBe('Practitioner Dashboard | Clinic Portal'));
  });

  it('shows /messages full screen without the sidebar', async () => {
    renderApp({ path: '/messages', role: 'staff' });
    // The frame shown during the session check has the heading too; the shell's back link says the shell is in.
    expect(await screen.findByRole('link', { name: 'Back to dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('lists the user menu entries with the role badge, and Admin Panel for admins', async () => {
    renderApp({ path: '/', role: 'admin' });
    const { menu } = await openAccountMenu('Alex Kim');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items).toEqual([
      ['Profile Settings', '/settings?tab=profile'],
      ['Change Password', '/settings?tab=security'],
      ['Notifications', '/settings?tab=notifications'],
      ['Appearance', '/settings?tab=appearance'],
      ['System Settings', '/settings?tab=profile'],
      ['Admin Panel', '/admin'],
      ['Log out', null],
    ]);
    expect(within(menu).getByText('Admin')).toBeInTheDocument();
  });

  it('hides Admin Panel from everyone else', async () => {
    renderApp({ path: '/', role: 'staff' });
    const { menu } = await openAccountMenu('Sam Ortiz');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(within(menu).getByText('Staff')).toBeInTheDocument();
  });

  it('hides the New menu from patients', async () => {
    renderApp({ path: '/', role: 'patient' });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
  });

  it('New > Appointment goes to /calendar?action=appointment, with the other entries disabled', async () => {
    const { router } = renderApp({ path: '/', role: 'staff' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const menu = await screen.findByRole('menu');
    for (const label of ['Task', 'Reminder', 'Meeting', 'Out of Office', 'Note', 'Patient']) {
      expect(within(menu).getByRole('menuitem', { name: `${label} (Coming Soon)` })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Appointment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(router.state.location.search).toBe('?action=appointment');
  });

  it('New > Appointment on /calendar asks the calendar to open its dialog', async () => {
    const { router } = renderApp({ path: '/calendar', role: 'admin' });
    const listener = vi.fn();
    window.addEventListener('calendar:new-appointment', listener);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Appointment' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('');
    window.removeEventListener('calendar:new-appointment', listener);
  });

  it('opens the Donate dialog from the header at the amount step', async () => {
    renderApp({ path: '/', role: 'patient' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Donate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Donate' });
    expect(
      await within(dialog).findByRole('radiogroup', { name: 'Donation amount' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
