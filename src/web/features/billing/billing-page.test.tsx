import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BILLING_POLICY, type Statement } from '../../../shared/billing';
import type { Fee } from '../../../shared/billing-fees';
import type { Role } from '../../../shared/vocabulary/roles';
import { invoice, PATIENT, PRACTITIONER } from '../../test/billing-fixtures';
import { fakeBillingServer } from '../../test/fake-billing-server';
import { findSocket } from '../../test/fake-messaging-server';
import { fakePatientsServer, PRACTITIONERS } from '../../test/fake-patients-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

type Server = ReturnType<typeof fakeBillingServer>;

function open(role: Role, server: Server, path = '/billing') {
  const patients = fakePatientsServer({ patients: [] });
  return renderApp({
    path,
    role,
    handle: (call) => server.handle(call) ?? patients.handle(call),
  });
}

const rows = async () => {
  const table = await screen.findByRole('table', {}, { timeout: 10_000 });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
};

const lastListQuery = (server: Server) => {
  const asked = server.calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/invoices?'));
  return new URL(asked.at(-1)?.url ?? '', 'http://x').searchParams;
};

describe('the billing list', () => {
  it('shows staff every invoice with its figures, status in words and the totals', async () => {
    const server = fakeBillingServer({
      invoices: [
        invoice({
          number: 'INV-000002',
          status: 'overdue',
          dueDate: '2026-11-01',
          balanceCents: 4000,
          totalCents: 4000,
        }),
        invoice({
          number: null,
          status: 'draft',
          issueDate: null,
          patientName: 'Ava Hughes',
          practitionerName: null,
        }),
      ],
    });
    open('staff', server);
    expect(await rows()).toEqual([
      ['INV-000002', 'Pat Morgan', 'Riley Chen', '2 Nov 2026', '1 Nov 2026', '$40.00', '$40.00', 'Overdue'],
      ['Draft', 'Ava Hughes', '—', '—', '2 Dec 2026', '$100.00', '$100.00', 'Draft'],
    ]);
    expect(screen.getByText(/Outstanding:/)).toHaveTextContent('Outstanding: $40.00');
    expect(screen.getByText(/Overdue:/)).toHaveTextContent('Overdue: $40.00 (1 invoice)');
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Billing settings' })).toBeInTheDocument();
  });

  it('calls it My Billing for a patient, with no patient column, drafts or new invoices', async () => {
    const server = fakeBillingServer({ viewer: 'patient', invoices: [invoice()] });
    open('patient', server);
    expect(await rows()).toEqual([
      ['INV-000001', 'Riley Chen', '2 Nov 2026', '2 Dec 2026', '$100.00', '$100.00', 'Sent'],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'My Billing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Billing | Clinic Portal'));
    expect(screen.queryByRole('button', { name: 'New invoice' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Practitioner')).not.toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Status')).queryByRole('option', { name: 'Draft' }),
    ).not.toBeInTheDocument();
  });

  it('calls it Service Billing for a practitioner', async () => {
    open('practitioner', fakeBillingServer({ invoices: [invoice()] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Billing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Billing settings' })).not.toBeInTheDocument();
  });

  it('narrows by status, search, practitioner and dates, keeping them in the address', async () => {
    const server = fakeBillingServer({
      invoices: [
        invoice({ number: 'INV-000001' }),
        invoice({ number: 'INV-000002', status: 'paid', paidCents: 10000, balanceCents: 0 }),
      ],
    });
    const { router } = open('admin', server);
    await rows();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Paid');
    await waitFor(async () => expect((await rows()).map((row) => row[0])).toEqual(['INV-000002']));
    expect(lastListQuery(server).get('status')).toBe('paid');
    await userEvent.selectOptions(await screen.findByLabelText('Practitioner'), PRACTITIONERS[0].id);
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Search'), 'INV-000002');
    await waitFor(() => expect(lastListQuery(server).get('search')).toBe('INV-000002'), { timeout: 3000 });
    const query = lastListQuery(server);
    expect(query.get('practitionerId')).toBe(PRACTITIONERS[0].id);
    expect(query.get('from')).toBe('2026-11-01');
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('status')).toBe('paid');
    expect(address.get('practitioner')).toBe(PRACTITIONERS[0].id);
    expect(address.get('search')).toBe('INV-000002');
  });

  it('reads the filters from a link, such as the dashboard’s overdue one', async () => {
    const server = fakeBillingServer({
      invoices: [invoice({ status: 'overdue', number: 'INV-000009' }), invoice({ number: 'INV-000003' })],
    });
    open('staff', server, '/billing?status=overdue');
    expect((await rows()).map((row) => row[0])).toEqual(['INV-000009']);
    expect(screen.getByLabelText('Status')).toHaveValue('overdue');
  });

  it('shows a void invoice as owing nothing', async () => {
    const server = fakeBillingServer({
      invoices: [invoice({ number: 'INV-000004', status: 'void', voidReason: 'Billed twice' })],
    });
    open('staff', server);
    expect(await rows()).toEqual([
      ['INV-000004', 'Pat Morgan', 'Riley Chen', '2 Nov 2026', '2 Dec 2026', '$100.00', '—', 'Void'],
    ]);
  });

  it('pages through many invoices', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      invoice({ number: `INV-${String(index + 1).padStart(6, '0')}` }),
    );
    const server = fakeBillingServer({ invoices: many });
    open('staff', server);
    expect(await rows()).toHaveLength(25);
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByText('26–30 of 30')).toBeInTheDocument());
    expect((await rows()).map((row) => row[0])).toEqual([
      'INV-000026',
      'INV-000027',
      'INV-000028',
      'INV-000029',
      'INV-000030',
    ]);
    expect(lastListQuery(server).get('page')).toBe('2');
  });

  it('asks again when the server pushes invoices_changed', async () => {
    const first = invoice({ number: 'INV-000001' });
    const server = fakeBillingServer({ invoices: [first] });
    open('staff', server);
    expect(await rows()).toHaveLength(1);
    server.state.invoices = [invoice({ number: 'INV-000002' }), first];
    const socket = await findSocket('notifications');
    socket.receive({ type: 'invoices_changed', invoiceId: first.id });
    await waitFor(async () => expect(await rows()).toHaveLength(2));
  });

  it('shows a fee to decide when the server pushes fees_changed', async () => {
    const server = fakeBillingServer({ policy: { ...DEFAULT_BILLING_POLICY, sessionBilling: true } });
    const fee: Fee = {
      id: 'fee-1',
      kind: 'no_show',
      status: 'pending',
      amountCents: 4000,
      appointmentId: 'appointment-1',
      appointmentStartsAt: '2026-11-19T10:00:00.000Z',
      patientId: PATIENT.id,
      patientName: 'Pat Morgan',
      practitionerId: PRACTITIONER.id,
      practitionerName: 'Riley Chen',
      invoiceId: null,
      invoiceNumber: null,
      waiveReason: null,
      decidedByName: null,
      decidedAt: null,
      createdAt: '2026-11-19T11:00:00.000Z',
    };
    let fees: Fee[] = [];
    let asked = 0;
    const patients = fakePatientsServer({ patients: [] });
    renderApp({
      path: '/billing',
      role: 'staff',
      handle: (call) => {
        if (!call.url.startsWith('/api/billing/fees')) return server.handle(call) ?? patients.handle(call);
        asked += 1;
        return jsonResponse({ fees });
      },
    });
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Fees to decide' })).not.toBeInTheDocument();
    fees = [fee];
    const socket = await findSocket('notifications');
    socket.receive({ type: 'fees_changed', feeId: fee.id });
    expect(await screen.findByRole('heading', { name: 'Fees to decide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply the $40.00 no-show fee' })).toBeInTheDocument();
  });
});

