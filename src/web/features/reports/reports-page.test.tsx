import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvOf } from '../../../shared/csv';
import type { ReportAnswer, ReportName } from '../../../shared/reports';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { viewOf } from './report-views';

const base = { timeZone: 'Europe/London', bucket: 'day' as const, practitionerId: null };
const statuses = { scheduled: 1, confirmed: 2, checked_in: 0, completed: 6, cancelled: 1, no_show: 2 };

/** The answers of a small clinic for 1–2 March 2031. */
function answerOf(name: ReportName, from: string, to: string): ReportAnswer {
  const range = { ...base, from, to };
  switch (name) {
    case 'appointments':
      return {
        report: name,
        ...range,
        total: 12,
        byStatus: statuses,
        noShowRate: 0.25,
        series: [
          { bucket: from, total: 12, byStatus: statuses },
          {
            bucket: to,
            total: 0,
            byStatus: { ...statuses, confirmed: 0, completed: 0, cancelled: 0, no_show: 0, scheduled: 0 },
          },
        ],
      };
    case 'revenue':
      return {
        report: name,
        ...range,
        invoicedCents: 34_000,
        invoiceCount: 3,
        collectedCents: 12_500,
        refundedCents: 2_500,
        series: [{ bucket: from, invoicedCents: 34_000, collectedCents: 12_500 }],
      };
    case 'receivables':
      return {
        report: name,
        ...range,
        asOf: to,
        totalCents: 29_000,
        invoiceCount: 2,
        buckets: [
          { bucket: 'current', count: 1, balanceCents: 4_000 },
          { bucket: '1-30', count: 1, balanceCents: 25_000 },
          { bucket: '31-60', count: 0, balanceCents: 0 },
          { bucket: '61-90', count: 0, balanceCents: 0 },
          { bucket: '90+', count: 0, balanceCents: 0 },
        ],
      };
    case 'new-patients':
      return { report: name, ...range, total: 4, series: [{ bucket: from, count: 4 }] };
    case 'utilisation':
      return {
        report: name,
        ...range,
        practitioners: [
          {
            practitionerId: '00000000-0000-4000-8000-00000000c001',
            name: 'Riley Chen',
            availableMinutes: 660,
            bookedMinutes: 120,
            sessions: 2,
            completed: 1,
            noShows: 1,
            utilisation: 120 / 660,
          },
        ],
      };
    case 'donations':
      return {
        report: name,
        ...range,
        count: 2,
        amountCents: 7_500,
        refundedCount: 1,
        refundedCents: 1_000,
        series: [{ bucket: from, count: 2, amountCents: 7_500 }],
      };
    case 'store':
      return {
        report: name,
        ...range,
        orders: 3,
        itemsSold: 5,
        salesCents: 9_000,
        refundedCents: 0,
        series: [{ bucket: from, orders: 3, salesCents: 9_000 }],
        topProducts: [{ name: 'Clinic mug', quantity: 3, salesCents: 4_500 }],
      };
    case 'events':
      return {
        report: name,
        ...range,
        events: 1,
        registered: 12,
        waitlisted: 2,
        checkedIn: 9,
        takingsCents: 0,
        rows: [
          {
            eventId: 'e1',
            title: 'Recovery walk',
            startsAt: `${from}T09:00:00.000Z`,
            capacity: 12,
            registered: 12,
            waitlisted: 2,
            checkedIn: 9,
          },
        ],
      };
    case 'membership':
      return {
        report: name,
        ...range,
        members: 40,
        activeMembers: 38,
        newMembers: 3,
        series: [{ bucket: from, count: 3 }],
      };
  }
}

