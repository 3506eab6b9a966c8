import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, type Invoice } from '../../../../shared/billing';
import { paymentRefunds, payments, testPaymentIntents } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestPerson } from '../../../test/people';
import { call, careTeam, expectStatus, paidOnline, pay, sentInvoice } from '../testing';

/** Refunds of invoice payments, in part or in full, at the desk or back to the card. */
let t: TestApp;
let patient: TestPerson;
let practitioner: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  ({ patient, practitioner } = await careTeam(t));
});
afterAll(async () => {
  await t.close();
});

const get = async (id: string) =>
  (await expectStatus(t, 'staff', { method: 'GET', url: `/api/invoices/${id}`, status: 200 })).invoice;

describe('refunds', () => {
  it('refund part, then the rest, and refuse more than is left', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 8000 });
    const paid = (await pay(t, 'staff', { id: invoice.id, amountCents: 8000 })).json<{ invoice: Invoice }>()
      .invoice;
    const paymentId = paid.payments[0].id;
    const url = `/api/invoices/${invoice.id}/payments/${paymentId}/refund`;
    const part = await expectStatus(t, 'staff', {
      method: 'POST',
      url,
      payload: { amountCents: 3000, reason: 'Goodwill' },
      status: 200,
    });
    expect(part.invoice).toMatchObject({ status: 'partially_paid', paidCents: 5000, balanceCents: 3000 });
    expect(part.invoice.payments[0]).toMatchObject({ refundedCents: 3000 });
    const tooMuch = await call(t, 'admin', {
      method: 'POST',
      url,
      payload: { amountCents: 5001, reason: 'Again' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(BILLING_ERRORS.refundTooLarge);
    const rest = await expectStatus(t, 'admin', {
      method: 'POST',
      url,
      payload: { reason: 'Closed' },
      status: 200,
    });
    expect(rest.invoice).toMatchObject({ status: 'sent', paidCents: 0 });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 8000 });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.map((refund) => refund.amountCents).sort()).toEqual([3000, 5000]);
    const none = await call(t, 'staff', { method: 'POST', url, payload: { amountCents: 1, reason: 'More' } });
    expect(none.statusCode).toBe(400);
    await expectStatus(t, practitioner, { method: 'POST', url, payload: { reason: 'x' }, status: 403 });
  });

  it('go back to the card for an online payment, in two parts of the same amount', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 4000 });
    const { invoice: paid, paymentIntentId } = await paidOnline(t, patient, invoice.id);
    const url = `/api/invoices/${invoice.id}/payments/${paid.payments[0].id}/refund`;
    await expectStatus(t, 'staff', {
      method: 'POST',
      url,
      payload: { amountCents: 1000, reason: 'One' },
      status: 200,
    });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url,
      payload: { amountCents: 1000, reason: 'Two' },
      status: 200,
    });
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentIntentId));
    expect(intent.refundedCents).toBe(2000);
    expect(await get(invoice.id)).toMatchObject({ paidCents: 2000, status: 'partially_paid' });
  });

  it('answer 404 for a payment of another invoice', async () => {
    const one = await sentInvoice(t, patient.id, { cents: 1000 });
    const two = await sentInvoice(t, patient.id, { cents: 1000 });
    const paid = (await pay(t, 'staff', { id: one.id, amountCents: 1000 })).json<{ invoice: Invoice }>()
      .invoice;
    const response = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${two.id}/payments/${paid.payments[0].id}/refund`,
      payload: { reason: 'Wrong' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(BILLING_ERRORS.paymentNotFound);
  });
});
