import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BILLING_ERRORS } from '../../../shared/billing';
import type { Role } from '../../../shared/vocabulary/roles';
import { invoice, PATIENT, serviceType } from '../../test/billing-fixtures';
import { chooseFromCombobox } from '../../test/combobox';
import { fakeBillingServer } from '../../test/fake-billing-server';
import { fakePatientsServer, PRACTITIONERS, patientRecord } from '../../test/fake-patients-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const SESSION_ID = '00000000-0000-4000-8000-0000000000b1';

function setUp(role: Role, options: { refuse?: boolean } = {}) {
  const pat = patientRecord({ id: PATIENT.id, firstName: 'Pat', lastName: 'Morgan' });
  const patients = fakePatientsServer({ patients: [pat] });
  const server = fakeBillingServer({
    settings: { taxRateBasisPoints: 825, paymentTermsDays: 30 },
    services: [serviceType({ name: 'Sports massage', priceCents: 8000 })],
    billable: {
      [PATIENT.id]: [
        {
          appointmentId: SESSION_ID,
          startsAt: '2026-11-10T09:00:00.000Z',
          serviceTypeId: '00000000-0000-4000-8000-0000000000b2',
          serviceName: 'Initial assessment',
          practitionerId: PRACTITIONERS[0].id,
          practitionerName: 'Riley Chen',
          priceCents: 12000,
        },
      ],
    },
  });
  const view = renderApp({
    path: '/billing',
    role,
    handle: (call) => {
      if (options.refuse && call.method === 'POST' && call.url === '/api/invoices')
        return jsonResponse(
          {
            message: `Invalid request: ${BILLING_ERRORS.discountTooLarge}`,
            fields: {
              discountCents: BILLING_ERRORS.discountTooLarge,
              'lineItems.1.description': BILLING_ERRORS.descriptionTooLong,
            },
          },
          400,
        );
      return server.handle(call) ?? patients.handle(call);
    },
  });
  return { server, ...view };
}

const dialog = () => screen.findByRole('dialog', { name: 'New invoice' }, { timeout: 10_000 });
const previewFigure = (scope: HTMLElement, label: string | RegExp) =>
  within(within(scope).getByRole('region', { name: 'Preview' })).getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent;

async function startInvoice() {
  await userEvent.click(await screen.findByRole('button', { name: 'New invoice' }, { timeout: 10_000 }));
  const editor = await dialog();
  await chooseFromCombobox(editor, { label: 'Patient', search: 'Pat', option: 'Pat Morgan' });
  return editor;
}

