import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRANSACTIONS_PAGE_SIZE } from '../../../shared/transactions';
import { findSocket } from '../../test/fake-messaging-server';
import { renderApp } from '../../test/render-app';
import { fakeTransactionsServer, transaction } from './test-server';

const gift = transaction({ payerName: 'Jamie Rivers', payerEmail: 'jamie@example.test', amountCents: 2500 });
const cash = transaction({
  kind: 'invoice',
  method: 'cash',
  cardLast4: null,
  amountCents: 8000,
  refundedCents: 3000,
  status: 'partially_refunded',
  createdAt: '2026-11-01T10:00:00.000Z',
  payerName: 'Pat Quinn',
  payerEmail: 'pat@example.test',
  paidFor: 'Invoice INV-000101',
  donationId: null,
  invoiceId: '00000000-0000-4000-8000-0000000000i1',
  invoiceNumber: 'INV-000101',
  refunds: [
    {
      id: 'r1',
      amountCents: 3000,
      reason: 'Overcharged',
      createdAt: '2026-11-01T11:00:00.000Z',
      byName: 'Alex Kim',
    },
  ],
});
const refunded = transaction({
  payerName: 'Alex Stone',
  amountCents: 10_000,
  refundedCents: 10_000,
  status: 'refunded',
  createdAt: '2026-10-20T10:00:00.000Z',
});

function render(
  options: { path?: string; role?: 'admin' | 'staff'; transactions?: ReturnType<typeof transaction>[] } = {},
) {
  const server = fakeTransactionsServer({
    transactions: (options.transactions ?? [gift, cash, refunded]).map((item) => structuredClone(item)),
  });
  const view = renderApp({
    path: options.path ?? '/admin/transactions',
    role: options.role ?? 'admin',
    handle: server.handle,
  });
  return { server, ...view };
}

const listCalls = (server: ReturnType<typeof fakeTransactionsServer>) =>
  server.calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/admin/transactions?'))
    .map((call) => new URL(call.url, 'http://localhost').searchParams);
