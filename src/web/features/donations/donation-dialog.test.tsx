import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DONATION_ERRORS, DONATION_PRESETS, DONATION_TEXT } from '../../../shared/donations';
import { CARD_ERRORS, TEST_CARDS } from '../../../shared/payments';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { WebSocketStub } from '../../test/setup';
import { donation, fakeDonationServer } from './test-server';

/** The toast in front; the toaster shows one at a time. */
const frontToast = () => document.querySelector('[data-sonner-toast][data-visible="true"]');

async function expectToast(title: string, description: string) {
  await waitFor(() => expect(frontToast()).toHaveTextContent(`${title}${description}`));
  // The toaster lives outside the app's root, which an open dialog makes inert.
  expect(frontToast()!.closest('[inert], [aria-hidden="true"]')).toBeNull();
}

async function openAsMember(server = fakeDonationServer()) {
  const view = renderApp({ path: '/member/donate', role: 'member', handle: server.handle });
  await userEvent.click(await screen.findByRole('button', { name: 'Make a donation' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Donate' });
  await within(dialog).findByRole('radiogroup', { name: 'Donation amount' }, { timeout: 10_000 });
  return { ...view, server, dialog };
}

async function payWith(dialog: HTMLElement, cardNumber: string, submitLabel: string) {
  const number = await within(dialog).findByLabelText('Card number', undefined, { timeout: 10_000 });
  await waitFor(() => expect(number).toHaveFocus());
  await userEvent.type(number, cardNumber);
  await userEvent.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '1230');
  await userEvent.type(within(dialog).getByLabelText('CVC'), '123');
  await userEvent.click(within(dialog).getByRole('button', { name: submitLabel }));
}

const posts = (server: ReturnType<typeof fakeDonationServer>, url: string) =>
  server.calls.filter((call) => call.method === 'POST' && call.url === url).map((call) => call.body);

describe('the donation dialog', { timeout: 20_000 }, () => {
  it('offers the presets as one radio group and a custom amount in cents', async () => {
    const { dialog } = await openAsMember();
    const presets = within(dialog).getAllByRole('radio');
    expect(presets.map((preset) => preset.textContent)).toEqual(
      DONATION_PRESETS.map((amount) => `$${amount}`),
    );
    const custom = within(dialog).getByLabelText('Custom amount ($)');
    expect(custom).toHaveAttribute('step', '0.01');
    expect(custom).toHaveAttribute('min', '1');
    await userEvent.click(within(dialog).getByRole('radio', { name: '$50' }));
    expect(within(dialog).getByRole('radio', { name: '$50' })).toBeChecked();
    await userEvent.type(custom, '12.5');
    expect(within(dialog).getByRole('radio', { name: '$50' })).not.toBeChecked();
  });

  it('a member gives a preset amount with the succeeding test card, sees the thank-you, and the dialog closes after 3 s', async () => {
    const { server, dialog } = await openAsMember();
    await userEvent.click(within(dialog).getByRole('radio', { name: '$25' }));
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Jordan Lee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await payWith(dialog, TEST_CARDS.success, 'Complete Donation $25');

    expect(await within(dialog).findByRole('heading', { name: 'Thank You!' })).toHaveFocus();
    await expectToast('Thank You!', DONATION_TEXT.thankYou.description('25'));
    expect(posts(server, '/api/donations/create-payment-intent')).toEqual([
      {
        amount: 25,
        email: 'member@demo.clinic',
        firstName: 'Jordan',
        lastName: 'Lee',
        phone: '',
        description: 'Donation of $25',
      },
    ]);
    expect(posts(server, '/api/payments/test/confirm-card')).toEqual([
      {
        clientSecret: 'pi_00000001_secret_abc123',
        cardNumber: TEST_CARDS.success,
        expiry: '12/30',
        cvc: '123',
      },
    ]);
    expect(posts(server, '/api/donations/confirm')).toEqual([{ paymentIntentId: 'pi_00000001' }]);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 4500 });
    // The member's history shows the new donation without a reload.
    expect(await screen.findByRole('cell', { name: '$25' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make a donation' }));
    const again = await screen.findByRole('dialog', { name: 'Donate' });
    expect(await within(again).findByRole('radio', { name: '$25' })).not.toBeChecked();
  });

  it('says under the custom amount why 12.345 is refused, and sends nothing', async () => {
    const { server, dialog } = await openAsMember();
    const custom = within(dialog).getByLabelText('Custom amount ($)');
    await userEvent.type(custom, '12.345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DONATION_ERRORS.amountDecimals);
    expect(custom).toHaveAccessibleDescription(expect.stringContaining(DONATION_ERRORS.amountDecimals));
    expect(custom).toHaveAttribute('aria-invalid', 'true');
    await expectToast(DONATION_TEXT.invalidAmount.title, DONATION_ERRORS.amountDecimals);
    expect(posts(server, '/api/donations/create-payment-intent')).toEqual([]);
    await userEvent.type(custom, '{backspace}');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('raises each validation toast in turn and sends nothing until the details are complete', async () => {
    const { server, dialog } = await openAsMember();
    const next = () => userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await next();
    await expectToast(DONATION_TEXT.invalidAmount.title, DONATION_TEXT.invalidAmount.description);
    await userEvent.type(within(dialog).getByLabelText('Custom amount ($)'), '0.99');
    await next();
    await expectToast(DONATION_TEXT.invalidAmount.title, DONATION_TEXT.invalidAmount.description);
    await userEvent.clear(within(dialog).getByLabelText('Custom amount ($)'));
    await userEvent.type(within(dialog).getByLabelText('Custom amount ($)'), '12.5');
    await userEvent.clear(within(dialog).getByLabelText('Full name'));
    await next();
    await expectToast(DONATION_TEXT.missingName.title, DONATION_TEXT.missingName.description);
    expect(posts(server, '/api/donations/create-payment-intent')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Full name'), 'Jordan  van der Lee');
    await userEvent.type(within(dialog).getByLabelText('Email (optional)'), 'jordan@example.com');
    await userEvent.type(within(dialog).getByLabelText('Phone (optional)'), '+1 555 0100');
    await next();
    expect(
      await within(dialog).findByRole('button', { name: 'Complete Donation $12.50' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(posts(server, '/api/donations/create-payment-intent')).toEqual([
      expect.objectContaining({
        amount: 12.5,
        email: 'jordan@example.com',
        firstName: 'Jordan',
        lastName: 'van der Lee',
        phone: '+1 555 0100',
      }),
    ]);
  });

  it('a declined card returns to the form with Payment Failed and the provider’s message, the details kept', async () => {
    const { server, dialog } = await openAsMember();
    await userEvent.click(within(dialog).getByRole('radio', { name: '$100' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await payWith(dialog, TEST_CARDS.declined, 'Complete Donation $100');
    await expectToast(DONATION_TEXT.paymentFailed.title, CARD_ERRORS.declined);
    expect(await within(dialog).findByRole('heading', { name: 'Your donation' })).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: '$100' })).toBeChecked();
    expect(posts(server, '/api/donations/confirm')).toEqual([]);
  });

  it('a payment that went through but could not be recorded says so inline and with Partial Success', async () => {
    const { dialog } = await openAsMember(fakeDonationServer({ confirmFails: true }));
    await userEvent.click(within(dialog).getByRole('radio', { name: '$10' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await payWith(dialog, TEST_CARDS.success, 'Complete Donation $10');
    await expectToast(DONATION_TEXT.partialSuccess.title, DONATION_TEXT.partialSuccess.description);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(DONATION_TEXT.recordUpdateFailed);
    expect(alert).toHaveTextContent('The donation record is locked');
    expect(within(dialog).queryByRole('button', { name: /Complete Donation/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a refused payment intent shows Payment Error with the server’s words', async () => {
    const server = fakeDonationServer();
    const { dialog } = await openAsMember({
      ...server,
      handle: (call) =>
        call.url === '/api/donations/create-payment-intent'
          ? jsonResponse({ success: false, clientSecret: '', error: 'Donations are paused' })
          : server.handle(call),
    });
    await userEvent.click(within(dialog).getByRole('radio', { name: '$500' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await expectToast(DONATION_TEXT.paymentError.title, 'Donations are paused');
    expect(within(dialog).getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  });

  it('closing the dialog forgets everything typed', async () => {
    const { dialog } = await openAsMember();
    await userEvent.type(within(dialog).getByLabelText('Custom amount ($)'), '40');
    await userEvent.type(within(dialog).getByLabelText('Phone (optional)'), '555 0100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make a donation' }));
    const again = await screen.findByRole('dialog', { name: 'Donate' });
    expect(await within(again).findByLabelText('Custom amount ($)')).toHaveValue(null);
    expect(within(again).getByLabelText('Phone (optional)')).toHaveValue('');
  });

  it('loads the dialog on the first click and hands focus back to the button when it closes', async () => {
    renderApp({ path: '/member/donate', role: 'member', handle: fakeDonationServer().handle });
    const button = await screen.findByRole('button', { name: 'Make a donation' }, { timeout: 10_000 });
    // The page shows the button alone: the dialog's code is not loaded until someone asks for it.
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Donate' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await within(dialog).findByRole('radiogroup', { name: 'Donation amount' }, { timeout: 10_000 });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    // Opened again, from the keyboard this time, and closed with its Close button.
    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Donate' });
    await userEvent.click(await within(again).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});

describe('donating as a visitor', { timeout: 20_000 }, () => {
  it('a visitor reaches Donate on the public pages and must give an email for the receipt', async () => {
    const server = fakeDonationServer();
    renderApp({ path: '/booking-demo', handle: server.handle });
    await userEvent.click(await screen.findByRole('button', { name: 'Donate' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Donate' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: '$10' }, { timeout: 10_000 }));
    await userEvent.type(within(dialog).getByLabelText('Full name'), 'Robin Visitor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await expectToast(DONATION_TEXT.missingEmail.title, DONATION_TEXT.missingEmail.description);
    await userEvent.type(within(dialog).getByLabelText('Email'), 'robin@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await payWith(dialog, TEST_CARDS.success, 'Complete Donation $10');
    expect(await within(dialog).findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(posts(server, '/api/donations/create-payment-intent')).toEqual([
      expect.objectContaining({
        amount: 10,
        email: 'robin@example.com',
        firstName: 'Robin',
        lastName: 'Visitor',
      }),
    ]);
  });
});

describe('/member/donate', { timeout: 20_000 }, () => {
  it('lists the member’s own donations newest first with what they have given', async () => {
    const server = fakeDonationServer({
      donations: [
        donation({
          amountCents: 1250,
          createdAt: '2026-11-20T09:00:00.000Z',
          paidAt: '2026-11-20T09:01:00.000Z',
        }),
        donation({ amountCents: 10000, status: 'refunded', cardLast4: '0005' }),
      ],
    });
    renderApp({ path: '/member/donate', role: 'member', handle: server.handle });
    const table = await screen.findByRole(
      'table',
      { name: 'Your donations, newest first' },
      { timeout: 10_000 },
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '20 Nov 2026$12.50Paid•••• 4242',
      '2 Nov 2026$100Refunded•••• 0005',
    ]);
    expect(screen.getByText('Given so far:').parentElement).toHaveTextContent('Given so far: $12.50');
  });

  it('asks again when the server pushes donations_changed, as when a donation is refunded', async () => {
    const server = fakeDonationServer({ donations: [donation({ amountCents: 4000 })] });
    renderApp({ path: '/member/donate', role: 'member', handle: server.handle });
    const table = await screen.findByRole(
      'table',
      { name: 'Your donations, newest first' },
      { timeout: 10_000 },
    );
    expect(within(table).getByText('Paid')).toBeInTheDocument();
    const socket = WebSocketStub.instances.find((candidate) =>
      candidate.url.includes('channel=notifications'),
    );
    expect(socket).toBeDefined();
    socket?.accept();
    server.state.donations[0].status = 'refunded';
    socket?.receive({ type: 'donations_changed' });
    expect(await within(table).findByText('Refunded')).toBeInTheDocument();
  });
});
