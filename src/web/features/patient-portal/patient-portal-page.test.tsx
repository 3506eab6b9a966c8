import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccessLogEntry, AccessLogPage } from '../../../shared/record-access';
import { dashboardServer, patientDashboard, patientId } from '../../test/fake-dashboard';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const entry = (id: number, overrides: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  id: String(id),
  at: '2026-03-10T09:30:00.000Z',
  action: 'patient.viewed',
  description: 'Opened the record',
  actor: { id: '00000000-0000-4000-8000-000000000002', name: 'Sam Ortiz', role: 'staff', isYou: false },
  noteId: null,
  ...overrides,
});

/** The patient's own access log, 2 entries a page. */
function accessLogServer(entries: AccessLogEntry[]) {
  const urls: string[] = [];
  return {
    urls,
    handle: ({ method, url }: { method: string; url: string }) => {
      if (method !== 'GET' || !url.startsWith('/api/patients/me/access-log')) return undefined;
      urls.push(url);
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
      const start = cursor ? entries.findIndex((row) => row.id === cursor) + 1 : 0;
      const items = entries.slice(start, start + 2);
      const page: AccessLogPage = {
        items,
        nextCursor: start + 2 < entries.length ? items[items.length - 1].id : null,
      };
      return jsonResponse(page);
    },
  };
}

describe('the patient portal', () => {
  it('shows the patient their care and who opened their record, with You for themselves', async () => {
    const dashboard = dashboardServer(patientDashboard());
    const log = accessLogServer([
      entry(9),
      entry(8, {
        action: 'recovery-note.viewed',
        description: 'Opened a recovery note',
        actor: { id: patientId, name: 'Pat Morgan', role: 'patient', isYou: true },
      }),
      entry(7, {
        action: 'recovery-note.signed',
        description: 'Signed a recovery note',
        actor: {
          id: '00000000-0000-4000-8000-000000000001',
          name: 'Riley Chen',
          role: 'practitioner',
          isYou: false,
        },
      }),
    ]);
    renderApp({
      path: '/patient-portal',
      role: 'patient',
      handle: (call) => dashboard.handle(call) ?? log.handle(call),
    });
    const portal = await screen.findByTestId('patient-portal', {}, { timeout: 10_000 });
    for (const name of ['Onboarding', 'Recent notes from your care team', 'Messages', 'Recovery progress'])
      expect(await within(portal).findByRole('region', { name })).toBeInTheDocument();
    const next = within(portal).getByRole('region', { name: 'Next appointment' });
    expect(next).toHaveTextContent('Follow-up session with Riley Chen');
    expect(within(next).getByRole('link', { name: 'All my appointments' })).toHaveAttribute(
      'href',
      '/appointments',
    );

    const who = within(portal).getByRole('region', { name: 'Who opened my record' });
    const table = await within(who).findByRole('table', { name: /^Who opened your record: 2 shown/ });
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].slice(1).map((cell) => cell.textContent));
    expect(rows()).toEqual([
      ['Sam Ortiz (Staff)', 'Opened the record'],
      ['You', 'Opened a recovery note'],
    ]);
    await userEvent.click(within(who).getByRole('button', { name: 'Load more' }));
    await within(who).findByRole('table', { name: /3 shown/ });
    expect(rows()[2]).toEqual(['Riley Chen (Practitioner)', 'Signed a recovery note']);
    expect(log.urls).toEqual(['/api/patients/me/access-log', '/api/patients/me/access-log?cursor=8']);
    expect(within(who).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nobody has opened the record yet', async () => {
    const dashboard = dashboardServer(patientDashboard());
    const log = accessLogServer([]);
    renderApp({
      path: '/patient-portal',
      role: 'patient',
      handle: (call) => dashboard.handle(call) ?? log.handle(call),
    });
    expect(
      await screen.findByText('Nobody has opened your record yet.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('tells anyone but a patient what the portal is for', async () => {
    renderApp({ path: '/patient-portal', role: 'staff' });
    expect(
      await screen.findByText(
        /The patient portal is where patients see their own care/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/');
  });
});
