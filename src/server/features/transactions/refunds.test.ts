import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';
import { ledgerHelpers, seedLedger } from './testing';

let t: TestApp;
let patient: TestPerson;
let admin: TestPerson;
const { list } = ledgerHelpers(() => ({ t, admin, patient }));

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, patient } = await seedLedger(t));
});
afterAll(() => t.close());

// These payments are made now, through the clinic's own routes, apart from the dated ones of the list tests.
describe('refunds made through the clinic', () => {
  it('show in the ledger with their reason and who made them, an invoice payment in part', async () => {
    const created = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        patientId: patient.id,
        lineItems: [{ description: 'Recovery session', quantity: 1, unitPriceCents: 9000 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoiceId = created.json().invoice.id;
    const send = await t.injectAs('admin', { method: 'POST', url: `/api/invoices/${invoiceId}/send` });
    expect(send.statusCode, send.body).toBe(200);
    const paid = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/invoices/${invoiceId}/payments`,
      payload: { method: 'card', amountCents: 9000, reference: 'Terminal 2' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { number, payments: invoicePayments } = paid.json().invoice;
    const refund = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/invoices/${invoiceId}/payments/${invoicePayments[0].id}/refund`,
      payload: { amountCents: 2000, reason: 'Session cut short' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const page = await list(`?search=${number}`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: invoicePayments[0].id,
      kind: 'invoice',
      method: 'card',
      status: 'partially_refunded',
      amountCents: 9000,
      refundedCents: 2000,
      reference: 'Terminal 2',
      payerName: 'Pat Quinn',
      invoiceId,
      invoiceNumber: number,
      refunds: [
        expect.objectContaining({ amountCents: 2000, reason: 'Session cut short', byName: 'Alex Kim' }),
      ],
    });
    expect(page.totals).toEqual({ count: 1, receivedCents: 9000, refundedCents: 2000, netCents: 7000 });
  });

  it('show a donation paid online and refunded whole by an admin', async () => {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/donations/create-payment-intent',
      payload: { amount: 40, email: 'online-gift@example.test', firstName: 'Robin', lastName: 'Online' },
    });
    const { clientSecret, paymentIntentId } = intent.json();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/donations/confirm',
      payload: { paymentIntentId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const before = await list('?search=online-gift');
    expect(before.items[0]).toMatchObject({ status: 'succeeded', amountCents: 4000, cardLast4: '4242' });
    const donationId = before.items[0].donationId;
    const refund = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/donations/${donationId}/refund`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await list('?search=online-gift');
    expect(after.items[0]).toMatchObject({
      status: 'refunded',
      refundedCents: 4000,
      payerName: 'Robin Online',
    });
    expect(after.items[0].refunds).toEqual([
      expect.objectContaining({ amountCents: 4000, reason: 'Donation refunded', byName: 'Alex Kim' }),
    ]);
    expect(after.totals).toEqual({ count: 1, receivedCents: 4000, refundedCents: 4000, netCents: 0 });
  });
});
