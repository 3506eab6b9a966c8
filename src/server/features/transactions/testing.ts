import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { TRANSACTIONS_PAGE_SIZE, type TransactionsPage } from '../../../shared/transactions';
import { donations, invoices, paymentRefunds, payments } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';

type Ledger = { t: TestApp; admin: TestPerson; patient: TestPerson };

/**
 * Payments made by hand and the admin's list of them; takes the app and people lazily because the tests
 * make them in beforeAll.
 */
export function ledgerHelpers(app: () => Ledger) {
  async function donationPayment(options: {
    firstName: string;
    lastName: string;
    email: string;
    cents: number;
    at: string;
    refunded?: boolean;
    description?: string;
  }) {
    const intent = `pi_${randomUUID().replace(/-/g, '')}`;
    const at = new Date(options.at);
    const [donation] = await app()
      .t.database.db.insert(donations)
      .values({
        email: options.email,
        firstName: options.firstName,
        lastName: options.lastName,
        description: options.description ?? 'Clinic fund',
        amountCents: options.cents,
        currency: 'usd',
        status: options.refunded ? 'refunded' : 'paid',
        provider: 'test',
        paymentIntentId: intent,
        cardLast4: '4242',
        createdAt: at,
        paidAt: at,
      })
      .returning();
    const [payment] = await app()
      .t.database.db.insert(payments)
      .values({
        provider: 'test',
        providerIntentId: intent,
        method: 'card',
        purpose: 'donation',
        referenceId: donation.id,
        amountCents: options.cents,
        currency: 'usd',
        cardLast4: '4242',
        status: options.refunded ? 'refunded' : 'succeeded',
        refundedCents: options.refunded ? options.cents : 0,
        createdAt: at,
      })
      .returning();
    if (options.refunded)
      await app()
        .t.database.db.insert(paymentRefunds)
        .values({
          paymentId: payment.id,
          amountCents: options.cents,
          reason: 'Donation refunded',
          createdBy: app().admin.id,
          createdAt: new Date(at.getTime() + 3_600_000),
        });
    return payment.id;
  }

  async function invoicePayment(options: {
    number: string;
    method: 'cash' | 'cheque';
    cents: number;
    at: string;
    reference?: string;
    refundCents?: number;
  }) {
    const refunded = options.refundCents ?? 0;
    const [invoice] = await app()
      .t.database.db.insert(invoices)
      .values({
        number: options.number,
        patientId: app().patient.id,
        status: refunded ? 'partially_paid' : 'paid',
        dueDate: '2026-12-31',
        subtotalCents: options.cents,
        totalCents: options.cents,
        paidCents: options.cents - refunded,
      })
      .returning();
    const [payment] = await app()
      .t.database.db.insert(payments)
      .values({
        method: options.method,
        purpose: 'invoice',
        referenceId: invoice.id,
        amountCents: options.cents,
        currency: 'usd',
        reference: options.reference ?? null,
        status: refunded ? 'partially_refunded' : 'succeeded',
        refundedCents: refunded,
        recordedBy: app().admin.id,
        createdAt: new Date(options.at),
      })
      .returning();
    if (refunded)
      await app()
        .t.database.db.insert(paymentRefunds)
        .values({
          paymentId: payment.id,
          amountCents: refunded,
          reason: 'Overcharged',
          createdBy: app().admin.id,
          createdAt: new Date(new Date(options.at).getTime() + 60_000),
        });
    return { paymentId: payment.id, invoiceId: invoice.id };
  }

  const list = async (query = '') => {
    const response = await app().t.injectAs('admin', {
      method: 'GET',
      url: `/api/admin/transactions${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TransactionsPage>();
  };

  return { donationPayment, invoicePayment, list };
}

/** The ledger on hand-made payments: two donations and two invoice payments, plus a run of gifts to page. */
export async function seedLedger(t: TestApp) {
  const admin = await demoPerson(t, 'admin');
  let patient = await createPerson(t, 'patient', { firstName: 'Pat', lastName: 'Quinn' });
  const ids = {} as Record<'jamie' | 'alex' | 'cash' | 'cheque', string>;
  const invoiceIds = {} as Record<'first' | 'second', string>;
  const { donationPayment, invoicePayment } = ledgerHelpers(() => ({ t, admin, patient }));
  patient = await createPerson(t, 'patient', { firstName: 'Pat', lastName: 'Quinn' });
  ids.jamie = await donationPayment({
    firstName: 'Jamie',
    lastName: 'Rivers',
    email: 'jamie@example.test',
    cents: 2500,
    at: '2026-03-10T12:00:00Z',
  });
  ids.alex = await donationPayment({
    firstName: 'Alex',
    lastName: 'Stone',
    email: 'alex@example.test',
    cents: 10_000,
    at: '2026-03-12T09:00:00Z',
    refunded: true,
    description: 'Winter appeal',
  });
  const cash = await invoicePayment({
    number: 'INV-000101',
    method: 'cash',
    cents: 8000,
    at: '2026-03-11T10:00:00Z',
    refundCents: 3000,
  });
  ids.cash = cash.paymentId;
  invoiceIds.first = cash.invoiceId;
  // 00:30 on 1 July in the clinic's summer time, still 30 June in UTC.
  const cheque = await invoicePayment({
    number: 'INV-000102',
    method: 'cheque',
    cents: 5000,
    at: '2026-06-30T23:30:00Z',
    reference: '=HYPERLINK("http://evil.test")',
  });
  ids.cheque = cheque.paymentId;
  invoiceIds.second = cheque.invoiceId;
  for (let index = 0; index < TRANSACTIONS_PAGE_SIZE + 2; index += 1)
    await donationPayment({
      firstName: 'Page',
      lastName: `Tester${index}`,
      email: `page-${index}@example.test`,
      cents: 100 + index,
      at: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
    });
  return { admin, patient, ids, invoiceIds };
}