function reportServer() {
  const asked: string[] = [];
  return {
    asked,
    handle: ({ method, url }: { method: string; url: string }) => {
      const match = /^\/api\/reports\/([a-z-]+)\?(.*)$/.exec(url);
      if (method === 'GET' && url.startsWith('/api/practitioners'))
        return jsonResponse([
          { id: '00000000-0000-4000-8000-00000000c001', firstName: 'Riley', lastName: 'Chen' },
        ]);
      if (method !== 'GET' || !match) return undefined;
      asked.push(url);
      const params = new URLSearchParams(match[2]);
      return jsonResponse(answerOf(match[1] as ReportName, params.get('from')!, params.get('to')!));
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the reports page', { timeout: 20_000 }, () => {
  it("shows staff the clinic's reports for the range in the address, each with its figures", async () => {
    const server = reportServer();
    renderApp({ path: '/reports?from=2031-03-01&to=2031-03-02', role: 'staff', handle: server.handle });
    const appointments = await screen.findByRole(
      'region',
      { name: 'Appointments by status' },
      { timeout: 10_000 },
    );
    await within(appointments).findByText('25.0%');
    expect(within(appointments).getByText('No-show rate')).toBeInTheDocument();
    const table = within(appointments).getByRole('table', {
      name: 'Appointments by status, 2031-03-01 to 2031-03-02',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const revenue = screen.getByRole('region', { name: 'Revenue: invoiced and collected' });
    expect(await within(revenue).findByText('$340.00')).toBeInTheDocument();
    expect(within(revenue).getByText('$125.00')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Donations' })).toBeInTheDocument();
    // Membership, store and events figures are the admin's.
    expect(screen.queryByRole('region', { name: 'Membership' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Store sales' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.asked).toHaveLength(6));
    expect(server.asked.every((url) => url.includes('from=2031-03-01&to=2031-03-02'))).toBe(true);
  });

  it('gives a practitioner their own reports only, with no practitioner filter', async () => {
    const server = reportServer();
    renderApp({
      path: '/reports?from=2031-03-01&to=2031-03-02',
      role: 'practitioner',
      handle: server.handle,
    });
    await screen.findByRole('region', { name: 'Practitioner utilisation' }, { timeout: 10_000 });
    expect(screen.getByText(/Your own figures/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Donations' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Practitioner')).not.toBeInTheDocument();
  });

  it('adds membership on /admin/reports', async () => {
    const server = reportServer();
    renderApp({ path: '/admin/reports?from=2031-03-01&to=2031-03-02', role: 'admin', handle: server.handle });
    const membership = await screen.findByRole('region', { name: 'Membership' }, { timeout: 10_000 });
    expect(await within(membership).findByText('38')).toBeInTheDocument();
    const store = screen.getByRole('region', { name: 'Store sales' });
    expect(await within(store).findByText('$90.00')).toBeInTheDocument();
    const events = screen.getByRole('region', { name: 'Events' });
    expect(await within(events).findByRole('rowheader', { name: 'Recovery walk' })).toBeInTheDocument();
  });

  it('asks again when the range changes and refuses a backwards one', async () => {
    const server = reportServer();
    renderApp({ path: '/reports?from=2031-03-01&to=2031-03-02', role: 'admin', handle: server.handle });
    await screen.findByRole('region', { name: 'New patients' }, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2031-03-05' } });
    await waitFor(() =>
      expect(server.asked.some((url) => url.includes('from=2031-03-01&to=2031-03-05'))).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-04-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('whose start is not after its end');
  });

  it('exports a report as CSV', async () => {
    const server = reportServer();
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp({ path: '/reports?from=2031-03-01&to=2031-03-02', role: 'staff', handle: server.handle });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Export Receivables ageing as CSV' }, { timeout: 10_000 }),
    );
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]);
    });
    expect(text.split('\r\n').slice(0, 4)).toEqual([
      '"Receivables ageing","2031-03-01 to 2031-03-02","Europe/London"',
      '"Age","Invoices","Balance ($)"',
      '"Not yet due",1,40',
      '"1–30 days",1,250',
    ]);
  });
});

describe('report figures', () => {
  it('turn cents into dollars and keep every bucket', () => {
    const view = viewOf(answerOf('revenue', '2031-03-01', '2031-03-01'));
    expect(view.table.rows).toEqual([['2031-03-01', 340, 125]]);
    expect(view.summary.find((item) => item.label === 'Refunded')?.value).toBe('$25.00');
  });

  it('write CSV that a spreadsheet will not run as a formula', () => {
    expect(csvOf([['=SUM(A1)', 'a "quote"', 3]])).toBe('"\'=SUM(A1)","a ""quote""",3\r\n');
  });
});