describe('the invoice editor', () => {
  it('says what is missing before sending anything', async () => {
    const { server } = setUp('staff');
    await userEvent.click(await screen.findByRole('button', { name: 'New invoice' }, { timeout: 10_000 }));
    const editor = await dialog();
    await userEvent.click(within(editor).getByRole('button', { name: 'Add a line' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Create draft' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent('Please correct the fields shown.');
    expect(editor).toHaveTextContent('Choose a patient');
    const line = within(editor).getByRole('group', { name: 'Line 1' });
    expect(within(line).getByLabelText('Description')).toHaveAccessibleDescription(
      'Each line needs a description',
    );
    expect(within(line).getByLabelText('Unit price ($)')).toHaveAccessibleDescription(
      'Enter a price such as 55.00',
    );
    await userEvent.click(within(line).getByRole('button', { name: 'Remove line 1' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Create draft' }));
    expect(editor).toHaveTextContent('Add at least one line');
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('builds lines from a completed session, a service and free text, previewing the totals with tax', async () => {
    const { server } = setUp('staff');
    const editor = await startInvoice();
    await userEvent.click(
      await within(editor).findByRole('button', { name: 'Add Initial assessment, 10 Nov 2026' }),
    );
    expect(
      within(editor).getByRole('button', { name: 'Initial assessment, 10 Nov 2026 added' }),
    ).toBeDisabled();
    await userEvent.selectOptions(within(editor).getByLabelText('Service'), 'Sports massage ($80.00)');
    await userEvent.click(within(editor).getByRole('button', { name: 'Add service' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Add a line' }));
    const free = within(editor).getByRole('group', { name: 'Line 3' });
    await userEvent.type(within(free).getByLabelText('Description'), 'Resistance band');
    await userEvent.clear(within(free).getByLabelText('Quantity'));
    await userEvent.type(within(free).getByLabelText('Quantity'), '2');
    await userEvent.type(within(free).getByLabelText('Unit price ($)'), '12.50');
    await userEvent.type(within(editor).getByLabelText('Discount ($)'), '20');
    expect(previewFigure(editor, 'Subtotal')).toBe('$225.00');
    expect(previewFigure(editor, 'Discount')).toBe('$20.00');
    expect(previewFigure(editor, 'Tax (8.25%)')).toBe('$16.91');
    expect(previewFigure(editor, 'Total')).toBe('$221.91');
    await userEvent.selectOptions(within(editor).getByLabelText('Practitioner'), 'Riley Chen');
    await userEvent.click(within(editor).getByRole('button', { name: 'Create draft' }));
    expect(
      await screen.findByRole('dialog', { name: 'Draft invoice' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const sent = server.calls.find((call) => call.method === 'POST' && call.url === '/api/invoices')?.body;
    expect(sent).toEqual({
      patientId: PATIENT.id,
      practitionerId: PRACTITIONERS[0].id,
      discountCents: 2000,
      notes: '',
      lineItems: [
        {
          description: 'Initial assessment, 10 Nov 2026',
          quantity: 1,
          unitPriceCents: 12000,
          serviceTypeId: '00000000-0000-4000-8000-0000000000b2',
          appointmentId: SESSION_ID,
        },
        {
          description: 'Sports massage',
          quantity: 1,
          unitPriceCents: 8000,
          serviceTypeId: server.state.services[0].id,
        },
        { description: 'Resistance band', quantity: 2, unitPriceCents: 1250 },
      ],
    });
    expect(server.state.invoices[0].totalCents).toBe(22191);
  });

  it('puts the server’s field messages on the fields they are about', async () => {
    setUp('staff', { refuse: true });
    const editor = await startInvoice();
    await userEvent.click(within(editor).getByRole('button', { name: 'Add a line' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Add a line' }));
    for (const name of ['Line 1', 'Line 2']) {
      const line = within(editor).getByRole('group', { name });
      await userEvent.type(within(line).getByLabelText('Description'), 'Item');
      await userEvent.type(within(line).getByLabelText('Unit price ($)'), '10');
    }
    await userEvent.type(within(editor).getByLabelText('Discount ($)'), '500');
    await userEvent.click(within(editor).getByRole('button', { name: 'Create draft' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(BILLING_ERRORS.discountTooLarge);
    expect(within(editor).getByLabelText('Discount ($)')).toHaveAccessibleDescription(
      BILLING_ERRORS.discountTooLarge,
    );
    expect(
      within(within(editor).getByRole('group', { name: 'Line 2' })).getByLabelText('Description'),
    ).toHaveAccessibleDescription(BILLING_ERRORS.descriptionTooLong);
  });

  it('lets a practitioner make an invoice for themselves, with no practitioner to choose', async () => {
    const { server } = setUp('practitioner');
    const editor = await startInvoice();
    expect(within(editor).queryByLabelText('Practitioner')).not.toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Add a line' }));
    const line = within(editor).getByRole('group', { name: 'Line 1' });
    await userEvent.type(within(line).getByLabelText('Description'), 'Home exercise plan');
    await userEvent.type(within(line).getByLabelText('Unit price ($)'), '30');
    await userEvent.click(within(editor).getByRole('button', { name: 'Create draft' }));
    await screen.findByRole('dialog', { name: 'Draft invoice' }, { timeout: 10_000 });
    const sent = server.calls.find((call) => call.method === 'POST' && call.url === '/api/invoices')?.body;
    expect(sent).toMatchObject({ practitionerId: '00000000-0000-4000-8000-000000000001' });
  });

  it('edits a draft: its lines come back into the form and the changes replace them', async () => {
    const draft = invoice({ number: null, status: 'draft', issueDate: null, notes: 'Old note' });
    const patients = fakePatientsServer({ patients: [] });
    const server = fakeBillingServer({ invoices: [draft] });
    renderApp({
      path: `/billing?invoice=${draft.id}`,
      role: 'staff',
      handle: (call) => server.handle(call) ?? patients.handle(call),
    });
    const detail = await screen.findByRole('dialog', { name: 'Draft invoice' }, { timeout: 10_000 });
    await userEvent.click(within(detail).getByRole('button', { name: 'Edit draft' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit draft invoice' });
    const line = within(editor).getByRole('group', { name: 'Line 1' });
    expect(within(line).getByLabelText('Description')).toHaveValue('Initial assessment');
    expect(within(line).getByLabelText('Unit price ($)')).toHaveValue('100.00');
    await userEvent.clear(within(line).getByLabelText('Unit price ($)'));
    await userEvent.type(within(line).getByLabelText('Unit price ($)'), '90');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    const patch = server.calls.find((call) => call.method === 'PATCH')?.body as { lineItems: unknown[] };
    expect(patch.lineItems).toEqual([
      { description: 'Initial assessment', quantity: 1, unitPriceCents: 9000 },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Draft invoice' })).toHaveTextContent('Total$90.00'),
    );
  });

  it('changes the clinic’s tax rate and payment terms', async () => {
    const { server } = setUp('admin');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Billing settings' }, { timeout: 10_000 }),
    );
    const form = await screen.findByRole('dialog', { name: 'Billing settings' });
    const tax = await within(form).findByLabelText('Tax rate (%)');
    expect(tax).toHaveValue('8.25');
    await userEvent.clear(tax);
    await userEvent.type(tax, '60');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(tax).toHaveAccessibleDescription('Enter a tax rate from 0 to 50%');
    await userEvent.clear(tax);
    await userEvent.type(tax, '7.5');
    await userEvent.clear(within(form).getByLabelText('Payment terms (days)'));
    await userEvent.type(within(form).getByLabelText('Payment terms (days)'), '14');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Billing settings saved')).toBeInTheDocument();
    expect(server.state.settings).toEqual({ taxRateBasisPoints: 750, paymentTermsDays: 14 });
  });
});
