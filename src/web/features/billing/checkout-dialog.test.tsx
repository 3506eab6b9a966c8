import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type BillingPolicy, type CheckoutPreview, DEFAULT_BILLING_POLICY } from '../../../shared/billing';
import type { SessionPackage } from '../../../shared/billing-packages';
import type { SellableProduct } from '../../../shared/billing-products';
import type { SavedCard } from '../../../shared/saved-cards';
import { invoice } from '../../test/billing-fixtures';
import { fakePatientsServer } from '../../test/fake-patients-server';
import { appointment, fakeSchedulingServer } from '../../test/fake-scheduling-server';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** Checkout from a completed session's details on the calendar. */
const start = new Date(2026, 2, 2, 10);
const done = appointment({
  startsAt: start.toISOString(),
  endsAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
  status: 'completed',
});
type PreviewExtras = { products?: SellableProduct[]; coveredBy?: CheckoutPreview['coveredBy'] };
const preview = ({ products = [], coveredBy = null }: PreviewExtras = {}): CheckoutPreview => ({
  session: {
    appointmentId: done.id,
    startsAt: done.startsAt,
    status: 'completed',
    patientId: done.patientId,
    patientName: done.patientName,
    practitionerId: done.practitionerId,
    practitionerName: done.practitionerName,
    serviceName: done.serviceName,
    priceCents: 9000,
  },
  invoice: null,
  otherBalanceCents: 2500,
  products,
  coveredBy,
});
const PACKAGE: SessionPackage = {
  id: '6a1f0c2e-8b7d-4c3a-9e2f-1d4b5c6a7e8f',
  name: 'Five sessions',
  sessions: 5,
  priceCents: 40_000,
  isActive: true,
  services: [],
};

function open(
  policy: BillingPolicy,
  options: { cards?: SavedCard[]; declined?: string } & PreviewExtras = {},
) {
  const scheduling = fakeSchedulingServer({ now: '2026-02-20T00:00:00.000Z', appointments: [done] });
  const patients = fakePatientsServer({ patients: [] });
  const posted: unknown[] = [];
  renderApp({
    path: '/calendar?date=2026-03-02&view=week',
    role: 'staff',
    handle: (call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path === '/api/billing/policy') return jsonResponse({ policy });
      if (path === '/api/billing/cards') return jsonResponse({ cards: options.cards ?? [] });
      if (path === '/api/billing/settings')
        return jsonResponse({ settings: { taxRateBasisPoints: 0, paymentTermsDays: 30 } });
      if (path === `/api/invoices/checkout/${done.id}` && call.method === 'GET')
        return jsonResponse(preview(options));
      if (path === '/api/billing/packages') return jsonResponse({ packages: [PACKAGE] });
      if (path === `/api/invoices/checkout/${done.id}` && call.method === 'POST') {
        posted.push(call.body);
        return jsonResponse({
          invoice: {
            ...invoice({ number: 'INV-000042', status: 'paid', totalCents: 10_500, balanceCents: 0 }),
            lineItems: [],
            payments: [],
          },
          cardPayment: null,
          declined: options.declined ?? null,
        });
      }
      return scheduling.handle(call) ?? patients.handle(call);
    },
  });
  return { posted };
}

const details = async () => {
  const grid = await screen.findByRole('region', { name: 'Calendar grid' }, { timeout: 10_000 });
  await userEvent.click(
    await within(grid).findByRole('button', { name: new RegExp(`^10:00–10:30 ${done.patientName}`) }),
  );
  return screen.findByRole('dialog', { name: done.serviceName });
};

