import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRINTFUL_ERRORS } from '../../../shared/printful';
import { findSocket } from '../../test/fake-messaging-server';
import { renderApp } from '../../test/render-app';
import { connected, fakePrintfulServer, fulfilment, GOOD_TOKEN } from './test-server';

const bodiesOf = (server: ReturnType<typeof fakePrintfulServer>, method: string, path: string) =>
  server.calls.filter((call) => call.method === method && call.url === path).map((call) => call.body);

describe('/admin/printful', { timeout: 20_000 }, () => {
  it('explains how to connect, checks the token and shows the server’s refusal in an alert', async () => {
    const server = fakePrintfulServer();
    renderApp({ path: '/admin/printful', role: 'admin', handle: server.handle });
    expect(await screen.findByRole('heading', { name: 'Connect Printful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'developers.printful.com' })).toHaveAttribute(
      'href',
      'https://developers.printful.com/',
    );
    expect(
      screen.getByText(/each Printful product becomes a store product, made to order/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print on Demand' })).toHaveAttribute('aria-current', 'page');

    const form = screen.getByRole('form', { name: 'Connect Printful' });
    const token = within(form).getByLabelText('Printful API token');
    expect(token).toHaveAttribute('type', 'password');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(token).toHaveAccessibleDescription(PRINTFUL_ERRORS.token);
    expect(bodiesOf(server, 'POST', '/api/admin/printful/connect')).toEqual([]);

    await userEvent.type(token, 'pf-revoked-token-0123456789');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      PRINTFUL_ERRORS.refused('Malformed OAuth token'),
    );
    expect(screen.queryByRole('heading', { name: 'Printful connection' })).not.toBeInTheDocument();
  });

  it('connects from the keyboard and then shows the store and only the token’s last four characters', async () => {
    const server = fakePrintfulServer();
    renderApp({ path: '/admin/printful', role: 'admin', handle: server.handle });
    const token = await screen.findByLabelText('Printful API token');
    token.focus();
    await userEvent.keyboard(`${GOOD_TOKEN}{Enter}`);
    expect(await screen.findByRole('heading', { name: 'Printful connection' })).toBeInTheDocument();
    expect(bodiesOf(server, 'POST', '/api/admin/printful/connect')).toEqual([{ apiKey: GOOD_TOKEN }]);
    expect(screen.getByText(`ending in ${GOOD_TOKEN.slice(-4)}`)).toBeInTheDocument();
    expect(screen.queryByText(GOOD_TOKEN)).not.toBeInTheDocument();
    expect(screen.getAllByText(/Clinic Merch Store/).length).toBeGreaterThan(0);
  });

  it('syncs now and says what the sync did', async () => {
    const server = fakePrintfulServer({ status: connected() });
    renderApp({ path: '/admin/printful', role: 'admin', handle: server.handle });
    expect(await screen.findByText('Not synced yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Sync finished: 2 created, 1 updated, 1 hidden.')).toBeInTheDocument();
    expect(bodiesOf(server, 'POST', '/api/admin/printful/sync')).toEqual([{}]);
    expect(
      await screen.findByText(/2 created, 1 updated, 1 hidden\.$/, { selector: 'dd' }),
    ).toBeInTheDocument();
  });

  it('lists the orders sent to Printful and follows them live', async () => {
    const sent = fulfilment();
    const failed = fulfilment({
      orderNumber: 'ORD-000041',
      printfulOrderId: null,
      state: 'retry',
      printfulStatus: null,
      attempts: 2,
      lastError: 'Temporarily unavailable',
    });
    const server = fakePrintfulServer({ status: connected(), fulfilments: [sent, failed] });
    renderApp({ path: '/admin/printful', role: 'admin', handle: server.handle });
    const table = await screen.findByRole('table', { name: 'Orders sent to Printful' });
    const first = within(table).getByRole('row', { name: /ORD-000042/ });
    expect(within(first).getByText('In production')).toBeInTheDocument();
    expect(within(first).getByText('5001')).toBeInTheDocument();
    const second = within(table).getByRole('row', { name: /ORD-000041/ });
    expect(within(second).getByText('Temporarily unavailable (tried 2 times)')).toBeInTheDocument();

    const socket = await findSocket('notifications');
    Object.assign(sent, {
      state: 'shipped',
      printfulStatus: 'fulfilled',
      carrier: 'USPS Ground Advantage',
      trackingNumber: '9400111899223197428490',
    });
    socket.receive({ type: 'printful_changed' });
    expect(await within(first).findByText('Shipped')).toBeInTheDocument();
    expect(within(first).getByText('USPS Ground Advantage 9400111899223197428490')).toBeInTheDocument();
  });

  it('disconnects only after confirming', async () => {
    const server = fakePrintfulServer({ status: connected() });
    renderApp({ path: '/admin/printful', role: 'admin', handle: server.handle });
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disconnect Printful?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep connected' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(server, 'DELETE', '/api/admin/printful')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('dialog', { name: 'Disconnect Printful?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('heading', { name: 'Connect Printful' })).toBeInTheDocument();
    expect(bodiesOf(server, 'DELETE', '/api/admin/printful')).toHaveLength(1);
  });

  it('sends a non-admin away without asking for the status', async () => {
    const server = fakePrintfulServer({ status: connected() });
    const { router } = renderApp({ path: '/admin/printful', role: 'staff', handle: server.handle });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls).toEqual([]);
  });
});