describe('statements', () => {
  const statement: Statement = {
    patientId: 'patient-1',
    patientName: 'Pat Morgan',
    from: '2026-08-23',
    to: '2026-11-20',
    currency: 'usd',
    openingBalanceCents: 1000,
    entries: [
      {
        day: '2026-11-02',
        kind: 'invoice',
        invoiceNumber: 'INV-000001',
        description: 'Invoice INV-000001',
        amountCents: 10_000,
        balanceCents: 11_000,
      },
      {
        day: '2026-11-05',
        kind: 'payment',
        invoiceNumber: 'INV-000001',
        description: 'Payment by card ending 4242',
        amountCents: -4000,
        balanceCents: 7000,
      },
    ],
    invoicedCents: 10_000,
    paidCents: 4000,
    refundedCents: 0,
    closingBalanceCents: 7000,
  };

  it('are not offered while session billing is off', async () => {
    const server = fakeBillingServer({ viewer: 'patient', invoices: [invoice()], statement });
    open('patient', server);
    await rows();
    expect(screen.queryByRole('button', { name: 'Statement' })).not.toBeInTheDocument();
  });

  it('show a patient their account over the last 90 days, entry by entry, ready to download', async () => {
    const server = fakeBillingServer({
      viewer: 'patient',
      invoices: [invoice()],
      statement,
      policy: { ...DEFAULT_BILLING_POLICY, sessionBilling: true },
    });
    open('patient', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement' });
    const table = await within(dialog).findByRole('table', { name: /Statement for Pat Morgan/ });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).toEqual([
      // The entry carries its date again for phones, where the date column is hidden.
      ['2 Nov 2026', '2 Nov 2026Invoice: Invoice INV-000001', '$100.00', '$110.00'],
      ['5 Nov 2026', '5 Nov 2026Payment: Payment by card ending 4242, INV-000001', '-$40.00', '$70.00'],
    ]);
    expect(within(dialog).getByText('Balance', { selector: 'dt' }).nextSibling).toHaveTextContent('$70.00');
    expect(within(dialog).getByText('Brought forward').nextSibling).toHaveTextContent('$10.00');
    // A patient's statement is their own: no patient is named in the call, and nothing is emailed from here.
    const asked = server.calls.find((call) => call.url.startsWith('/api/billing/statements?'));
    expect(new URL(asked?.url ?? '', 'http://x').searchParams.has('patientId')).toBe(false);
    expect(within(dialog).queryByRole('button', { name: 'Email to patient' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('ask the desk for a patient first, and offer to email it', async () => {
    const server = fakeBillingServer({
      invoices: [invoice()],
      statement,
      policy: { ...DEFAULT_BILLING_POLICY, sessionBilling: true },
    });
    open('staff', server);
    // With session billing on, the desk's billing page has two views; the statement is on the invoices one.
    expect(await screen.findByRole('tab', { name: 'Unbilled sessions' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement' });
    expect(within(dialog).getByText('Choose a patient to see their statement.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Email to patient' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeDisabled();
  });
});
