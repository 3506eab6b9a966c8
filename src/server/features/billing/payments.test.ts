import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, type Invoice, type PayInvoiceAnswer } from '../../../shared/billing';
import { TEST_CARDS } from '../../../shared/payments';
import { invoiceLineItems, paymentRefunds, payments, testPaymentIntents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import {
  call,
  careTeam,
  draft,
  eventually,
  expectStatus,
  line,
  notificationsOf,
  paidOnline,
  pay,
  sentInvoice,
  serviceType,
  session,
} from './testing';

/**
 * Payments on invoices: at the desk (never beyond the balance, even when racing), online by card through the
 * test provider (confirmed once, however often and however concurrently; a declined card pays nothing; the
 * browser never names an amount), refunds in part or in full, and voids.
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
  (await expectStatus(t, 'staff', { method: 'GET', url: `/api/invoices/${id}` }, 200)).invoice;

async function startPay(who: TestPerson | 'staff', id: string) {
  return expectStatus<PayInvoiceAnswer>(t, who, { method: 'POST', url: `/api/invoices/${id}/pay` }, 200);
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
    const invoice = await sentInvoice(t, patient.id, 10_000);
    const first = await pay(t, 'staff', invoice.id, 4000, 'cheque');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ invoice: Invoice }>().invoice).toMatchObject({
      status: 'partially_paid',
      paidCents: 4000,
      balanceCents: 6000,
    });
    const over = await pay(t, 'staff', invoice.id, 6001);
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
    const closed = await pay(t, 'staff', invoice.id, 1);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(BILLING_ERRORS.notOpen);

    await eventually(async () => {
      expect(await notificationsOf(t, patient.id, 'invoice_paid')).toHaveLength(1);
    });
    const staff = await createPerson(t, 'staff');
    const again = await sentInvoice(t, patient.id, 500);
    await pay(t, 'staff', again.id, 500);
    await eventually(async () => {
      const rows = await notificationsOf(t, staff.id, 'invoice_paid');
      expect(rows).toHaveLength(1);
      expect(rows[0].message).toContain(again.number);
    });
  });

  it('cannot overpay when several are recorded at once', async () => {
    const invoice = await sentInvoice(t, patient.id, 10_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(t, 'staff', invoice.id, 3000)));
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
    const invoice = await sentInvoice(t, patient.id, 7000);
    await pay(t, 'staff', invoice.id, 2000);
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
    const invoice = await sentInvoice(t, patient.id, 4500);
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
    const invoice = await sentInvoice(t, patient.id, 3300);
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
    const invoice = await sentInvoice(t, patient.id, 2500);
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
    const one = await sentInvoice(t, patient.id, 1000);
    const two = await sentInvoice(t, patient.id, 1000);
    const started = await startPay(patient, one.id);
    await card(started.clientSecret);
    const response = await confirm(patient, two.id, started.paymentIntentId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BILLING_ERRORS.amountMismatch);
    expect(await get(two.id)).toMatchObject({ paidCents: 0 });
  });

  it('refunds at once what no longer fits when the invoice was paid meanwhile', async () => {
    const invoice = await sentInvoice(t, patient.id, 6000);
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
    const invoice = await sentInvoice(t, patient.id, 1000);
    await expectStatus(t, practitioner, { method: 'POST', url: `/api/invoices/${invoice.id}/pay` }, 403);
    const made = await draft(t, 'staff', patient.id);
    await expectStatus(t, 'staff', { method: 'POST', url: `/api/invoices/${made.id}/pay` }, 409);
  });
});

describe('refunds', () => {
  it('refund part, then the rest, and refuse more than is left', async () => {
    const invoice = await sentInvoice(t, patient.id, 8000);
    const paid = (await pay(t, 'staff', invoice.id, 8000)).json<{ invoice: Invoice }>().invoice;
    const paymentId = paid.payments[0].id;
    const url = `/api/invoices/${invoice.id}/payments/${paymentId}/refund`;
    const part = await expectStatus(
      t,
      'staff',
      { method: 'POST', url, payload: { amountCents: 3000, reason: 'Goodwill' } },
      200,
    );
    expect(part.invoice).toMatchObject({ status: 'partially_paid', paidCents: 5000, balanceCents: 3000 });
    expect(part.invoice.payments[0]).toMatchObject({ refundedCents: 3000 });
    const tooMuch = await call(t, 'admin', {
      method: 'POST',
      url,
      payload: { amountCents: 5001, reason: 'Again' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(BILLING_ERRORS.refundTooLarge);
    const rest = await expectStatus(t, 'admin', { method: 'POST', url, payload: { reason: 'Closed' } }, 200);
    expect(rest.invoice).toMatchObject({ status: 'sent', paidCents: 0 });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 8000 });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.map((refund) => refund.amountCents).sort()).toEqual([3000, 5000]);
    const none = await call(t, 'staff', { method: 'POST', url, payload: { amountCents: 1, reason: 'More' } });
    expect(none.statusCode).toBe(400);
    await expectStatus(t, practitioner, { method: 'POST', url, payload: { reason: 'x' } }, 403);
  });

  it('go back to the card for an online payment, in two parts of the same amount', async () => {
    const invoice = await sentInvoice(t, patient.id, 4000);
    const { invoice: paid, paymentIntentId } = await paidOnline(t, patient, invoice.id);
    const url = `/api/invoices/${invoice.id}/payments/${paid.payments[0].id}/refund`;
    await expectStatus(
      t,
      'staff',
      { method: 'POST', url, payload: { amountCents: 1000, reason: 'One' } },
      200,
    );
    await expectStatus(
      t,
      'staff',
      { method: 'POST', url, payload: { amountCents: 1000, reason: 'Two' } },
      200,
    );
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, paymentIntentId));
    expect(intent.refundedCents).toBe(2000);
    expect(await get(invoice.id)).toMatchObject({ paidCents: 2000, status: 'partially_paid' });
  });

  it('answer 404 for a payment of another invoice', async () => {
    const one = await sentInvoice(t, patient.id, 1000);
    const two = await sentInvoice(t, patient.id, 1000);
    const paid = (await pay(t, 'staff', one.id, 1000)).json<{ invoice: Invoice }>().invoice;
    const response = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${two.id}/payments/${paid.payments[0].id}/refund`,
      payload: { reason: 'Wrong' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(BILLING_ERRORS.paymentNotFound);
  });
});

describe('voiding', () => {
  it('needs nothing paid, and releases the sessions to be billed again', async () => {
    const serviceId = (await serviceType(t)).id;
    const visit = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const made = await draft(t, 'staff', patient.id, { lineItems: [line({ appointmentId: visit.id })] });
    const draftVoid = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: 'x' },
    });
    expect(draftVoid.statusCode).toBe(409);
    expect(draftVoid.json().message).toBe(BILLING_ERRORS.draftNotVoidable);
    await expectStatus(t, 'staff', { method: 'POST', url: `/api/invoices/${made.id}/send` }, 200);
    await pay(t, 'staff', made.id, 100);
    const refused = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: 'x' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_ERRORS.notVoidable);
    const paymentId = (await get(made.id)).payments[0].id;
    await expectStatus(
      t,
      'staff',
      {
        method: 'POST',
        url: `/api/invoices/${made.id}/payments/${paymentId}/refund`,
        payload: { reason: 'Back' },
      },
      200,
    );
    const noReason = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(BILLING_ERRORS.reason);
    await expectStatus(
      t,
      practitioner,
      { method: 'POST', url: `/api/invoices/${made.id}/void`, payload: { reason: 'Wrong patient' } },
      403,
    );
    const voided = await expectStatus(
      t,
      'admin',
      { method: 'POST', url: `/api/invoices/${made.id}/void`, payload: { reason: 'Wrong patient' } },
      200,
    );
    expect(voided.invoice).toMatchObject({ status: 'void', voidReason: 'Wrong patient', balanceCents: 0 });
    expect(voided.invoice.lineItems[0].appointmentId).toBeNull();
    const [kept] = await t.database.db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, made.id));
    expect(kept.billedAppointmentId).toBe(visit.id);
    const again = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: 'x' },
    });
    expect(again.json().message).toBe(BILLING_ERRORS.alreadyVoid);
    const rebilled = await draft(t, 'staff', patient.id, { lineItems: [line({ appointmentId: visit.id })] });
    expect(rebilled.lineItems[0].appointmentId).toBe(visit.id);
  });
});
