import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_ERRORS } from '../../../shared/donations';
import { activityLog, donations, testPaymentIntents } from '../../db/schema';
import { clinicDayOf } from '../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../test/app';
import { donationCalls } from './testing';

/** Donations through the built-in test provider, on the real app and database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { confirmCard, confirm, started, donationOf, paymentsOf } = donationCalls(() => t);

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
