import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { fakeTransactionsServer, transaction } from './test-server';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('a store order in the ledger', { timeout: 20_000 }, () => {
  it('shows as a store order and is refunded through the order, with a reason, after confirming', async () => {
    const sale = transaction({
      kind: 'order',
      amountCents: 5595,
      payerName: 'Sam Member',
      paidFor: 'Order ORD-000007',
      donationId: null,
      orderId: 'order-7',
      orderNumber: 'ORD-000007',
    });
    const server = fakeTransactionsServer({ transactions: [sale] });
    const orderCalls: Array<{ url: string; body: unknown }> = [];
    renderApp({
      path: '/admin/transactions',
      role: 'admin',
      handle: (call) => {
        if (call.method === 'POST' && call.url === '/api/admin/orders/order-7/status') {
          orderCalls.push({ url: call.url, body: call.body });
          const item = server.state.transactions[0];
          item.refundedCents = item.amountCents;
          item.status = 'refunded';
          return json({ order: { id: 'order-7', status: 'refunded' } });
        }
        return server.handle(call);
      },
    });
    const table = await screen.findByRole('table', { name: /^Transactions:/ }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Store order');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Refund: $55.95 from Sam Member, Order ORD-000007' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund Order ORD-000007?' });
    expect(dialog).toHaveTextContent('its items go back into stock');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Damaged');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $55.95' }));
    expect(await screen.findByText('Refunded $55.95 to Sam Member')).toBeInTheDocument();
    expect(orderCalls).toEqual([
      { url: '/api/admin/orders/order-7/status', body: { status: 'refunded', reason: 'Damaged' } },
    ]);
  });
});
