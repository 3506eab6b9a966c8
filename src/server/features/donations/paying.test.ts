import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_ERRORS } from '../../../shared/donations';
import { CARD_ERRORS, PAYMENT_ERRORS, TEST_CARDS } from '../../../shared/payments';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { activityLog, testPaymentIntents, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { donationCalls, uniqueEmail } from './testing';

/** Donations through the built-in test provider, on the real app and database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { confirmCard, confirm, started, donationOf, paymentsOf, receiptsTo } = donationCalls(() => t);

describe('paying and confirming', () => {
  it('takes a visitor through 4242: paid, one payment, the last four digits only, a receipt', async () => {
    const email = uniqueEmail();
    const { clientSecret, paymentIntentId } = await started('visitor', { email, amount: 50 });
    const paid = await confirmCard(clientSecret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'succeeded', paymentIntentId });
    const confirmed = await confirm('visitor', paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true });

    const donation = await donationOf(paymentIntentId);
    expect(donation).toMatchObject({ status: 'paid', cardLast4: '4242' });
    expect(donation.paidAt).toBeInstanceOf(Date);
    const recorded = await paymentsOf(paymentIntentId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: 5000, purpose: 'donation', referenceId: donation.id });
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentIntentId));
    expect(JSON.stringify(intent)).not.toContain(TEST_CARDS.success);
    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe('Your donation receipt: $50');
    expect(receipts[0].body).toContain('card ending 4242');
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, donation.id));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['donation.intent_created', 'donation.paid']),
    );
    expect(JSON.stringify(entries)).not.toContain(clientSecret);
  });

  it("uses a signed-in member's own email when none is given and lists the donation as theirs only", async () => {
    const [member] = await t.database.db.select().from(users).where(eq(users.email, 'member@demo.clinic'));
    const { clientSecret, paymentIntentId } = await started('member', { email: '', amount: 10 });
    expect((await confirmCard(clientSecret)).json().status).toBe('succeeded');
    expect((await confirm('member', paymentIntentId)).json()).toEqual({ success: true });
    const donation = await donationOf(paymentIntentId);
    expect(donation).toMatchObject({ userId: member.id, email: 'member@demo.clinic', status: 'paid' });

    const mine = await t.injectAs('member', { method: 'GET', url: '/api/donations/mine' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().donations.map((row: { id: string }) => row.id)).toContain(donation.id);
    const theirs = await t.injectAs('patient', { method: 'GET', url: '/api/donations/mine' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().donations.map((row: { id: string }) => row.id)).not.toContain(donation.id);
    expect((await t.injectAs('visitor', { method: 'GET', url: '/api/donations/mine' })).statusCode).toBe(401);
  });

  it.each([
    ['declined', TEST_CARDS.declined, CARD_ERRORS.declined],
    ['insufficient funds', TEST_CARDS.insufficientFunds, CARD_ERRORS.insufficientFunds],
  ])(
    'leaves the donation pending on a %s card, with the provider message, and confirm refuses',
    async (_, card, message) => {
      const { clientSecret, paymentIntentId } = await started();
      const refused = await confirmCard(clientSecret, card);
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({ status: 'requires_payment_method', paymentIntentId, error: message });
      const confirmed = await confirm('visitor', paymentIntentId);
      expect(confirmed.statusCode).toBe(409);
      expect(confirmed.json().message).toBe(DONATION_ERRORS.notSucceeded);
      expect((await donationOf(paymentIntentId)).status).toBe('pending');
      expect(await paymentsOf(paymentIntentId)).toHaveLength(0);
      // The same intent may then be paid with another card.
      expect((await confirmCard(clientSecret)).json().status).toBe('succeeded');
      expect((await confirm('visitor', paymentIntentId)).json()).toEqual({ success: true });
    },
  );

  it.each([
    [{ cardNumber: '4242424242424241' }, CARD_ERRORS.incorrectNumber],
    [{ cardNumber: '4242' }, CARD_ERRORS.invalidNumber],
    [{ cardNumber: 'abcd efgh ijkl mnop' }, CARD_ERRORS.invalidNumber],
    [{ expiry: '13/40' }, CARD_ERRORS.invalidExpiryMonth],
    [{ expiry: '1240' }, CARD_ERRORS.invalidExpiryMonth],
    [{ expiry: '01/20' }, CARD_ERRORS.expired],
    [{ expiry: '01/99' }, CARD_ERRORS.invalidExpiryYear],
    [{ cvc: '12' }, CARD_ERRORS.invalidCvc],
    [{ cvc: 'abc' }, CARD_ERRORS.invalidCvc],
  ])('refuses the card %j with Stripe’s message', async (card, message) => {
    const { clientSecret } = await started();
    const response = await confirmCard(clientSecret, TEST_CARDS.success, card);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'requires_payment_method', error: message });
  });

  it('answers 400 for a malformed card call, 404 for an unknown or forged secret, 409 once paid', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: { clientSecret: 'nope', cardNumber: '', expiry: '', cvc: '' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().fields)).toEqual(
      expect.arrayContaining(['clientSecret', 'cardNumber', 'expiry', 'cvc']),
    );
    expect((await confirmCard('pi_unknown123_secret_abc')).statusCode).toBe(404);
    const { clientSecret, paymentIntentId } = await started();
    const forged = await confirmCard(`${paymentIntentId}_secret_forged`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(PAYMENT_ERRORS.intentNotFound);
    expect((await confirmCard(clientSecret)).statusCode).toBe(200);
    const again = await confirmCard(clientSecret);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_ERRORS.alreadySucceeded);
  });

  it('refuses a confirm for an unknown intent, a malformed id, and any amount the client sends', async () => {
    const unknown = await confirm('visitor', 'pi_doesnotexist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(DONATION_ERRORS.notFound);
    expect((await confirm('visitor', 'not an id')).statusCode).toBe(400);
    const { paymentIntentId } = await started();
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/donations/confirm',
      payload: { paymentIntentId, amount: 1 },
    });
    expect(tampered.statusCode).toBe(400);
  });

  it("refuses an intent whose amount is not the donation's: not paid, no payment, no receipt", async () => {
    const email = uniqueEmail();
    const { clientSecret, paymentIntentId } = await started('visitor', { email, amount: 100 });
    // The provider's intent says something else was paid than the donation asked for.
    await t.database.db
      .update(testPaymentIntents)
      .set({ amountCents: 100 })
      .where(eq(testPaymentIntents.id, paymentIntentId));
    expect((await confirmCard(clientSecret)).json().status).toBe('succeeded');
    const response = await confirm('visitor', paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DONATION_ERRORS.amountMismatch);
    expect((await donationOf(paymentIntentId)).status).toBe('pending');
    expect(await paymentsOf(paymentIntentId)).toHaveLength(0);
    expect(await receiptsTo(email)).toHaveLength(0);
  });

  it('records one payment and one receipt for confirms again and at once', async () => {
    const email = uniqueEmail();
    const { paymentIntentId } = await started('visitor', { email });
    // The provider reports success without the test card call settling it first.
    await t.database.db
      .update(testPaymentIntents)
      .set({ status: 'succeeded', cardLast4: '4242' })
      .where(eq(testPaymentIntents.id, paymentIntentId));
    const responses = await Promise.all(Array.from({ length: 6 }, () => confirm('visitor', paymentIntentId)));
    for (const response of responses) expect(response.json()).toEqual({ success: true });
    expect((await confirm('visitor', paymentIntentId)).json()).toEqual({ success: true });
    expect(await paymentsOf(paymentIntentId)).toHaveLength(1);
    expect(await receiptsTo(email)).toHaveLength(1);
    expect((await donationOf(paymentIntentId)).status).toBe('paid');
  });

  it("keeps the test provider's intents in the database: another instance takes the card and confirms", async () => {
    const { clientSecret, paymentIntentId } = await started();
    const other = await buildApp({
      config: testConfig({ paymentCallsPerMinute: 100_000 }),
      database: t.database,
    });
    try {
      await other.app.ready();
      const paid = await other.app.inject({
        method: 'POST',
        url: '/api/payments/test/confirm-card',
        payload: { clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: '123' },
      });
      expect(paid.json()).toEqual({ status: 'succeeded', paymentIntentId });
    } finally {
      await other.app.close();
    }
    expect((await confirm('visitor', paymentIntentId)).json()).toEqual({ success: true });
    expect(await paymentsOf(paymentIntentId)).toHaveLength(1);
  });

  it('refuses webhooks under the test provider, which calls none', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ type: 'payment_intent.succeeded' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PAYMENT_ERRORS.badSignature);
  });

  it('tells the browser the test provider is live', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null });
    expect(String(response.headers['content-security-policy'])).not.toContain('stripe');
  });
});
