import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InvoiceListAnswer, OPEN_INVOICE_STATUSES } from '../../../shared/billing';
import type { FeeListAnswer } from '../../../shared/billing-fees';
import type { PackageListAnswer, PatientPackagesAnswer } from '../../../shared/billing-packages';
import { CARD_ERRORS } from '../../../shared/payments';
import { CARD_CONSENT } from '../../../shared/saved-cards';
import type { TransactionsPage } from '../../../shared/transactions';
import { invoices, payments, savedCards } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { clinicToday } from '../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../test/app';
import { DEMO_BILLING_POLICY, seedDemoCards, seedDemoInvoices } from './demo';

/** The demo clinic's invoices: the demo patient's two, every status among the others, seeded once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

describe('demo billing policy', () => {
  it('turns session billing on with both fees, for every signed-in reader', async () => {
    const answer = await t.injectAs('patient', { method: 'GET', url: '/api/billing/policy' });
    expect(answer.json()).toEqual({ policy: DEMO_BILLING_POLICY });
  });
});

describe('demo fees', () => {
  it('leave one no-show fee pending at the desk, one applied on a sent invoice and one waived', async () => {
    const answer = await t.injectAs('staff', { method: 'GET', url: '/api/billing/fees' });
    const { fees } = answer.json<FeeListAnswer>();
    expect(fees.map((fee) => fee.status).sort()).toEqual(['applied', 'pending', 'waived']);
    const applied = fees.find((fee) => fee.status === 'applied');
    expect(applied?.invoiceNumber).toMatch(/^INV-/);
    expect(fees.find((fee) => fee.status === 'waived')?.waiveReason).toBeTruthy();
    expect(fees.every((fee) => fee.amountCents === DEMO_BILLING_POLICY.noShowFeeCents)).toBe(true);
  });
});

describe('demo packages', () => {
  it('define one package, which the demo patient holds with some of its sessions used', async () => {
    const catalogue = await t.injectAs('staff', { method: 'GET', url: '/api/billing/packages' });
    expect(catalogue.json<PackageListAnswer>().packages).toHaveLength(1);
    const held = await t.injectAs('patient', { method: 'GET', url: '/api/billing/patient-packages' });
    const [only, ...rest] = held.json<PatientPackagesAnswer>().packages;
    expect(rest).toEqual([]);
    expect(only.sessionsTotal).toBe(6);
    expect(only.sessionsUsed).toBeGreaterThan(0);
    expect(only.sessionsLeft).toBe(6 - only.sessionsUsed);
    expect(only.invoiceNumber).toMatch(/^INV-/);
  });
});

describe('demo invoices', () => {
  it('date no payment, transaction or invoice change after the moment they were seeded', async () => {
    const now = Date.now();
    const answer = await t.injectAs('admin', { method: 'GET', url: '/api/admin/transactions' });
    expect(answer.statusCode).toBe(200);
    const { items } = answer.json<TransactionsPage>();
    expect(items.length).toBeGreaterThan(0);
    const future = items.filter((item) => Date.parse(item.createdAt) > now);
    expect(future.map((item) => `${item.kind} ${item.createdAt}`)).toEqual([]);
    for (const invoice of await t.database.db.select().from(invoices))
      for (const at of [
        invoice.createdAt,
        invoice.sentAt,
        invoice.paidAt,
        invoice.overdueAt,
        invoice.voidedAt,
      ])
        expect(at === null || at.getTime() <= now, `${invoice.number} ${at?.toISOString()}`).toBe(true);
  });

  it('give the demo patient one invoice owed later and one paid, and the clinic every status', async () => {
    const own = await t.injectAs('patient', { method: 'GET', url: '/api/invoices' });
    const { invoices: mine } = own.json<InvoiceListAnswer>();
    // Besides the session's two, the paid invoice that sold the demo patient their package.
    expect(mine.map((invoice) => invoice.status).sort()).toEqual(['paid', 'paid', 'sent']);
    const owed = mine.find((invoice) => invoice.status === 'sent');
    expect(owed?.balanceCents).toBeGreaterThan(0);
    expect(owed && owed.dueDate > clinicToday()).toBe(true);
    expect(mine.filter((invoice) => invoice.status === 'paid').every((paid) => paid.balanceCents === 0)).toBe(
      true,
    );

    const all = await t.database.db.select().from(invoices);
    expect(new Set(all.map((invoice) => invoice.status))).toEqual(
      new Set(['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void']),
    );
    const numbers = all
      .flatMap((invoice) => (invoice.number ? [Number(invoice.number.slice(4))] : []))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    for (const invoice of all) {
      const paid = await t.database.db.select().from(payments).where(eq(payments.referenceId, invoice.id));
      expect(paid.reduce((sum, row) => sum + row.amountCents - row.refundedCents, 0)).toBe(invoice.paidCents);
    }
    // An invoice made now takes the next number.
    const made = await t.injectAs('staff', {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        patientId: mine[0].patientId,
        lineItems: [{ description: 'Band', quantity: 1, unitPriceCents: 900 }],
      },
    });
    const sent = await t.injectAs('staff', {
      method: 'POST',
      url: `/api/invoices/${made.json().invoice.id}/send`,
    });
    expect(sent.json().invoice.number).toBe(`INV-${String(numbers.length + 1).padStart(6, '0')}`);
  });

  it('are seeded once: seeding again adds nothing', async () => {
    const [{ before }] = await t.database.db.select({ before: count() }).from(invoices);
    await seedDemo(t.database.db);
    expect(await t.database.db.transaction((tx) => seedDemoInvoices(tx))).toBe(0);
    const [{ after }] = await t.database.db.select({ after: count() }).from(invoices);
    expect(after).toBe(before);
  });
});

describe('demo cards on file', () => {
  it('puts cards with consent on file for patients who owe, chargeable by the desk, one declining', async () => {
    const cards = await t.database.db.select().from(savedCards);
    expect(cards).toHaveLength(4);
    expect(
      cards.every((card) => card.consentVersion === CARD_CONSENT.version && card.provider === 'test'),
    ).toBe(true);
    const outcomes: number[] = [];
    for (const card of cards) {
      const owed = await t.database.db
        .select()
        .from(invoices)
        .where(
          and(eq(invoices.patientId, card.patientId), inArray(invoices.status, [...OPEN_INVOICE_STATUSES])),
        );
      expect(owed.length).toBeGreaterThan(0);
      const charged = await t.injectAs('staff', {
        method: 'POST',
        url: `/api/invoices/${owed[0].id}/charge-card`,
        payload: { cardId: card.id, idempotencyKey: `demo-${card.id}` },
      });
      outcomes.push(charged.statusCode);
      if (charged.statusCode === 409) expect(charged.json().message).toBe(CARD_ERRORS.declined);
      else expect(charged.json().invoice.status).toBe('paid');
    }
    expect(outcomes.sort()).toEqual([200, 200, 200, 409]);
    expect(await t.database.db.transaction((tx) => seedDemoCards(tx))).toBe(0);
  });
});
