import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_ERRORS, DONATIONS_CHANGED } from '../../../shared/donations';
import { CARD_ERRORS, CLIENT_SECRET_PATTERN, PAYMENT_ERRORS, TEST_CARDS } from '../../../shared/payments';
import type { Role } from '../../../shared/roles';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { activityLog, donations, emailOutbox, payments, testPaymentIntents, users } from '../../db/schema';
import { clinicDayOf } from '../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../test/app';
import { openSocket, untilConnections } from '../../test/sockets';

/** Donations through the built-in test provider, on the real app and database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = Role | 'visitor';
const uniqueEmail = () => `donor-${Math.random().toString(36).slice(2)}@example.test`;
const details = (overrides: Record<string, unknown> = {}) => ({
  amount: 25,
  email: uniqueEmail(),
  firstName: 'Jamie',
  lastName: 'Rivers',
  phone: '+1 555 0100',
  description: 'Clinic fund',
  ...overrides,
});

const createIntent = (caller: Caller, payload: unknown) =>
  t.injectAs(caller, {
    method: 'POST',
    url: '/api/donations/create-payment-intent',
    payload: payload as object,
  });
const confirmCard = (clientSecret: string, cardNumber: string = TEST_CARDS.success, more = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-card',
    payload: { clientSecret, cardNumber, expiry: '12/40', cvc: '123', ...more },
  });
const confirm = (caller: Caller, paymentIntentId: string) =>
  t.injectAs(caller, { method: 'POST', url: '/api/donations/confirm', payload: { paymentIntentId } });

async function started(caller: Caller = 'visitor', overrides: Record<string, unknown> = {}) {
  const response = await createIntent(caller, details(overrides));
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<{ success: boolean; clientSecret: string; paymentIntentId: string }>();
  return answer;
}

const donationOf = async (paymentIntentId: string) =>
  (await t.database.db.select().from(donations).where(eq(donations.paymentIntentId, paymentIntentId)))[0];
const paymentsOf = (paymentIntentId: string) =>
  t.database.db.select().from(payments).where(eq(payments.providerIntentId, paymentIntentId));
const receiptsTo = (email: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email));

describe('creating a donation intent', () => {
  it.each([
    ['amount', { amount: undefined }, DONATION_ERRORS.amount],
    ['amount', { amount: 0.99 }, DONATION_ERRORS.amount],
    ['amount', { amount: -5 }, DONATION_ERRORS.amount],
    ['amount', { amount: '25' }, DONATION_ERRORS.amount],
    ['amount', { amount: 12.345 }, DONATION_ERRORS.amountDecimals],
    ['amount', { amount: 100_000.01 }, DONATION_ERRORS.amountTooLarge],
    ['firstName', { firstName: undefined }, DONATION_ERRORS.name],
    ['firstName', { firstName: '   ' }, DONATION_ERRORS.name],
    ['firstName', { firstName: 'x'.repeat(101) }, DONATION_ERRORS.nameTooLong],
    ['lastName', { lastName: 'x'.repeat(101) }, DONATION_ERRORS.nameTooLong],
    ['email', { email: 'not-an-email' }, DONATION_ERRORS.emailInvalid],
    ['email', { email: 42 }, DONATION_ERRORS.emailInvalid],
    ['phone', { phone: 'call me' }, DONATION_ERRORS.phone],
    ['description', { description: 'd'.repeat(501) }, DONATION_ERRORS.description],
  ])('refuses a bad %s (%j) with 400 and its message', async (field, overrides, message) => {
    const response = await createIntent('visitor', details(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses unknown fields, and a visitor without an email', async () => {
    const extra = await createIntent('visitor', { ...details(), amountCents: 1 });
    expect(extra.statusCode).toBe(400);
    for (const email of [undefined, '', '  ']) {
      const response = await createIntent('visitor', details({ email }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: DONATION_ERRORS.email,
        fields: { email: DONATION_ERRORS.email },
      });
    }
    const badToken = await t.app.inject({
      method: 'POST',
      url: '/api/donations/create-payment-intent',
      headers: { authorization: 'Bearer nonsense' },
      payload: details(),
    });
    expect(badToken.statusCode).toBe(401);
  });

  it("stores a visitor's pending donation in cents and answers a client secret of Stripe's shape", async () => {
    const payload = details({ amount: 12.5, lastName: '', phone: '', description: '' });
    const response = await createIntent('visitor', payload);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.success).toBe(true);
    expect(answer.clientSecret).toMatch(CLIENT_SECRET_PATTERN);
    expect(answer.clientSecret.startsWith(`${answer.paymentIntentId}_secret_`)).toBe(true);
    const donation = await donationOf(answer.paymentIntentId);
    expect(donation).toMatchObject({
      amountCents: 1250,
      status: 'pending',
      userId: null,
      email: payload.email,
      lastName: '',
      phone: null,
      description: 'Donation',
      provider: 'test',
    });
    // The client secret is not kept, only a hash of its random part.
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, answer.paymentIntentId));
    expect(JSON.stringify(intent)).not.toContain(answer.clientSecret.split('_secret_')[1]);
    expect(intent.amountCents).toBe(1250);
  });
});

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

describe('the admin side', () => {
  async function paidDonation(overrides: Record<string, unknown> = {}) {
    const { clientSecret, paymentIntentId } = await started('visitor', overrides);
    await confirmCard(clientSecret);
    await confirm('visitor', paymentIntentId);
    return donationOf(paymentIntentId);
  }

  it('refunds a paid donation once, through the provider; again answers the same', async () => {
    const donation = await paidDonation({ amount: 40 });
    const url = `/api/admin/donations/${donation.id}/refund`;
    const response = await t.injectAs('admin', { method: 'POST', url });
    expect(response.statusCode).toBe(200);
    expect(response.json().donation).toMatchObject({ id: donation.id, status: 'refunded' });
    const again = await t.injectAs('admin', { method: 'POST', url });
    expect(again.statusCode).toBe(200);
    expect(again.json().donation.refundedAt).toBe(response.json().donation.refundedAt);
    const [payment] = await paymentsOf(donation.paymentIntentId);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 4000 });
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, donation.paymentIntentId));
    expect(intent.refundedCents).toBe(4000);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, donation.id));
    expect(logged.filter((entry) => entry.action === 'donation.refunded')).toHaveLength(1);
  });

  it('refuses to refund a pending donation (409) or a missing one (404)', async () => {
    const { paymentIntentId } = await started();
    const pending = await donationOf(paymentIntentId);
    const response = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/donations/${pending.id}/refund`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DONATION_ERRORS.notRefundable);
    const missing = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/admin/donations/00000000-0000-4000-8000-000000000000/refund',
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.injectAs('admin', { method: 'POST', url: '/api/admin/donations/nope/refund' })).statusCode,
    ).toBe(400);
  });

  it('keeps the list and refunds to the admin: others 403, visitors 401', async () => {
    const donation = await paidDonation();
    for (const role of ['patient', 'practitioner', 'staff', 'member'] as const) {
      const list = await t.injectAs(role, { method: 'GET', url: '/api/admin/donations' });
      expect(list.statusCode, role).toBe(403);
      const refund = await t.injectAs(role, {
        method: 'POST',
        url: `/api/admin/donations/${donation.id}/refund`,
      });
      expect(refund.statusCode, role).toBe(403);
    }
    expect((await t.injectAs('visitor', { method: 'GET', url: '/api/admin/donations' })).statusCode).toBe(
      401,
    );
    expect((await donationOf(donation.paymentIntentId)).status).toBe('paid');
  });

  it('lists by donor with totals by period, counting only paid and refunded donations', async () => {
    const tag = `ledger${Math.random().toString(36).slice(2, 8)}`;
    const email = `${tag}@example.test`;
    const first = await paidDonation({ email, amount: 10 });
    await paidDonation({ email, amount: 15.25 });
    const refunded = await paidDonation({ email, amount: 30 });
    await t.injectAs('admin', { method: 'POST', url: `/api/admin/donations/${refunded.id}/refund` });
    await started('visitor', { email, amount: 99 });
    const response = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/admin/donations?donor=${tag}&period=day`,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.total).toBe(4);
    expect(answer.donations.every((row: { email: string }) => row.email === email)).toBe(true);
    expect(answer.totals).toEqual({ count: 2, amountCents: 2525, refundedCount: 1, refundedCents: 3000 });
    const today = first.paidAt ? clinicDayOf(first.paidAt).day : undefined;
    expect(answer.byPeriod).toEqual([
      { period: today, count: 2, amountCents: 2525, refundedCount: 1, refundedCents: 3000 },
    ]);
    const byMonth = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/admin/donations?donor=${tag}&status=pending`,
    });
    expect(byMonth.json().total).toBe(1);
    expect(byMonth.json().byPeriod).toEqual([]);
    const byName = await t.injectAs('admin', { method: 'GET', url: `/api/admin/donations?donor=${tag}` });
    expect(byName.json().byPeriod[0].period).toBe(today?.slice(0, 7));
    const none = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/admin/donations?donor=${tag}&from=2000-01-01&to=2000-01-31`,
    });
    // Paid at 23:30 UTC on 1 July is 00:30 on 2 July in the clinic (summer time): its day, filter and bucket.
    const late = new Date('2026-07-01T23:30:00Z');
    await t.database.db
      .update(donations)
      .set({ paidAt: late, createdAt: late })
      .where(eq(donations.id, first.id));
    const summer = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/admin/donations?donor=${tag}&from=2026-07-02&to=2026-07-02&period=day`,
    });
    expect(summer.json()).toMatchObject({
      total: 1,
      byPeriod: [{ period: '2026-07-02', count: 1, amountCents: 1000 }],
    });
    const dayBefore = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/admin/donations?donor=${tag}&from=2026-07-01&to=2026-07-01`,
    });
    expect(dayBefore.json().total).toBe(0);
    expect(none.json()).toMatchObject({ total: 0, donations: [], byPeriod: [] });
    for (const query of ['from=yesterday', 'period=decade', 'page=0', 'unexpected=1', 'status=lost'])
      expect(
        (await t.injectAs('admin', { method: 'GET', url: `/api/admin/donations?${query}` })).statusCode,
      ).toBe(400);
  });
});

describe('the per-address limit', () => {
  it('answers 429 once an address has made its calls for the minute', async () => {
    const limited = await createTestApp({ paymentCallsPerMinute: 3 });
    try {
      // Fresh addresses, as the counts may live in a shared Redis.
      const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const first = address();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/donations/create-payment-intent',
          payload: details(),
          remoteAddress: first,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/donations/create-payment-intent',
        payload: details(),
        remoteAddress: address(),
      });
      expect(other.statusCode).toBe(200);
      const ids = await limited.database.db.select({ id: donations.id }).from(donations);
      expect(ids).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });
});

describe('live lists', () => {
  it("tells admins and the donor, not others, when a member's donation is made, paid and refunded", async () => {
    const admin = await openSocket(t, `token=${await t.tokenOf('admin')}&channel=notifications`);
    const member = await openSocket(t, `token=${await t.tokenOf('member')}&channel=notifications`);
    const patient = await openSocket(t, `token=${await t.tokenOf('patient')}&channel=notifications`);
    await untilConnections(t, 3);
    const { clientSecret, paymentIntentId } = await started('member');
    expect(await admin.nextMessage()).toEqual(DONATIONS_CHANGED);
    expect(await member.nextMessage()).toEqual(DONATIONS_CHANGED);
    await confirmCard(clientSecret);
    expect(await admin.nextMessage()).toEqual(DONATIONS_CHANGED);
    expect(await member.nextMessage()).toEqual(DONATIONS_CHANGED);
    const donation = await donationOf(paymentIntentId);
    await t.injectAs('admin', { method: 'POST', url: `/api/admin/donations/${donation.id}/refund` });
    expect(await admin.nextMessage()).toEqual(DONATIONS_CHANGED);
    expect(await member.nextMessage()).toEqual(DONATIONS_CHANGED);
    // A visitor's donation reaches the admins alone.
    await started('visitor');
    expect(await admin.nextMessage()).toEqual(DONATIONS_CHANGED);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(member.messages).toEqual([]);
    expect(patient.messages).toEqual([]);
    for (const socket of [admin, member, patient]) socket.socket.close();
  });
});
