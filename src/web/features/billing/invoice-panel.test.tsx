import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_ERRORS } from '../../../shared/payments';
import type { Role } from '../../../shared/vocabulary/roles';
import { invoice } from '../../test/billing-fixtures';
import { fakeBillingServer } from '../../test/fake-billing-server';
import { fakePatientsServer } from '../../test/fake-patients-server';
import { renderApp } from '../../test/render-app';

type Server = ReturnType<typeof fakeBillingServer>;

function openInvoice(role: Role, server: Server, id: string) {
  const patients = fakePatientsServer({ patients: [] });
  const view = renderApp({
    path: `/billing?invoice=${id}`,
    role,
    handle: (call) => server.handle(call) ?? patients.handle(call),
  });
  return view;
}

const panel = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 10_000 });
const figure = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const posts = (server: Server, suffix: string) =>
  server.calls.filter((call) => call.method === 'POST' && call.url.endsWith(suffix));

afterEach(() => vi.useRealTimers());

describe('the invoice panel', () => {
  it('shows the lines, figures with the tax rate, payments with refunds, and the notes', async () => {
    const paid = invoice({
      number: 'INV-000007',
      status: 'partially_paid',
      lineItems: [
        {
          id: 'l1',
          description: 'Sports massage on 2 Nov',
          quantity: 2,
          unitPriceCents: 5000,
          amountCents: 10000,
          serviceTypeId: null,
          appointmentId: null,
        },
      ],
      subtotalCents: 10000,
      discountCents: 1000,
      taxRateBasisPoints: 825,
      taxCents: 743,
      totalCents: 9743,
      paidCents: 3000,
      balanceCents: 6743,
      notes: 'Thank you',
      payments: [
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          method: 'cash',
          amountCents: 5000,
          refundedCents: 2000,
          cardLast4: null,
          reference: 'R-1',
          online: false,
          paidAt: '2026-11-05T10:00:00.000Z',
          recordedByName: 'Sam Ortiz',
        },
      ],
    });
    openInvoice('staff', fakeBillingServer({ invoices: [paid] }), paid.id);
    const detail = await panel('Invoice INV-000007');
    expect(within(detail).getByText('Partially paid')).toBeInTheDocument();
    expect(figure(detail, 'Subtotal')).toBe('$100.00');
    expect(figure(detail, 'Discount')).toBe('$10.00');
    expect(figure(detail, 'Tax (8.25%)')).toBe('$7.43');
    expect(figure(detail, 'Total')).toBe('$97.43');
    expect(figure(detail, 'Paid')).toBe('$30.00');
    expect(figure(detail, 'Balance due')).toBe('$67.43');
    const payments = within(detail).getByRole('table', { name: 'Payments of INV-000007' });
    expect(within(payments).getAllByRole('row')[1]).toHaveTextContent(
      '5 Nov 2026Cash at the deskRef. R-1$50.00$20.00',
    );
    expect(within(detail).getByRole('region', { name: 'Notes' })).toHaveTextContent('Thank you');
  });

  it('offers a patient only Pay now and the documents', async () => {
    const sent = invoice();
    openInvoice('patient', fakeBillingServer({ viewer: 'patient', invoices: [sent] }), sent.id);
    const detail = await panel('Invoice INV-000001');
    expect(
      within(detail)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pay now', 'Download PDF', '']);
  });

  it('offers staff Edit, Send and Delete on a draft, and sends it with a number', async () => {
    const draft = invoice({ number: null, status: 'draft', issueDate: null });
    const server = fakeBillingServer({ invoices: [draft] });
    openInvoice('staff', server, draft.id);
    const detail = await panel('Draft invoice');
    for (const name of ['Send invoice', 'Edit draft', 'Delete draft', 'Download PDF'])
      expect(within(detail).getByRole('button', { name })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Send invoice' }));
    expect(await panel('Invoice INV-000001')).toBeInTheDocument();
    expect(await screen.findByText('Invoice INV-000001 sent to Pat Morgan')).toBeInTheDocument();
    expect(posts(server, '/send')).toHaveLength(1);
  });

  it('deletes a draft after asking, and closes the panel', async () => {
    const draft = invoice({ number: null, status: 'draft', issueDate: null });
    const server = fakeBillingServer({ invoices: [draft] });
    const { router } = openInvoice('admin', server, draft.id);
    await userEvent.click(within(await panel('Draft invoice')).getByRole('button', { name: 'Delete draft' }));
    const ask = await panel('Delete this draft?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(server.state.invoices).toEqual([]);
    expect(await screen.findByText('Draft deleted')).toBeInTheDocument();
  });

  it('records a partial cash payment defaulting to the balance, then the rest', async () => {
    const sent = invoice();
    const server = fakeBillingServer({ invoices: [sent] });
    openInvoice('staff', server, sent.id);
    const detail = await panel('Invoice INV-000001');
    await userEvent.click(within(detail).getByRole('button', { name: 'Record payment' }));
    let form = await panel('Record a payment');
    expect(within(form).getByLabelText('Amount ($)')).toHaveValue('100.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(within(form).getByLabelText('Method')).toHaveAccessibleDescription('Choose how it was paid');
    await userEvent.selectOptions(within(form).getByLabelText('Method'), 'Cash');
    const amount = within(form).getByLabelText('Amount ($)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(amount).toHaveAccessibleDescription('The amount is more than the balance due');
    await userEvent.clear(amount);
    await userEvent.type(amount, '40');
    await userEvent.type(within(form).getByLabelText('Reference (optional)'), 'Till 2');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment of $40.00 recorded')).toBeInTheDocument();
    expect(posts(server, '/payments').at(-1)?.body).toEqual({
      method: 'cash',
      amountCents: 4000,
      reference: 'Till 2',
    });
    await waitFor(() =>
      expect(figure(screen.getByRole('dialog', { name: 'Invoice INV-000001' }), 'Balance due')).toBe(
        '$60.00',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Invoice INV-000001' })).toHaveTextContent('Partially paid');

    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Invoice INV-000001' })).getByRole('button', {
        name: 'Record payment',
      }),
    );
    form = await panel('Record a payment');
    expect(within(form).getByLabelText('Amount ($)')).toHaveValue('60.00');
    await userEvent.selectOptions(within(form).getByLabelText('Method'), 'Cheque');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Invoice INV-000001' })).toHaveTextContent('Paid'),
    );
    expect(figure(screen.getByRole('dialog', { name: 'Invoice INV-000001' }), 'Balance due')).toBe('$0.00');
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it('refunds part of a card payment with a reason, and the balance grows by it', async () => {
    const paymentId = '00000000-0000-4000-8000-0000000000e1';
    const paid = invoice({
      status: 'paid',
      paidCents: 10000,
      balanceCents: 0,
      payments: [
        {
          id: paymentId,
          method: 'card',
          amountCents: 10000,
          refundedCents: 0,
          cardLast4: '4242',
          reference: null,
          online: true,
          paidAt: '2026-11-05T10:00:00.000Z',
          recordedByName: null,
        },
      ],
    });
    const server = fakeBillingServer({ invoices: [paid] });
    openInvoice('staff', server, paid.id);
    const detail = await panel('Invoice INV-000001');
    expect(within(detail).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    await userEvent.click(within(detail).getByRole('button', { name: 'Refund $100.00 of 5 Nov 2026' }));
    const form = await panel('Refund a payment');
    expect(form).toHaveTextContent('$100.00 can still be refunded to the card');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription('Give a reason');
    const amount = within(form).getByLabelText('Amount ($)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '25.50');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Session cut short');
    await userEvent.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $25.50')).toBeInTheDocument();
    expect(posts(server, '/refund')[0].body).toEqual({ amountCents: 2550, reason: 'Session cut short' });
    await waitFor(() =>
      expect(figure(screen.getByRole('dialog', { name: 'Invoice INV-000001' }), 'Balance due')).toBe(
        '$25.50',
      ),
    );
  });

  it('voids an unpaid invoice with a reason', async () => {
    const sent = invoice();
    const server = fakeBillingServer({ invoices: [sent] });
    openInvoice('admin', server, sent.id);
    await userEvent.click(within(await panel('Invoice INV-000001')).getByRole('button', { name: 'Void' }));
    const form = await panel('Void this invoice?');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Billed twice');
    await userEvent.click(within(form).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('Invoice voided')).toBeInTheDocument();
    const detail = screen.getByRole('dialog', { name: 'Invoice INV-000001' });
    await waitFor(() =>
      expect(within(detail).getByRole('region', { name: 'Voided' })).toHaveTextContent('Billed twice'),
    );
    expect(posts(server, '/void')[0].body).toEqual({ reason: 'Billed twice' });
  });

  it('lets a patient pay by card: a declined card says why, the next one pays and the invoice shows Paid', async () => {
    const sent = invoice({ balanceCents: 5500, totalCents: 5500 });
    const server = fakeBillingServer({ viewer: 'patient', invoices: [sent] });
    openInvoice('patient', server, sent.id);
    await userEvent.click(within(await panel('Invoice INV-000001')).getByRole('button', { name: 'Pay now' }));
    let pay = await panel('Pay by card');
    expect(pay).toHaveTextContent('$55.00 due');
    await userEvent.type(await within(pay).findByLabelText('Card number'), '4000000000000002');
    await userEvent.type(within(pay).getByLabelText('Expiry (MM/YY)'), '1230');
    await userEvent.type(within(pay).getByLabelText('CVC'), '123');
    await userEvent.click(within(pay).getByRole('button', { name: 'Pay $55.00' }));
    expect(await within(pay).findByRole('alert')).toHaveTextContent(CARD_ERRORS.declined);
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    pay = await panel('Pay by card');
    await userEvent.type(await within(pay).findByLabelText('Card number'), '4242424242424242');
    await userEvent.type(within(pay).getByLabelText('Expiry (MM/YY)'), '1230');
    await userEvent.type(within(pay).getByLabelText('CVC'), '123');
    await userEvent.click(within(pay).getByRole('button', { name: 'Pay $55.00' }));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Pay by card' })).not.toBeInTheDocument(),
    );
    const detail = screen.getByRole('dialog', { name: 'Invoice INV-000001' });
    await waitFor(() => expect(within(detail).getByText('Paid', { selector: 'span' })).toBeInTheDocument());
    expect(within(detail).queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(posts(server, '/pay/confirm')).toHaveLength(1);
    expect(within(detail).getByRole('table', { name: 'Payments of INV-000001' })).toHaveTextContent(
      'Card online •••• 4242',
    );
  });

  it('downloads the invoice as a PDF with the session’s token', async () => {
    const sent = invoice();
    const server = fakeBillingServer({ invoices: [sent] });
    const created = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { fetchMock } = openInvoice('staff', server, sent.id);
    await userEvent.click(
      within(await panel('Invoice INV-000001')).getByRole('button', { name: 'Download PDF' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/pdf'));
    expect(call?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token-staff' });
    expect(created).toHaveBeenCalled();
  });

  it('says so when the invoice is not there or not the viewer’s', async () => {
    openInvoice('patient', fakeBillingServer({ viewer: 'patient' }), '00000000-0000-4000-8000-0000000000ff');
    expect(await panel('Invoice not found')).toHaveTextContent(
      'This invoice does not exist or is not yours to see.',
    );
  });
});