const findTable = () => screen.findByRole('table', { name: /^Transactions:/ }, { timeout: 10_000 });
const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const figure = (term: string) => {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

afterEach(() => vi.unstubAllGlobals());

describe('the transactions page', { timeout: 20_000 }, () => {
  it('shows every payment newest first with payer, what it paid for, refunds and the totals', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Received', 'Payer', 'Paid for', 'Method', 'Amount', 'Refunded', 'Status', 'Actions']);
    const [first, second, third] = rows(table);
    expect(first).toHaveTextContent('Jamie Rivers');
    expect(first).toHaveTextContent('Card •••• 4242');
    expect(first).toHaveTextContent('$25.00');
    expect(within(second).getByRole('link', { name: 'Invoice INV-000101' })).toHaveAttribute(
      'href',
      `/billing?invoice=${cash.invoiceId}`,
    );
    expect(second).toHaveTextContent('Partly refunded');
    expect(second).toHaveTextContent('$30.00 on 1 Nov 2026, 11:00 by Alex Kim: Overcharged');
    expect(third).toHaveTextContent('Refunded');
    expect(within(third).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(figure('Received')).toBe('$205.00');
    expect(figure('Refunded')).toBe('$130.00');
    expect(figure('Net')).toBe('$75.00');
    expect(figure('Payments')).toBe('3');
  });

  it('filters by kind, method, status, days and search, keeping them in the address', async () => {
    const { server, router } = render();
    await findTable();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'invoice');
    await waitFor(() => expect(rows(screen.getByRole('table', { name: /^Transactions:/ }))).toHaveLength(1));
    expect(listCalls(server).at(-1)?.get('kind')).toBe('invoice');
    expect(router.state.location.search).toBe('?kind=invoice');
    expect(figure('Payments')).toBe('1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'cash');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'partially_refunded');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('status')).toBe('partially_refunded'));
    expect(listCalls(server).at(-1)?.get('method')).toBe('cash');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Method' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'jamie');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('search')).toBe('jamie'));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: /^Transactions:/ }))).toHaveLength(1));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(listCalls(server).at(-1)?.get('from')).toBe('2026-11-01'));
    await waitFor(() => expect(rows(screen.getByRole('table', { name: /^Transactions:/ }))).toHaveLength(2));
  });

  it('reads its filters from the address and leaves out ones the server would refuse', async () => {
    const { server } = render({
      path: '/admin/transactions?method=cheque&kind=gift-aid&from=2026-11-05&to=2026-11-01',
    });
    await screen.findByText('No payments match these filters.', undefined, { timeout: 10_000 });
    const query = listCalls(server)[0];
    expect(query.get('method')).toBe('cheque');
    expect(query.has('kind')).toBe(false);
    expect(query.has('from')).toBe(false);
    expect(query.get('to')).toBe('2026-11-01');
  });

  it('pages by 25 with Load more, the totals covering every page', async () => {
    const many = Array.from({ length: TRANSACTIONS_PAGE_SIZE + 3 }, (_, index) =>
      transaction({
        payerName: `Donor ${index}`,
        createdAt: new Date(Date.UTC(2026, 9, 1, index)).toISOString(),
      }),
    );
    const { server } = render({ transactions: many });
    const table = await findTable();
    expect(rows(table)).toHaveLength(TRANSACTIONS_PAGE_SIZE);
    expect(figure('Payments')).toBe(String(TRANSACTIONS_PAGE_SIZE + 3));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows(table)).toHaveLength(TRANSACTIONS_PAGE_SIZE + 3));
    expect(listCalls(server).at(-1)?.get('cursor')).toBe(many[3].id);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('refunds a donation whole through the donation route after confirming', async () => {
    const { server } = render();
    const table = await findTable();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Refund: $25.00 from Jamie Rivers, Clinic fund' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund this donation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $25.00' }));
    expect(await screen.findByText('Refunded $25.00 to Jamie Rivers')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.url).toBe(
      `/api/admin/donations/${gift.donationId}/refund`,
    );
    await waitFor(() => expect(figure('Refunded')).toBe('$155.00'));
    expect(rows(table)[0]).toHaveTextContent('Refunded');
    expect(within(rows(table)[0]).queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('refunds an event seat whole through the event, with a reason, after confirming', async () => {
    const seat = transaction({
      kind: 'event',
      amountCents: 1800,
      refundedCents: 0,
      status: 'succeeded',
      payerName: 'Lee Ledger',
      paidFor: 'Event: Garden workshop',
      donationId: null,
      eventId: 'event-1',
      eventRegistrationId: 'registration-1',
      refunds: [],
    });
    const { server } = render({ transactions: [seat] });
    const table = await findTable();
    expect(rows(table)[0]).toHaveTextContent('Event');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Refund: $18.00 from Lee Ledger, Event: Garden workshop' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund Event: Garden workshop?' });
    expect(dialog).toHaveTextContent('the seat is offered to the waitlist');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'Could not attend',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $18.00' }));
    expect(await screen.findByText('Refunded $18.00 to Lee Ledger')).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/admin/events/event-1/attendees/registration-1/refund');
    expect(post?.body).toEqual({ reason: 'Could not attend' });
  });

  it('refunds part of an invoice payment with a reason, checking the amount first', async () => {
    const { server } = render();
    const table = await findTable();
    await userEvent.click(within(table).getByRole('button', { name: /^Refund: \$80\.00 from Pat Quinn/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment of INV-000101' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund ($)' });
    expect(amount).toHaveValue('50.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('At most $50.00 is left to refund')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Session cut short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $12.50 of INV-000101')).toBeInTheDocument();
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(`/api/invoices/${cash.invoiceId}/payments/${cash.id}/refund`);
    expect(post?.body).toEqual({ amountCents: 1250, reason: 'Session cut short' });
    await waitFor(() => expect(rows(table)[1]).toHaveTextContent('Session cut short'));
    expect(figure('Refunded')).toBe('$142.50');
  });

  it('asks again when a donation or an invoice changes elsewhere', async () => {
    const { server } = render();
    const table = await findTable();
    const socket = await findSocket('notifications');
    server.state.transactions.unshift(
      transaction({ payerName: 'Sky New', createdAt: '2026-11-04T10:00:00.000Z' }),
    );
    socket.receive({ type: 'donations_changed' });
    expect(await within(table).findByText('Sky New')).toBeInTheDocument();
    server.state.transactions.unshift(
      transaction({ kind: 'invoice', payerName: 'Casey Invoice', createdAt: '2026-11-05T10:00:00.000Z' }),
    );
    socket.receive({ type: 'invoices_changed', invoiceId: 'x' });
    expect(await within(table).findByText('Casey Invoice')).toBeInTheDocument();
  });

  it('exports the filtered ledger as a CSV download', async () => {
    const createObjectURL = vi.fn(() => 'blob:transactions');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { server } = render({ path: '/admin/transactions?kind=donation' });
    await findTable();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls.find((call) => call.url.includes('export.csv'))?.url).toBe(
      '/api/admin/transactions/export.csv?kind=donation',
    );
    expect(click.mock.contexts[0]).toMatchObject({ download: 'transactions-2026-11-03.csv' });
    click.mockRestore();
  });

  it('sends a non-admin home', async () => {
    const { router, server } = render({ role: 'staff' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls).toHaveLength(0);
  });
});
