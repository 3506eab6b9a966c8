import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotificationPreference } from '../../../shared/notifications';
import { NOTIFICATION_TYPE_LABELS } from '../../../shared/vocabulary/notifications';
import { jsonResponse } from '../../test/fixtures';
import { allNotificationPreferences } from '../../test/live-fixtures';
import { renderApp } from '../../test/render-app';

function renderTab(answerPut: (body: unknown) => Response) {
  let stored = allNotificationPreferences();
  const sent: unknown[] = [];
  renderApp({
    path: '/settings?tab=notifications',
    role: 'practitioner',
    handle: ({ url, method, body }) => {
      if (url !== '/api/notification-preferences') return undefined;
      if (method === 'GET') return jsonResponse(stored);
      sent.push(body);
      const answer = answerPut(body);
      if (answer.ok) {
        const changes = body as Partial<NotificationPreference>[];
        stored = stored.map((entry) => ({
          ...entry,
          ...changes.find((change) => change.type === entry.type),
        }));
        return jsonResponse(stored);
      }
      return answer;
    },
  });
  return { sent };
}

describe('settings, notifications tab', () => {
  it('shows all 16 types by in-app, email, desktop and sound, from the saved preferences', async () => {
    renderTab(() => jsonResponse([]));
    const table = await screen.findByRole('table', { name: /Notification settings/ }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('rowheader');
    // The specification's 16: "Check-in to fill in" shows only while the clinic has care between visits on.
    expect(rows.map((row) => row.textContent)).toEqual(
      Object.values(NOTIFICATION_TYPE_LABELS).filter((label) => label !== 'Check-in to fill in'),
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Notification', 'In-app', 'Email', 'Desktop', 'Sound']);
    expect(within(table).getAllByRole('checkbox')).toHaveLength(64);
    // Messages stay in the portal by default; invoices are emailed.
    expect(screen.getByRole('checkbox', { name: 'Email for New message' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email for Invoice paid' })).toBeChecked();
  });

  it('saves each toggle as it changes and says so', async () => {
    const { sent } = renderTab(() => jsonResponse([]));
    const user = userEvent.setup();
    const email = await screen.findByRole(
      'checkbox',
      { name: 'Email for Invoice paid' },
      { timeout: 10_000 },
    );
    await user.click(email);
    await waitFor(() => expect(sent).toEqual([[{ type: 'invoice_paid', email: false }]]));
    expect(email).not.toBeChecked();
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sound for Security alert' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual([{ type: 'security_alert', sound: false }]);
  });

  it('puts a toggle back and says so when the save fails', async () => {
    renderTab(() => jsonResponse({ message: 'Something went wrong' }, 400));
    const user = userEvent.setup();
    const desktop = await screen.findByRole(
      'checkbox',
      { name: 'Desktop for Appointment reminder' },
      { timeout: 10_000 },
    );
    await user.click(desktop);
    expect(
      await screen.findByText('Could not save your notification settings. Please try again.'),
    ).toBeInTheDocument();
    expect(desktop).toBeChecked();
  });
});
