import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, type PayInvoiceAnswer } from '../../../../shared/billing';
import { payments } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { FakeStripe } from '../../payments/fake-stripe';
import { call, expectStatus, sentInvoice } from '../testing';

/**
 * Paying an invoice under Stripe, against the local Stripe-like server: the intent is made at Stripe for the
 * balance with the invoice in its metadata, confirm believes Stripe alone, a signed webhook records nothing
 * twice, and refunds go back through Stripe, each part as its own refund.
 */
const WEBHOOK_SECRET = 'whsec_local_billing_secret';
const signer = new Stripe('sk_test_signer');
let fake: FakeStripe;
let t: TestApp;
let patient: TestPerson;

beforeAll(async () => {
  fake = new FakeStripe();
  const port = await fake.start();
  t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port,
      protocol: 'http',
    },
  });
  patient = await createPerson(t, 'patient');
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

function webhook(intentId: string) {
  const intent = fake.intents.get(intentId);
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { ...intent, status: 'succeeded' } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

const confirm = (id: string, paymentIntentId: string) =>
  call(t, patient, { method: 'POST', url: `/api/invoices/${id}/pay/confirm`, payload: { paymentIntentId } });

describe('paying an invoice under Stripe', () => {
  it('makes the intent for the balance, confirms once Stripe says so, and a webhook adds nothing', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 7250 });
    const started = await expectStatus<PayInvoiceAnswer>(t, patient, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/pay`,
      status: 200,
    });
    const intent = fake.intents.get(started.paymentIntentId);
    expect(intent).toMatchObject({ amount: 7250, currency: 'usd', client_secret: started.clientSecret });
    expect(intent?.metadata).toEqual({ purpose: 'invoice', invoiceId: invoice.id });

    const early = await confirm(invoice.id, started.paymentIntentId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BILLING_ERRORS.notSucceeded);

    fake.succeed(started.paymentIntentId);
    const paid = await confirm(invoice.id, started.paymentIntentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().invoice).toMatchObject({ status: 'paid', paidCents: 7250 });
    expect((await webhook(started.paymentIntentId)).json()).toEqual({ received: true });
    const ledger = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, started.paymentIntentId));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ provider: 'stripe', purpose: 'invoice', cardLast4: '4242' });

    // Two refunds of the same amount are two refunds at Stripe.
    const url = `/api/invoices/${invoice.id}/payments/${ledger[0].id}/refund`;
    await expectStatus(t, 'staff', {
      method: 'POST',
      url,
      payload: { amountCents: 1000, reason: 'One' },
      status: 200,
    });
    const after = await expectStatus(t, 'staff', {
      method: 'POST',
      url,
      payload: { amountCents: 1000, reason: 'Two' },
      status: 200,
    });
    expect(after.invoice).toMatchObject({ paidCents: 5250, status: 'partially_paid' });
    const refunds = fake.refunds.filter((refund) => refund.paymentIntent === started.paymentIntentId);
    expect(refunds.map((refund) => refund.amount)).toEqual([1000, 1000]);
    expect(new Set(refunds.map((refund) => refund.idempotencyKey)).size).toBe(2);
  });

  it('settles from the webhook alone when the browser never confirms', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 1500 });
    const started = await expectStatus<PayInvoiceAnswer>(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/pay`,
      status: 200,
    });
    fake.succeed(started.paymentIntentId);
    expect((await webhook(started.paymentIntentId)).statusCode).toBe(200);
    const seen = await expectStatus(t, patient, {
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
      status: 200,
    });
    expect(seen.invoice).toMatchObject({ status: 'paid', paidCents: 1500 });
  });
});
