import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, DEFAULT_BILLING_POLICY } from '../../../../shared/billing';
import { activityLog } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestPerson } from '../../../test/people';
import { call, careTeam, expectStatus } from '../testing';

/** The clinic's billing settings: who reads and writes them, and what they refuse. */
let t: TestApp;
let practitioner: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner } = await careTeam(t));
});
afterAll(async () => {
  await t.close();
});

describe('settings', () => {
  it('are read by practitioners, staff and admins and written by staff and admins', async () => {
    const settings = await expectStatus(t, practitioner, {
      method: 'GET',
      url: '/api/billing/settings',
      status: 200,
    });
    expect(settings).toEqual({ settings: { taxRateBasisPoints: 0, paymentTermsDays: 30 } });
    await expectStatus(t, 'patient', { method: 'GET', url: '/api/billing/settings', status: 403 });
    await expectStatus(t, practitioner, {
      method: 'PUT',
      url: '/api/billing/settings',
      payload: { taxRateBasisPoints: 1, paymentTermsDays: 1 },
      status: 403,
    });
    for (const [payload, message] of [
      [{ taxRateBasisPoints: 5001, paymentTermsDays: 30 }, BILLING_ERRORS.taxRate],
      [{ taxRateBasisPoints: 1.5, paymentTermsDays: 30 }, BILLING_ERRORS.taxRate],
      [{ taxRateBasisPoints: 0, paymentTermsDays: 366 }, BILLING_ERRORS.paymentTerms],
      [{ taxRateBasisPoints: 0, paymentTermsDays: -1 }, BILLING_ERRORS.paymentTerms],
    ] as const) {
      const response = await call(t, 'staff', { method: 'PUT', url: '/api/billing/settings', payload });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
  });
});

describe('payment policy', () => {
  const policy = {
    sessionBilling: true,
    lateCancelWindowHours: 48,
    lateCancelFeeCents: 2500,
    noShowFeeCents: 4000,
  };

  it('is off on a new clinic, read by every signed-in user and written by admins only', async () => {
    for (const reader of ['patient', 'member', practitioner] as const)
      expect(
        await expectStatus(t, reader, { method: 'GET', url: '/api/billing/policy', status: 200 }),
      ).toEqual({
        policy: DEFAULT_BILLING_POLICY,
      });
    for (const writer of ['staff', practitioner, 'patient'] as const)
      await expectStatus(t, writer, {
        method: 'PUT',
        url: '/api/billing/policy',
        payload: policy,
        status: 403,
      });
    const saved = await expectStatus(t, 'admin', {
      method: 'PUT',
      url: '/api/billing/policy',
      payload: policy,
      status: 200,
    });
    expect(saved).toEqual({ policy });
    expect(
      await expectStatus(t, 'patient', { method: 'GET', url: '/api/billing/policy', status: 200 }),
    ).toEqual({
      policy,
    });
    // The tax rate and terms are a separate call and stay as they were.
    expect(
      await expectStatus(t, 'staff', { method: 'GET', url: '/api/billing/settings', status: 200 }),
    ).toEqual({
      settings: { taxRateBasisPoints: 0, paymentTermsDays: 30 },
    });
    const entries = await t.database.db
      .select({ details: activityLog.details })
      .from(activityLog)
      .where(eq(activityLog.action, 'billing.policy_updated'));
    expect(entries.map((entry) => entry.details)).toEqual([policy]);
  });

  it('refuses what is not a policy', async () => {
    for (const [change, message] of [
      [{ sessionBilling: 'yes' }, BILLING_ERRORS.sessionBilling],
      [{ lateCancelWindowHours: 169 }, BILLING_ERRORS.lateCancelWindow],
      [{ lateCancelWindowHours: 1.5 }, BILLING_ERRORS.lateCancelWindow],
      [{ lateCancelFeeCents: -1 }, BILLING_ERRORS.policyFee],
      [{ noShowFeeCents: 100_001 }, BILLING_ERRORS.policyFee],
      [{ noShowFeeCents: 12.5 }, BILLING_ERRORS.policyFee],
    ] as const) {
      const response = await call(t, 'admin', {
        method: 'PUT',
        url: '/api/billing/policy',
        payload: { ...policy, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
  });
});
