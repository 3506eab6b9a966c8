import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BILLING_POLICY,
  type InvoiceSessionsInput,
  type UnbilledAnswer,
  type UnbilledSession,
} from '../../../shared/billing';
import type { Role } from '../../../shared/vocabulary/roles';
import { invoice } from '../../test/billing-fixtures';
import { fakeBillingServer } from '../../test/fake-billing-server';
import { fakePatientsServer } from '../../test/fake-patients-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = (id: string, fields: Partial<UnbilledSession> = {}): UnbilledSession => ({
  appointmentId: id,
  startsAt: '2026-11-20T10:00:00.000Z',
  patientId: 'patient-1',
  patientName: 'Pat Morgan',
  practitionerId: 'practitioner-1',
  practitionerName: 'Riley Chen',
  serviceName: 'Follow-up (45 min)',
  priceCents: 7000,
  ...fields,
});

/** The billing fake, with the policy and the unbilled sessions answered in front of it. */
function open(role: Role, { sessionBilling }: { sessionBilling: boolean }) {
  const billing = fakeBillingServer({ invoices: [invoice({ number: 'INV-000001' })] });
  const patients = fakePatientsServer({ patients: [] });
  let unbilled = [
    session('a-1'),
    session('a-2', { startsAt: '2026-11-19T10:00:00.000Z' }),
    session('a-3', { patientId: 'patient-2', patientName: 'Ava Hughes', priceCents: 5500 }),
  ];
  const posted: InvoiceSessionsInput[] = [];
  const asked: string[] = [];
  renderApp({
    path: '/billing',
    role,
    handle: (call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/billing/policy')
        return jsonResponse({ policy: { ...DEFAULT_BILLING_POLICY, sessionBilling } });
      if (url.pathname === '/api/invoices/unbilled') {
        asked.push(call.url);
        const answer: UnbilledAnswer = {
          sessions: unbilled,
          from: '2026-10-29',
          to: '2026-11-27',
          page: 1,
          pageSize: 100,
          total: unbilled.length,
          totalCents: unbilled.reduce((sum, row) => sum + row.priceCents, 0),
        };
        return jsonResponse(answer);
      }
      if (url.pathname === '/api/invoices/from-sessions') {
        const body = call.body as InvoiceSessionsInput;
        posted.push(body);
        unbilled = unbilled.filter((row) => !body.appointmentIds.includes(row.appointmentId));
        return jsonResponse(
          {
            invoices: [invoice({ number: 'INV-000002' }), invoice({ number: 'INV-000003' })],
            sessions: body.appointmentIds.length,
            skipped: [],
          },
          201,
        );
      }
      return billing.handle(call) ?? patients.handle(call);
    },
  });
  return { posted, asked };
}

describe('unbilled sessions', () => {
  it('stays hidden while session billing is off', async () => {
    open('staff', { sessionBilling: false });
    // The first screen of the file loads the page's code: it may take a while.
    expect(await screen.findByText('INV-000001', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Unbilled sessions' })).toBeNull();
  });

  it('lets staff select sessions and invoice them, one invoice per patient, after confirming', async () => {
    const user = userEvent.setup();
    const { posted } = open('staff', { sessionBilling: true });
    await user.click(await screen.findByRole('tab', { name: 'Unbilled sessions' }, { timeout: 10_000 }));
    expect(
      await screen.findByText(/3 completed sessions not on an invoice, \$195\.00/, {}, { timeout: 10_000 }),
    ).toBeVisible();
    const invoiceButton = screen.getByRole('button', { name: 'Invoice selected' });
    expect(invoiceButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all 3 on this page' }));
    expect(screen.getByText('3 sessions selected, $195.00')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /^Ava Hughes/ }));
    expect(screen.getByText('2 sessions selected, $140.00')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /^Ava Hughes/ }));

    await user.click(invoiceButton);
    const dialog = await screen.findByRole('dialog', { name: 'Invoice the selected sessions?' });
    expect(dialog).toHaveTextContent('2 invoices for 2 patients (3 sessions, $195.00 before tax)');
    await user.click(within(dialog).getByRole('button', { name: 'Issue 2 invoices' }));
    await waitFor(() => expect(posted).toEqual([{ appointmentIds: ['a-1', 'a-2', 'a-3'] }]));
    expect(await screen.findByText('2 invoices issued for 3 sessions')).toBeVisible();
    expect(
      await screen.findByText(
        'Every completed session in these dates is on an invoice.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeVisible();
  });

  it('shows a practitioner no practitioner filter', async () => {
    const user = userEvent.setup();
    open('practitioner', { sessionBilling: true });
    await user.click(await screen.findByRole('tab', { name: 'Unbilled sessions' }, { timeout: 10_000 }));
    await screen.findByText(/3 completed sessions not on an invoice/, {}, { timeout: 10_000 });
    expect(screen.queryByLabelText('Practitioner')).toBeNull();
  });
});
