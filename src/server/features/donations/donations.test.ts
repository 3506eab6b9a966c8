import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_ERRORS, DONATIONS_CHANGED } from '../../../shared/donations';
import { CLIENT_SECRET_PATTERN } from '../../../shared/payments';
import { donations, testPaymentIntents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { openSocket, untilConnections } from '../../test/sockets';
import { details, donationCalls } from './testing';

/** Donations through the built-in test provider, on the real app and database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { createIntent, confirmCard, started, donationOf } = donationCalls(() => t);

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
