import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GeneralDashboard } from '../../../shared/dashboard';
import { dashboardServer, patientDashboard } from '../../test/fake-dashboard';
import { renderApp } from '../../test/render-app';

const card = (name: string) => screen.findByRole('region', { name }, { timeout: 10_000 });
const INVOICE_ID = '00000000-0000-4000-8000-00000000d001';

const general = (billing: GeneralDashboard['billing']): GeneralDashboard => ({
  kind: 'general',
  billing,
  unreadMessages: 0,
  clinicSchedule: {
    day: '2026-03-16',
    timeZone: 'Europe/London',
    appointments: [],
    total: 0,
    byStatus: { scheduled: 0, confirmed: 0, checked_in: 0, completed: 0, cancelled: 0, no_show: 0 },
  },
  newPatients: { count: 0, newest: [] },
  activePatients: 0,
  notesSignedThisWeek: 0,
});

describe('the dashboards’ billing cards', () => {
  it('shows a patient what they owe and links the invoice due first', async () => {
    const server = dashboardServer(
      patientDashboard({
        billing: {
          balanceDueCents: 15550,
          openInvoices: 2,
          nextDue: { id: INVOICE_ID, number: 'INV-000004', dueDate: '2026-12-01', balanceCents: 5550 },
        },
      }),
    );
    renderApp({ path: '/', role: 'patient', handle: server.handle });
    const balance = await card('Balance due');
    expect(balance).toHaveTextContent('$155.50on 2 open invoices');
    expect(balance).toHaveTextContent('Next due: 1 Dec 2026, INV-000004 ($55.50)');
    expect(within(balance).getByRole('link', { name: 'Invoice INV-000004, $55.50 due' })).toHaveAttribute(
      'href',
      `/billing?invoice=${INVOICE_ID}`,
    );
    expect(within(balance).getByRole('link', { name: 'My Billing' })).toHaveAttribute('href', '/billing');
  });

  it('tells a patient who owes nothing so', async () => {
    const server = dashboardServer(patientDashboard());
    renderApp({ path: '/', role: 'patient', handle: server.handle });
    const balance = await card('Balance due');
    expect(balance).toHaveTextContent('Nothing owed.');
    expect(within(balance).getAllByRole('link')).toHaveLength(1);
  });

  it.each(['staff', 'admin'] as const)(
    'shows %s this month’s revenue and the overdue invoices',
    async (role) => {
      const server = dashboardServer(
        general({ revenueThisMonthCents: 123450, overdueInvoices: 3, overdueBalanceCents: 42000 }),
      );
      renderApp({ path: '/', role, handle: server.handle });
      expect(await card('Revenue this month')).toHaveTextContent('$1,234.50');
      const overdue = await card('Overdue invoices');
      expect(overdue).toHaveTextContent('3overdue invoices');
      expect(overdue).toHaveTextContent('$420.00 past due');
      expect(within(overdue).getByRole('link', { name: 'Open overdue invoices' })).toHaveAttribute(
        'href',
        '/billing?status=overdue',
      );
    },
  );

  it('says nothing is past due when no invoice is overdue', async () => {
    const server = dashboardServer(
      general({ revenueThisMonthCents: 0, overdueInvoices: 0, overdueBalanceCents: 0 }),
    );
    renderApp({ path: '/', role: 'staff', handle: server.handle });
    expect(await card('Overdue invoices')).toHaveTextContent('0overdue invoicesNothing is past due.');
    expect(await card('Revenue this month')).toHaveTextContent('$0.00');
  });
});
