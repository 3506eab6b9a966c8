import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, type Invoice, type PayInvoiceAnswer } from '../../../../shared/billing';
import { TEST_CARDS } from '../../../../shared/payments';
import { payments, testPaymentIntents } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import {
  call,
  careTeam,
  draft,
  eventually,
  expectStatus,
  notificationsOf,
  pay,
  sentInvoice,
} from '../testing';

/**
 * Payments on invoices: at the desk (never beyond the balance, even when racing), online by card through the
 * test provider (confirmed once, however often and however concurrently; a declined card pays nothing; the
 * browser never names an amount).
 */
let t: TestApp;
let patient: TestPerson;
let practitioner: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  ({ patient, practitioner } = await careTeam(t));
});
afterAll(async () => {
  await t.close();
});

const get = async (id: string) =>
  (await expectStatus(t, 'staff', { method: 'GET', url: `/api/invoices/${id}`, status: 200 })).invoice;

async function startPay(who: TestPerson | 'staff', id: string) {
  return expectStatus<PayInvoiceAnswer>(t, who, {
    method: 'POST',
    url: `/api/invoices/${id}/pay`,
    status: 200,
  });
}

function card(clientSecret: string, cardNumber: string = TEST_CARDS.success) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm-card',
    payload: { clientSecret, cardNumber, expiry: '12/40', cvc: '123' },
  });
}

const confirm = (who: TestPerson | 'staff', id: string, paymentIntentId: string) =>
  call(t, who, { method: 'POST', url: `/api/invoices/${id}/pay/confirm`, payload: { paymentIntentId } });

const ledgerOf = (id: string) => t.database.db.select().from(payments).where(eq(payments.referenceId, id));