describe('checkout', { timeout: 20_000 }, () => {
  it('is not offered while session billing is off', async () => {
    open(DEFAULT_BILLING_POLICY);
    const dialog = await details();
    await within(dialog).findByText('Completed');
    expect(within(dialog).queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('issues the invoice with another item and takes the total at the desk in one step', async () => {
    const { posted } = open({ ...DEFAULT_BILLING_POLICY, sessionBilling: true });
    await userEvent.click(await within(await details()).findByRole('button', { name: 'Checkout' }));
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    expect((await within(checkout).findByText('Price', { selector: 'dt' })).nextSibling).toHaveTextContent(
      '$90.00',
    );
    expect(within(checkout).getByText('Owed on other invoices').nextSibling).toHaveTextContent('$25.00');
    await userEvent.type(within(checkout).getByLabelText('Item'), 'Exercise band');
    await userEvent.type(within(checkout).getByLabelText('Price'), '15');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Add item' }));
    expect(within(checkout).getByRole('button', { name: 'Remove Exercise band' })).toBeInTheDocument();
    await userEvent.type(within(checkout).getByLabelText(/Reference/), 'slip 88');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check out and take $105.00' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      lineItems: [{ description: 'Exercise band', quantity: 1, unitPriceCents: 1500 }],
      payment: { kind: 'desk', method: 'card', reference: 'slip 88' },
    });
    expect(await screen.findByText('Checked out: INV-000042 is paid')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
  });

  it("offers the patient's card on file first, and says why it was refused, leaving the invoice open", async () => {
    const card: SavedCard = {
      id: '0b9c1f7e-36a4-4a4e-9d5a-6a2f3e1c9b11',
      patientId: done.patientId,
      brand: 'Visa',
      last4: '0341',
      expMonth: 12,
      expYear: 2040,
      consentAt: '2026-11-01T10:00:00.000Z',
      consentVersion: '1',
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    const { posted } = open(
      { ...DEFAULT_BILLING_POLICY, sessionBilling: true },
      { cards: [card], declined: 'Your card was declined.' },
    );
    await userEvent.click(await within(await details()).findByRole('button', { name: 'Checkout' }));
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(
      await within(checkout).findByRole('radio', { name: 'Card on file (Visa •••• 0341)' }),
    ).toBeChecked();
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check out and take $90.00' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      lineItems: [],
      payment: {
        kind: 'saved_card',
        cardId: card.id,
        idempotencyKey: expect.stringMatching(/^charge-[0-9a-f]{32}$/),
      },
    });
    expect(await within(checkout).findByRole('alert')).toHaveTextContent(
      'The card on file was refused: Your card was declined. INV-000042 stays open on the account.',
    );
  });

  it('leaves it on the account when asked', async () => {
    const { posted } = open({ ...DEFAULT_BILLING_POLICY, sessionBilling: true });
    await userEvent.click(await within(await details()).findByRole('button', { name: 'Checkout' }));
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    await userEvent.click(await within(checkout).findByRole('radio', { name: 'Leave on the account' }));
    expect(within(checkout).queryByLabelText('Method')).not.toBeInTheDocument();
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(posted).toEqual([{ lineItems: [], payment: { kind: 'account' } }]));
  });

  it('adds a product from the store with its quantity, and the total counts it', async () => {
    const roller = (size: string, priceCents: number, stock: number | null): SellableProduct => ({
      variantId: `7d1f0c2a-5b6e-4c3d-8a9b-0c1d2e3f4a${priceCents / 100}`,
      productId: '7d1f0c2a-5b6e-4c3d-8a9b-0c1d2e3f4a5b',
      name: `Foam roller — ${size}`,
      priceCents,
      stock,
    });
    const [large, small] = [roller('Large', 2400, 5), roller('Small', 1800, null)];
    const { posted } = open(
      { ...DEFAULT_BILLING_POLICY, sessionBilling: true },
      { products: [large, small] },
    );
    await userEvent.click(await within(await details()).findByRole('button', { name: 'Checkout' }));
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    const search = await within(checkout).findByRole('combobox', { name: 'Add a product' });
    await userEvent.type(search, 'large');
    const listbox = await screen.findByRole('listbox', { name: 'Products' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    expect(within(listbox).getByRole('option', { name: 'Foam roller — Large' })).toHaveAccessibleDescription(
      '$24.00, 5 in stock',
    );
    await userEvent.keyboard('{Enter}');
    expect(search).toHaveValue('');
    expect(within(checkout).getByRole('status')).toHaveTextContent('Foam roller — Large added');
    const quantity = within(checkout).getByRole('spinbutton', { name: 'Quantity of Foam roller — Large' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '9');
    expect(quantity).toHaveAccessibleDescription('1 to 5');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check out and take $138.00' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      lineItems: [],
      products: [{ variantId: large.variantId, quantity: 2 }],
      payment: { kind: 'desk', method: 'card' },
    });
  });

  it('says when a package covers the session, charging nothing for it, and sells a package', async () => {
    const { posted } = open(
      { ...DEFAULT_BILLING_POLICY, sessionBilling: true },
      {
        coveredBy: {
          patientPackageId: '7b2e1d3f-9c8a-4b5d-8e1f-2a3b4c5d6e7f',
          name: 'Ten sessions',
          sessionsLeft: 4,
          sessionsTotal: 10,
        },
      },
    );
    await userEvent.click(await within(await details()).findByRole('button', { name: 'Checkout' }));
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(
      await within(checkout).findByText(
        'Covered by Ten sessions (4 of 10 left): no charge for this session.',
      ),
    ).toBeInTheDocument();
    expect(within(checkout).getByText('Price', { selector: 'dt' }).nextSibling).toHaveTextContent('$0.00');
    await userEvent.click(
      await within(checkout).findByRole('checkbox', { name: /Five sessions \(5 sessions\)/ }),
    );
    await userEvent.click(within(checkout).getByRole('radio', { name: 'Leave on the account' }));
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ lineItems: [], payment: { kind: 'account' }, packageIds: [PACKAGE.id] });
  });
});
