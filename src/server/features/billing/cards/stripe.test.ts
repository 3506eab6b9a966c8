import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceAnswer } from '../../../../shared/billing';
import { CARD_ERRORS } from '../../../../shared/payments';
import type { CardSetupAnswer, SavedCard } from '../../../../shared/saved-cards';
import { payments } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { type FakeIntent, FakeStripe } from '../../payments/fake-stripe';
import { call, chargeKey, expectStatus, sentInvoice, sessionBilling } from '../testing';

/**
 * Cards on file under Stripe, against the local Stripe-like server: the setup is made for the patient's
 * customer, the card kept is what Stripe reports, a charge goes off-session under the caller's idempotency
 * key, the webhook and the direct answer (in either order) record one payment, a decline leaves the invoice
 * open, and removing detaches the card at Stripe.
 */
const WEBHOOK_SECRET = 'whsec_local_cards_secret';
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
  await sessionBilling(t, true);
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

function webhook(intent: FakeIntent) {
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

async function saveAtStripe(declines: string | null = null) {
  const setup = await expectStatus<CardSetupAnswer>(t, patient, {
    method: 'POST',
    url: '/api/billing/cards/setup',
    status: 200,
  });
  const atStripe = fake.setupIntents.get(setup.setupIntentId);
  expect(atStripe).toMatchObject({ client_secret: setup.clientSecret, metadata: { patientId: patient.id } });
  fake.confirmSetup(setup.setupIntentId, { last4: declines ? '0341' : '4242', declines });
  const saved = await expectStatus<{ card: SavedCard }>(t, patient, {
    method: 'POST',
    url: '/api/billing/cards',
    payload: { setupIntentId: setup.setupIntentId, consent: true },
    status: 201,
  });
  return saved.card;
}

const charge = (invoiceId: string, body: Record<string, unknown>) =>
  call(t, 'staff', { method: 'POST', url: `/api/invoices/${invoiceId}/charge-card`, payload: body });
const paymentsOf = (invoiceId: string) =>
  t.database.db.select().from(payments).where(eq(payments.referenceId, invoiceId));

describe('cards on file under Stripe', () => {
  let card: SavedCard;

  it('keeps what Stripe reports of the card, for one customer per patient', async () => {
    card = await saveAtStripe();
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 });
    const second = await saveAtStripe();
    expect(fake.customers.size).toBe(1);
    const removed = await expectStatus<{ cards: SavedCard[] }>(t, patient, {
      method: 'DELETE',
      url: `/api/billing/cards/${second.id}`,
      status: 200,
    });
    expect(removed.cards.map((each) => each.id)).toEqual([card.id]);
    const [detached] = [...fake.paymentMethods.values()].filter((method) => method.customer === null);
    expect(detached?.card.last4).toBe('4242');
  });

  it('charges off-session under the key, and a webhook after the answer adds nothing', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 8_800 });
    const key = chargeKey();
    const paid = await charge(invoice.id, { cardId: card.id, idempotencyKey: key });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<InvoiceAnswer>().invoice).toMatchObject({ status: 'paid', paidCents: 8_800 });
    expect(fake.chargeKeys).toContain(`saved-card-${key}`);
    const [payment] = await paymentsOf(invoice.id);
    const intent = fake.intents.get(payment.providerIntentId ?? '');
    expect(intent?.metadata).toMatchObject({ purpose: 'invoice', invoiceId: invoice.id });
    expect((await webhook(intent as FakeIntent)).statusCode).toBe(200);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('records once when the webhook arrives before Stripe answers the charge', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 3_300 });
    const hooks: number[] = [];
    fake.onCharged = async (intent) => {
      hooks.push((await webhook(intent)).statusCode);
    };
    try {
      const paid = await charge(invoice.id, { cardId: card.id, idempotencyKey: chargeKey() });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json<InvoiceAnswer>().invoice).toMatchObject({ status: 'paid', paidCents: 3_300 });
    } finally {
      fake.onCharged = null;
    }
    expect(hooks).toEqual([200]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
  });

  it('leaves the invoice open with Stripe message when the card declines', async () => {
    const declining = await saveAtStripe(CARD_ERRORS.declined);
    const invoice = await sentInvoice(t, patient.id, { cents: 2_000 });
    const refused = await charge(invoice.id, { cardId: declining.id, idempotencyKey: chargeKey() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CARD_ERRORS.declined);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);
    const open = await expectStatus(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
      status: 200,
    });
    expect(open.invoice.status).toBe('sent');
  });
});
