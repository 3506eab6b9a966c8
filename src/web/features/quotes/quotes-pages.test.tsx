import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QUOTE_ERRORS } from '../../../shared/quotes';
import { renderApp } from '../../test/render-app';
import { answeredQuote, fakeQuotesServer, quote } from './test-server';

const card = (title: string) => screen.findByRole('article', { name: title }, { timeout: 10_000 });
const posted = (server: ReturnType<typeof fakeQuotesServer>, path: string) =>
  server.calls.filter((call) => call.method === 'POST' && call.url.startsWith(path)).map((call) => call.body);

async function payWithCard(dialog: HTMLElement, button: string) {
  await userEvent.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
  await userEvent.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/34');
  await userEvent.type(within(dialog).getByLabelText('CVC'), '123');
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('/member/quotes', () => {
  it('asks for a quote, with the missing fields said on them first', async () => {
    const server = fakeQuotesServer();
    renderApp({ path: '/member/quotes', role: 'member', handle: server.handle });
    expect(await screen.findByText(/No quotes yet/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for a quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a quote' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByLabelText('What is it for?')).toHaveAccessibleDescription(QUOTE_ERRORS.kind);
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription(QUOTE_ERRORS.title);
    expect(posted(server, '/api/quotes')).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText('What is it for?'), 'custom_merchandise');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Embroidered caps');
    await userEvent.type(within(dialog).getByLabelText('Details'), 'Navy caps with the clinic logo');
    await userEvent.type(within(dialog).getByLabelText('Quantity (optional)'), '25');
    await userEvent.type(within(dialog).getByLabelText('Budget in dollars (optional)'), '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await card('Embroidered caps')).toHaveTextContent('Waiting for the clinic to answer.');
    expect(posted(server, '/api/quotes')).toEqual([
      {
        kind: 'custom_merchandise',
        title: 'Embroidered caps',
        details: 'Navy caps with the clinic logo',
        quantity: 25,
        budgetCents: 40_000,
      },
    ]);
  });

  it('accepts an answered quote after confirming and pays its order by card', async () => {
    const server = fakeQuotesServer([answeredQuote()]);
    renderApp({ path: '/member/quotes', role: 'member', handle: server.handle });
    const shirts = await card('Team shirts');
    expect(shirts).toHaveTextContent('Printed shirt');
    expect(shirts).toHaveTextContent('$645.00');
    expect(shirts).toHaveTextContent('Valid until');
    await userEvent.click(within(shirts).getByRole('button', { name: 'Accept and pay $645.00' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept quote' }));
    const pay = await screen.findByRole('dialog', { name: 'Pay for your quote' });
    await payWithCard(pay, 'Pay $645.00');
    expect(await screen.findByText('Paid: order ORD-000001 for Team shirts.')).toBeInTheDocument();
    expect(await within(shirts).findByText(/Order ORD-000001: Paid/)).toBeInTheDocument();
    expect(within(shirts).getByRole('link', { name: 'See your orders' })).toHaveAttribute(
      'href',
      '/member/orders',
    );
  });

  it('pays later for an accepted quote whose payment was left, with a fresh payment', async () => {
    const server = fakeQuotesServer([answeredQuote()]);
    renderApp({ path: '/member/quotes', role: 'member', handle: server.handle });
    const shirts = await card('Team shirts');
    await userEvent.click(within(shirts).getByRole('button', { name: 'Accept and pay $645.00' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Accept this quote?' })).getByRole('button', {
        name: 'Accept quote',
      }),
    );
    const first = await screen.findByRole('dialog', { name: 'Pay for your quote' });
    await userEvent.click(within(first).getByRole('button', { name: 'Close pay for quote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(await within(shirts).findByRole('button', { name: 'Pay $645.00' }));
    expect(posted(server, `/api/quotes/${server.quotes[0].id}/payment`)).toHaveLength(1);
    await payWithCard(await screen.findByRole('dialog', { name: 'Pay for your quote' }), 'Pay $645.00');
    expect(await within(shirts).findByText(/Order ORD-000001: Paid/)).toBeInTheDocument();
  });

  it('declines after confirming, and offers nothing on an expired quote', async () => {
    const server = fakeQuotesServer([
      answeredQuote(),
      answeredQuote({ title: 'Old banner', status: 'expired', expiresAt: '2026-10-01T10:00:00.000Z' }),
    ]);
    renderApp({ path: '/member/quotes', role: 'member', handle: server.handle });
    const banner = await card('Old banner');
    expect(banner).toHaveTextContent('This quote has expired.');
    expect(within(banner).queryByRole('button')).not.toBeInTheDocument();
    const shirts = await card('Team shirts');
    await userEvent.click(within(shirts).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this quote?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline quote' }));
    expect(await within(shirts).findByText('Declined')).toBeInTheDocument();
    expect(within(shirts).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('/admin/quotes', () => {
  it('filters by status in the address and answers a request with priced lines and an expiry', async () => {
    const server = fakeQuotesServer([quote(), answeredQuote({ title: 'Banner' })]);
    const { router } = renderApp({ path: '/admin/quotes', role: 'admin', handle: server.handle });
    expect(await screen.findByRole('row', { name: /Banner/ }, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'requested');
    await waitFor(() => expect(router.state.location.search).toBe('?status=requested'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Banner/ })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Answer Team shirts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer Team shirts' });
    expect(dialog).toHaveTextContent('40 shirts for the charity run');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(within(dialog).getByLabelText('Message to the member')).toHaveAccessibleDescription(
      QUOTE_ERRORS.message,
    );
    const first = within(dialog).getByRole('group', { name: 'Line 1' });
    await userEvent.type(within(first).getByLabelText('Description'), 'Printed shirt');
    await userEvent.clear(within(first).getByLabelText('Quantity'));
    await userEvent.type(within(first).getByLabelText('Quantity'), '40');
    await userEvent.type(within(first).getByLabelText('Unit price ($)'), '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a line' }));
    const second = within(dialog).getByRole('group', { name: 'Line 2' });
    await userEvent.type(within(second).getByLabelText('Description'), 'Set-up');
    await userEvent.type(within(second).getByLabelText('Unit price ($)'), '45');
    expect(within(dialog).getByText('Total $645.00')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Message to the member'), 'Here is our price');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Sent the quote for Team shirts to Sam Member')).toBeInTheDocument();
    const [sent] = posted(server, `/api/admin/quotes/${server.quotes[0].id}/answer`) as {
      lines: unknown;
      message: string;
      expiresAt: string;
    }[];
    expect(sent.lines).toEqual([
      { description: 'Printed shirt', quantity: 40, unitPriceCents: 1500 },
      { description: 'Set-up', quantity: 1, unitPriceCents: 4500 },
    ]);
    expect(sent.message).toBe('Here is our price');
    expect(Date.parse(sent.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});