describe('desk payments', () => {
  it('move the invoice to partially paid, then paid with invoice_paid for the patient and the staff', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 10_000 });
    const first = await pay(t, 'staff', { id: invoice.id, amountCents: 4000, method: 'cheque' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ invoice: Invoice }>().invoice).toMatchObject({
      status: 'partially_paid',
      paidCents: 4000,
      balanceCents: 6000,
    });
    const over = await pay(t, 'staff', { id: invoice.id, amountCents: 6001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(BILLING_ERRORS.amountOverBalance);
    const rest = await call(t, practitioner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/payments`,
      payload: { method: 'card', amountCents: 6000, reference: 'Terminal 2' },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const paid = rest.json<{ invoice: Invoice }>().invoice;
    expect(paid).toMatchObject({ status: 'paid', paidCents: 10_000, balanceCents: 0 });
    expect(paid.paidAt).not.toBeNull();
    expect(paid.payments.map((item) => [item.method, item.amountCents, item.online, item.reference])).toEqual(
      [
        ['cheque', 4000, false, null],
        ['card', 6000, false, 'Terminal 2'],
      ],
    );
    const ledger = await ledgerOf(invoice.id);
    expect(ledger.every((row) => row.purpose === 'invoice' && row.provider === null)).toBe(true);
    const closed = await pay(t, 'staff', { id: invoice.id, amountCents: 1 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(BILLING_ERRORS.notOpen);

    await eventually(async () => {
      expect(await notificationsOf(t, patient.id, 'invoice_paid')).toHaveLength(1);
    });
    const staff = await createPerson(t, 'staff');
    const again = await sentInvoice(t, patient.id, { cents: 500 });
    await pay(t, 'staff', { id: again.id, amountCents: 500 });
    await eventually(async () => {
      const rows = await notificationsOf(t, staff.id, 'invoice_paid');
      expect(rows).toHaveLength(1);
      expect(rows[0].message).toContain(again.number);
    });
  });

  it('cannot overpay when several are recorded at once', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 10_000 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pay(t, 'staff', { id: invoice.id, amountCents: 3000 })),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 400)).toHaveLength(3);
    const after = await get(invoice.id);
    expect(after).toMatchObject({ paidCents: 9000, status: 'partially_paid' });
    expect(await ledgerOf(invoice.id)).toHaveLength(3);
  });
});

describe('paying online', () => {
  it('asks the provider for the balance, never an amount from the browser', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 7000 });
    await pay(t, 'staff', { id: invoice.id, amountCents: 2000 });
    const tampered = await call(t, patient, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/pay`,
      payload: { amountCents: 1 },
    });
    expect(tampered.statusCode).toBe(400);
    const started = await startPay(patient, invoice.id);
    expect(started.amountCents).toBe(5000);
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, started.paymentIntentId));
    expect(intent).toMatchObject({
      amountCents: 5000,
      metadata: { purpose: 'invoice', invoiceId: invoice.id },
    });
    const extra = await confirm(patient, invoice.id, started.paymentIntentId).then(() =>
      call(t, patient, {
        method: 'POST',
        url: `/api/invoices/${invoice.id}/pay/confirm`,
        payload: { paymentIntentId: started.paymentIntentId, amountCents: 1 },
      }),
    );
    expect(extra.statusCode).toBe(400);
  });

  it('records one payment for two concurrent confirms and a repeated one', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 4500 });
    const started = await startPay(patient, invoice.id);
    // The card goes through at the provider; the test provider settles at once, as a webhook would.
    expect((await card(started.clientSecret)).json().status).toBe('succeeded');
    const answers = await Promise.all([
      confirm(patient, invoice.id, started.paymentIntentId),
      confirm(patient, invoice.id, started.paymentIntentId),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    const again = await confirm(patient, invoice.id, started.paymentIntentId);
    expect(again.json().invoice).toMatchObject({ status: 'paid', paidCents: 4500 });
    const ledger = await ledgerOf(invoice.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      provider: 'test',
      amountCents: 4500,
      cardLast4: '4242',
      method: 'card',
    });
    expect(again.json().invoice.payments[0]).toMatchObject({ online: true, cardLast4: '4242' });
  });

  it('confirms before the settle, racing, with one payment recorded', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 3300 });
    const started = await startPay('staff', invoice.id);
    await t.database.db
      .update(testPaymentIntents)
      .set({ status: 'succeeded', cardLast4: '4242' })
      .where(eq(testPaymentIntents.id, started.paymentIntentId));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => confirm('staff', invoice.id, started.paymentIntentId)),
    );
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    expect(await ledgerOf(invoice.id)).toHaveLength(1);
    expect(await get(invoice.id)).toMatchObject({ status: 'paid', paidCents: 3300 });
  });

  it('leaves the invoice unpaid when the card is declined', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 2500 });
    const started = await startPay(patient, invoice.id);
    const declined = await card(started.clientSecret, TEST_CARDS.declined);
    expect(declined.json()).toMatchObject({
      status: 'requires_payment_method',
      error: 'Your card was declined.',
    });
    const response = await confirm(patient, invoice.id, started.paymentIntentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BILLING_ERRORS.notSucceeded);
    expect(await get(invoice.id)).toMatchObject({ status: 'sent', paidCents: 0 });
    expect(await ledgerOf(invoice.id)).toHaveLength(0);
  });

  it("refuses another invoice's intent", async () => {
    const one = await sentInvoice(t, patient.id, { cents: 1000 });
    const two = await sentInvoice(t, patient.id, { cents: 1000 });
    const started = await startPay(patient, one.id);
    await card(started.clientSecret);
    const response = await confirm(patient, two.id, started.paymentIntentId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BILLING_ERRORS.amountMismatch);
    expect(await get(two.id)).toMatchObject({ paidCents: 0 });
  });

  it('refunds at once what no longer fits when the invoice was paid meanwhile', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 6000 });
    const first = await startPay(patient, invoice.id);
    const second = await startPay(patient, invoice.id);
    await card(first.clientSecret);
    await card(second.clientSecret);
    await confirm(patient, invoice.id, first.paymentIntentId);
    const late = await confirm(patient, invoice.id, second.paymentIntentId);
    expect(late.statusCode).toBe(200);
    expect(late.json().invoice).toMatchObject({ status: 'paid', paidCents: 6000 });
    const ledger = await ledgerOf(invoice.id);
    expect(ledger.map((row) => [row.amountCents, row.refundedCents, row.status]).sort()).toEqual(
      [
        [6000, 0, 'succeeded'],
        [6000, 6000, 'refunded'],
      ].sort(),
    );
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, second.paymentIntentId));
    expect(intent.refundedCents).toBe(6000);
  });

  it('is for the patient and the clinic: a practitioner does not pay', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 1000 });
    await expectStatus(t, practitioner, {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/pay`,
      status: 403,
    });
    const made = await draft(t, 'staff', { patientId: patient.id });
    await expectStatus(t, 'staff', { method: 'POST', url: `/api/invoices/${made.id}/pay`, status: 409 });
  });
});
