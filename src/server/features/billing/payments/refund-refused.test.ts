import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentRefunds, payments } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestPerson } from '../../../test/people';
import { TestPaymentProvider } from '../../payments/test-provider';
import { call, careTeam, expectStatus, paidOnline, sentInvoice } from '../testing';

/**
 * A card refund is recorded under the invoice's lock before the provider is asked; when the provider refuses,
 * the record is taken back: the invoice, the payment and its earlier refunds stay as they were.
 */
let t: TestApp;
let patient: TestPerson;
beforeAll(async () => {
  t = await createTestApp();
  ({ patient } = await careTeam(t));
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a card refund the provider refuses', () => {
  it('leaves the invoice, the payment and its earlier refund as they were', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 5000 });
    const paid = await paidOnline(t, patient, invoice.id);
    const paymentId = paid.invoice.payments[0].id;
    const url = `/api/invoices/${invoice.id}/payments/${paymentId}/refund`;
    await expectStatus(t, 'staff', {
      method: 'POST',
      url,
      payload: { amountCents: 1000, reason: 'Part' },
      status: 200,
    });
    const before = await expectStatus(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
      status: 200,
    });
    const [ledgerBefore] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));

    vi.spyOn(TestPaymentProvider.prototype, 'refund').mockRejectedValueOnce(
      new AppError('CONFLICT', 'The card network is down'),
    );
    const refused = await call(t, 'staff', {
      method: 'POST',
      url,
      payload: { amountCents: 2000, reason: 'More' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The card network is down');

    const after = await expectStatus(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/${invoice.id}`,
      status: 200,
    });
    expect(after.invoice).toMatchObject({ status: before.invoice.status, paidCents: 4000 });
    const [ledger] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(ledger).toEqual(ledgerBefore);
    expect(ledger).toMatchObject({ status: 'partially_refunded', refundedCents: 1000 });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.map((refund) => refund.reason)).toEqual(['Part']);
  });
});
