import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { TEST_CARDS } from '../../src/shared/payments';

/** A paid donation made through the calls the Donate dialog makes, under the built-in test provider. */
export async function donate(request: APIRequestContext, options: { amount: number; lastName: string }) {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const intent = await request.post('/api/donations/create-payment-intent', {
    data: { amount: options.amount, email, firstName: 'Morgan', lastName: options.lastName },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret, paymentIntentId } = await intent.json();
  const card = await request.post('/api/payments/test/confirm-card', {
    data: { clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: '123' },
  });
  expect(card.status(), await card.text()).toBe(200);
  const confirm = await request.post('/api/donations/confirm', { data: { paymentIntentId } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return { email, name: `Morgan ${options.lastName}` };
}

/** A last name no other journey uses, to search the shared ledger by. */
export const uniqueName = () => `Ledger${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** A sent invoice of one line to a patient, paid in cash at the desk; as the admin, through billing's calls. */
export async function invoicePaidAtDesk(
  request: APIRequestContext,
  options: { token: string; patientId: string; cents: number },
) {
  const headers = { authorization: `Bearer ${options.token}` };
  const created = await request.post('/api/invoices', {
    headers,
    data: {
      patientId: options.patientId,
      lineItems: [{ description: 'Recovery session', quantity: 1, unitPriceCents: options.cents }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).invoice;
  const sent = await request.post(`/api/invoices/${id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const paid = await request.post(`/api/invoices/${id}/payments`, {
    headers,
    data: { method: 'cash', amountCents: options.cents, reference: 'Front desk' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { id, number: (await paid.json()).invoice.number as string };
}
