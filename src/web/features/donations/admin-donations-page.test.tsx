import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_DONATIONS_PAGE_SIZE,
  AdminDonationsQuerySchema,
  type Donation,
  type DonationPeriod,
} from '../../../shared/donations';
import { findSocket } from '../../test/fake-messaging-server';
import { renderApp } from '../../test/render-app';
import { periodLabel } from './admin-donations-page';
import { donation } from './test-server';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const bucket = (at: string, period: DonationPeriod) => {
  if (period === 'year') return at.slice(0, 4);
  if (period === 'month') return at.slice(0, 7);
  if (period === 'day') return at.slice(0, 10);
  const day = new Date(`${at.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
};

/** GET /api/admin/donations and the refund as the server answers them, over a list kept here. */
function fakeAdminDonations(initial: Donation[]) {
  const state = { donations: initial.map((item) => ({ ...item })) };
  const calls: { method: string; url: string }[] = [];
  const handle = ({ method, url }: { method: string; url: string }) => {
    const parsed = new URL(url, 'http://localhost');
    const refund = /^\/api\/admin\/donations\/([^/]+)\/refund$/.exec(parsed.pathname);
    if (parsed.pathname !== '/api/admin/donations' && !refund) return undefined;
    calls.push({ method, url });
    if (method === 'POST' && refund) {
      const found = state.donations.find((item) => item.id === refund[1]);
      if (!found) return json({ message: 'Donation not found' }, 404);
      found.status = 'refunded';
      found.refundedAt = '2026-11-03T09:00:00.000Z';
      return json({ donation: found });
    }
    const query = AdminDonationsQuerySchema.safeParse(Object.fromEntries(parsed.searchParams));
    if (!query.success) return json({ message: 'Invalid request' }, 400);
    const { donor, status, from, to, period, page } = query.data;
    const matching = state.donations.filter(
      (item) =>
        (!status || item.status === status) &&
        (!from || item.createdAt.slice(0, 10) >= from) &&
        (!to || item.createdAt.slice(0, 10) <= to) &&
        (!donor ||
          `${item.firstName} ${item.lastName} ${item.email}`.toLowerCase().includes(donor.toLowerCase())),
    );
    const periods = new Map<
      string,
      { count: number; amountCents: number; refundedCount: number; refundedCents: number }
    >();
    for (const item of matching.filter((candidate) => candidate.paidAt)) {
      const key = bucket(item.paidAt as string, period);
      const sums = periods.get(key) ?? { count: 0, amountCents: 0, refundedCount: 0, refundedCents: 0 };
      if (item.status === 'paid') {
        sums.count += 1;
        sums.amountCents += item.amountCents;
      } else if (item.status === 'refunded') {
        sums.refundedCount += 1;
        sums.refundedCents += item.amountCents;
      }
      periods.set(key, sums);
    }
    const byPeriod = [...periods.entries()]
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([key, sums]) => ({ period: key, ...sums }));
    const totals = byPeriod.reduce(
      (sum, row) => ({
        count: sum.count + row.count,
        amountCents: sum.amountCents + row.amountCents,
        refundedCount: sum.refundedCount + row.refundedCount,
        refundedCents: sum.refundedCents + row.refundedCents,
      }),
      { count: 0, amountCents: 0, refundedCount: 0, refundedCents: 0 },
    );
    return json({
      donations: matching.slice((page - 1) * ADMIN_DONATIONS_PAGE_SIZE, page * ADMIN_DONATIONS_PAGE_SIZE),
      page,
      pageSize: ADMIN_DONATIONS_PAGE_SIZE,
      total: matching.length,
      totals,
      byPeriod,
    });
  };
  return { state, calls, handle };
}

const jamie = donation({
  firstName: 'Jamie',
  lastName: 'Rivers',
  email: 'jamie@example.test',
  amountCents: 2500,
  createdAt: '2026-11-02T10:00:00.000Z',
  paidAt: '2026-11-02T10:01:00.000Z',
});
const alex = donation({
  firstName: 'Alex',
  lastName: 'Stone',
  email: 'alex@example.test',
  amountCents: 10_000,
  status: 'refunded',
  createdAt: '2026-10-12T10:00:00.000Z',
  paidAt: '2026-10-12T10:01:00.000Z',
  refundedAt: '2026-10-13T10:00:00.000Z',
});
const pending = donation({
  firstName: 'Sam',
  lastName: 'Pending',
  status: 'pending',
  paidAt: null,
  cardLast4: null,
  createdAt: '2026-10-01T10:00:00.000Z',
});

function render(
  path = '/admin/donations',
  donations = [jamie, alex, pending],
  role: 'admin' | 'member' = 'admin',
) {
  const server = fakeAdminDonations(donations);
  const view = renderApp({ path, role, handle: server.handle });
  return { server, ...view };
}

const listCalls = (server: ReturnType<typeof fakeAdminDonations>) =>
  server.calls
    .filter((call) => call.method === 'GET')
    .map((call) => new URL(call.url, 'http://localhost').searchParams);
const findTable = () => screen.findByRole('table', { name: /^Donations:/ }, { timeout: 10_000 });
const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the admin donations page', { timeout: 20_000 }, () => {
  it('lists every donation with its donor, status and card, and the totals by month', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Donations' })).toBeInTheDocument();
    const table = await findTable();
    expect(rows(table)).toHaveLength(3);
    expect(rows(table)[0]).toHaveTextContent('Jamie Rivers');
    expect(rows(table)[0]).toHaveTextContent('jamie@example.test');
    expect(rows(table)[0]).toHaveTextContent('$25.00');
    expect(rows(table)[0]).toHaveTextContent('•••• 4242');
    expect(rows(table)[1]).toHaveTextContent('Refunded');
    expect(rows(table)[2]).toHaveTextContent('Not completed');
    expect(within(rows(table)[1]).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(within(rows(table)[2]).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(figure('Paid donations')).toBe('1');
    expect(figure('Paid')).toBe('$25.00');
    expect(figure('Refunded')).toBe('$100.00');
    const periods = screen.getByRole('table', { name: 'Donation totals by month, newest first' });
    expect(rows(periods).map((row) => row.textContent)).toEqual([
      'Nov 20261$25.000$0.00',
      'Oct 20260$0.001$100.00',
    ]);
    expect(
      screen.getByRole('img', { name: /^Donations by month, latest first: Nov 2026: \$25\.00 paid/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 (3 donations)')).toBeInTheDocument();
  });

  it('searches by donor, filters by status and days, and totals by another period', async () => {
    const { server, router } = render();
    await findTable();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Donor' }), 'alex');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('donor')).toBe('alex'));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: /^Donations:/ }))).toHaveLength(1));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Donor' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paid');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('status')).toBe('paid'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await userEvent.type(screen.getByLabelText('From'), '2026-10-05');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('from')).toBe('2026-10-05'));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: /^Donations:/ }))).toHaveLength(2));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Totals by' }), 'week');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('period')).toBe('week'));
    expect(
      await screen.findByRole('table', { name: 'Donation totals by week, newest first' }),
    ).toHaveTextContent('Week of 2 Nov 2026');
    expect(router.state.location.search).toBe('?from=2026-10-05&period=week');
  });

  it('moves between pages of 25', async () => {
    const many = Array.from({ length: ADMIN_DONATIONS_PAGE_SIZE + 2 }, (_, index) =>
      donation({ firstName: 'Donor', lastName: String(index) }),
    );
    const { server } = render('/admin/donations', many);
    const table = await findTable();
    expect(rows(table)).toHaveLength(ADMIN_DONATIONS_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2 (27 donations)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2 (27 donations)')).toBeInTheDocument());
    expect(rows(screen.getByRole('table', { name: /^Donations:/ }))).toHaveLength(2);
    expect(listCalls(server).at(-1)?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('refunds a paid donation after confirming, and keeps it when told to', async () => {
    const { server } = render();
    const table = await findTable();
    const refund = within(table).getByRole('button', { name: 'Refund: $25.00 from Jamie Rivers' });
    await userEvent.click(refund);
    let dialog = await screen.findByRole('dialog', { name: 'Refund this donation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep donation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.click(refund);
    dialog = await screen.findByRole('dialog', { name: 'Refund this donation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $25.00' }));
    expect(await screen.findByText('Refunded $25.00 to Jamie Rivers')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.url).toBe(
      `/api/admin/donations/${jamie.id}/refund`,
    );
    await waitFor(() => expect(figure('Refunded')).toBe('$125.00'));
    expect(rows(table)[0]).toHaveTextContent('Refunded');
  });

  it('asks again when a donation is made, paid or refunded elsewhere', async () => {
    const { server } = render();
    const table = await findTable();
    const socket = await findSocket('notifications');
    server.state.donations.unshift(donation({ firstName: 'Sky', lastName: 'New' }));
    socket.receive({ type: 'donations_changed' });
    expect(await within(table).findByText('Sky New')).toBeInTheDocument();
  });

  it('sends a non-admin home', async () => {
    const { router, server } = render('/admin/donations', [jamie], 'member');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls).toHaveLength(0);
  });

  it('names periods as people read them', () => {
    expect(periodLabel('2026-11-16', 'week')).toBe('Week of 16 Nov 2026');
    expect(periodLabel('2026-11-16', 'day')).toBe('16 Nov 2026');
    expect(periodLabel('2026-11', 'month')).toBe('Nov 2026');
    expect(periodLabel('2026', 'year')).toBe('2026');
  });
});
