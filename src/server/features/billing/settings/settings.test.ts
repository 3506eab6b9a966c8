import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS } from '../../../../shared/billing';
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
