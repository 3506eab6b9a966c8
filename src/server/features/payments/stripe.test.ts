import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_ERRORS } from '../../../shared/donations';
import { PAYMENT_ERRORS } from '../../../shared/payments';
import { loadConfig } from '../../config';
import { donations, emailOutbox, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type FakeIntent, FakeStripe } from './fake-stripe';

/**
 * The Stripe path against a local server that answers like Stripe's API (fake-stripe.ts): the SDK is pointed
 * at it through its host, port and protocol options, and Stripe's webhook calls are signed as Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_local_test_secret';
const signer = new Stripe('sk_test_signer');
let fake: FakeStripe;
let t: TestApp;

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
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const details = (overrides: Record<string, unknown> = {}) => ({
  amount: 75,
  email: `stripe-${Math.random().toString(36).slice(2)}@example.test`,
  firstName: 'Sam',
  lastName: 'Okafor',
  ...overrides,
});

async function started(overrides: Record<string, unknown> = {}) {
  const payload = details(overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/donations/create-payment-intent',
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...response.json<{ clientSecret: string; paymentIntentId: string }>(), email: payload.email };
}

function webhook(event: unknown, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

const succeededEvent = (intent: FakeIntent) => ({
  id: `evt_${randomBytes(8).toString('hex')}`,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { ...intent, status: 'succeeded' } },
});

const confirm = (paymentIntentId: string) =>
  t.app.inject({ method: 'POST', url: '/api/donations/confirm', payload: { paymentIntentId } });
const paymentsOf = (id: string) =>
  t.database.db.select().from(payments).where(eq(payments.providerIntentId, id));
const donationOf = async (id: string) =>
  (await t.database.db.select().from(donations).where(eq(donations.paymentIntentId, id)))[0];

describe('under Stripe', () => {
  it('tells the browser Stripe is live with its publishable key, and has no test card call', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_local' });
    // The page may load Stripe.js and show Stripe's card frames.
    const policy = String(config.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain('frame-src');
    expect(policy).toContain('https://api.stripe.com');
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: {
        clientSecret: 'pi_abc_secret_def',
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(card.statusCode).toBe(404);
    expect(card.json().message).toBe(PAYMENT_ERRORS.notTestProvider);
  });

  it("creates the intent at Stripe with the donation's cents and answers Stripe's client secret", async () => {
    const { clientSecret, paymentIntentId } = await started({ amount: 12.34 });
    const intent = fake.intents.get(paymentIntentId);
    expect(intent).toMatchObject({ amount: 1234, currency: 'usd', client_secret: clientSecret });
    expect(intent?.metadata).toEqual({ purpose: 'donation' });
    expect(fake.authorizations).toContain('Bearer sk_test_local');
    expect(await donationOf(paymentIntentId)).toMatchObject({ provider: 'stripe', status: 'pending' });
  });

  it('confirms only once Stripe says the intent succeeded, then a signed webhook adds nothing', async () => {
    const { paymentIntentId, email } = await started();
    const early = await confirm(paymentIntentId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DONATION_ERRORS.notSucceeded);

    fake.succeed(paymentIntentId);
    expect((await confirm(paymentIntentId)).json()).toEqual({ success: true });
    const intent = fake.intents.get(paymentIntentId) as FakeIntent;
    const late = await webhook(succeededEvent(intent));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ received: true });
    expect(await paymentsOf(paymentIntentId)).toHaveLength(1);
    expect(await donationOf(paymentIntentId)).toMatchObject({ status: 'paid', cardLast4: '4242' });
    const receipts = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));
    expect(receipts).toHaveLength(1);
  });

  it('settles on a signed webhook before the browser confirms; confirm then succeeds as well', async () => {
    const { paymentIntentId } = await started();
    fake.succeed(paymentIntentId);
    const event = succeededEvent(fake.intents.get(paymentIntentId) as FakeIntent);
    const [first, second] = await Promise.all([webhook(event), webhook(event)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await donationOf(paymentIntentId)).status).toBe('paid');
    expect((await confirm(paymentIntentId)).json()).toEqual({ success: true });
    expect(await paymentsOf(paymentIntentId)).toHaveLength(1);
  });

  it("refuses a webhook whose signature does not verify, and believes Stripe's API over the event", async () => {
    const { paymentIntentId } = await started();
    const event = succeededEvent(fake.intents.get(paymentIntentId) as FakeIntent);
    const payload = JSON.stringify(event);
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const signature of [wrongSecret, 't=1,v1=deadbeef', '']) {
      const response = await webhook(event, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PAYMENT_ERRORS.badSignature);
    }
    // Well signed, but Stripe's API says the intent has not succeeded: nothing is recorded.
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await donationOf(paymentIntentId)).status).toBe('pending');
    expect(await paymentsOf(paymentIntentId)).toHaveLength(0);
  });

  it("refuses an intent whose amount at Stripe is not the donation's", async () => {
    const { paymentIntentId } = await started({ amount: 200 });
    const intent = fake.intents.get(paymentIntentId) as FakeIntent;
    intent.amount = 100;
    fake.succeed(paymentIntentId);
    const response = await confirm(paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DONATION_ERRORS.amountMismatch);
    expect((await webhook(succeededEvent(intent))).statusCode).toBe(200);
    expect((await donationOf(paymentIntentId)).status).toBe('pending');
    expect(await paymentsOf(paymentIntentId)).toHaveLength(0);
  });

  it('refunds through Stripe once, with an idempotency key', async () => {
    const { paymentIntentId } = await started({ amount: 20 });
    fake.succeed(paymentIntentId);
    await confirm(paymentIntentId);
    const donation = await donationOf(paymentIntentId);
    const url = `/api/admin/donations/${donation.id}/refund`;
    const refunded = await t.injectAs('admin', { method: 'POST', url });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().donation.status).toBe('refunded');
    expect((await t.injectAs('admin', { method: 'POST', url })).statusCode).toBe(200);
    const calls = fake.refunds.filter((refund) => refund.paymentIntent === paymentIntentId);
    expect(calls).toEqual([
      { paymentIntent: paymentIntentId, amount: 2000, idempotencyKey: expect.any(String) },
    ]);
    expect((await paymentsOf(paymentIntentId))[0]).toMatchObject({ status: 'refunded', refundedCents: 2000 });
  });

  it('answers 404 for a confirm of an intent Stripe does not know as a donation', async () => {
    expect((await confirm('pi_unknowntostripe')).statusCode).toBe(404);
  });
});

describe('choosing the provider', () => {
  it('takes Stripe only with both keys, and reads the SDK host options', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }).stripe).toBeUndefined();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_HOST: 'localhost',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      webhookSecret: 'whsec_x',
      host: 'localhost',
      port: 12111,
      protocol: 'http',
    });
    expect(() => loadConfig({ STRIPE_API_PROTOCOL: 'ftp' })).toThrow(/STRIPE_API_PROTOCOL/);
  });
});
