import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, INVOICE_MAX_LINES } from '../../../shared/billing';
import { activityLog } from '../../db/schema';
import { addDays, clinicToday } from '../../platform/clinic-time';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { call, careTeam, draft, line, pay, pdfText, sentInvoice } from './testing';

/**
 * Every field of every billing input answers its own 400 message, and the documents: the invoice and the
 * receipt as PDFs carrying the number, their reads in the patient's access log.
 */
let t: TestApp;
let patient: TestPerson;
let practitioner: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  ({ patient, practitioner } = await careTeam(t));
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  call(t, 'staff', {
    method: 'POST',
    url: '/api/invoices',
    payload: { patientId: patient.id, lineItems: [line()], ...payload },
  });

async function refused(response: Awaited<ReturnType<typeof create>>, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().message).toContain(message);
}

describe('an invoice', () => {
  it.each([
    ['no patient', { patientId: undefined }, BILLING_ERRORS.patient],
    ['a patient id that is no id', { patientId: 'abc' }, BILLING_ERRORS.patient],
    ['no lines', { lineItems: [] }, BILLING_ERRORS.noLines],
    ['lines that are no list', { lineItems: 'x' }, BILLING_ERRORS.noLines],
    [
      'too many lines',
      { lineItems: Array.from({ length: INVOICE_MAX_LINES + 1 }, () => line()) },
      BILLING_ERRORS.tooManyLines,
    ],
    ['a blank description', { lineItems: [line({ description: '  ' })] }, BILLING_ERRORS.description],
    [
      'a long description',
      { lineItems: [line({ description: 'x'.repeat(201) })] },
      BILLING_ERRORS.descriptionTooLong,
    ],
    ['a quantity of 0', { lineItems: [line({ quantity: 0 })] }, BILLING_ERRORS.quantity],
    ['a fractional quantity', { lineItems: [line({ quantity: 1.5 })] }, BILLING_ERRORS.quantity],
    ['a huge quantity', { lineItems: [line({ quantity: 1001 })] }, BILLING_ERRORS.quantityTooLarge],
    ['a fractional price', { lineItems: [line({ unitPriceCents: 10.5 })] }, BILLING_ERRORS.price],
    ['a price as text', { lineItems: [line({ unitPriceCents: '100' })] }, BILLING_ERRORS.price],
    ['a negative price', { lineItems: [line({ unitPriceCents: -1 })] }, BILLING_ERRORS.priceNegative],
    ['a huge price', { lineItems: [line({ unitPriceCents: 10_000_001 })] }, BILLING_ERRORS.priceTooLarge],
    ['a line amount sent by the browser', { lineItems: [line({ amountCents: 1 })] }, 'Unrecognized key'],
    ['a bad service id', { lineItems: [line({ serviceTypeId: 'x' })] }, BILLING_ERRORS.serviceNotFound],
    [
      'a bad appointment id',
      { lineItems: [line({ appointmentId: 'x' })] },
      BILLING_ERRORS.appointmentNotBillable,
    ],
    ['a negative discount', { discountCents: -1 }, BILLING_ERRORS.discount],
    ['a fractional discount', { discountCents: 0.5 }, BILLING_ERRORS.discount],
    ['a long note', { notes: 'x'.repeat(2001) }, BILLING_ERRORS.notesTooLong],
    ['a due date that is no date', { dueDate: '2026-02-30' }, 'Due date must be a real date'],
    ['a bad practitioner id', { practitionerId: 'x' }, BILLING_ERRORS.practitionerNotFound],
    ['a total sent by the browser', { totalCents: 1 }, 'Unrecognized key'],
    ['a status sent by the browser', { status: 'paid' }, 'Unrecognized key'],
  ])('refuses %s', async (_name, payload, message) => {
    await refused(await create(payload), message);
  });

  it('refuses what only the server can tell', async () => {
    await refused(await create({ discountCents: 2501 }), BILLING_ERRORS.discountTooLarge);
    await refused(
      await create({ lineItems: [line({ quantity: 1000, unitPriceCents: 10_000_000 })] }),
      BILLING_ERRORS.totalTooLarge,
    );
    await refused(await create({ dueDate: addDays(clinicToday(), -1) }), BILLING_ERRORS.dueDateBeforeIssue);
    await refused(
      await create({ lineItems: [line({ serviceTypeId: '00000000-0000-4000-8000-000000000000' })] }),
      BILLING_ERRORS.serviceNotFound,
    );
    await refused(
      await create({ practitionerId: (await createPerson(t, 'staff')).id }),
      BILLING_ERRORS.practitionerNotFound,
    );
    // Anyone who is not a patient, like a patient out of reach, is a patient that does not exist.
    const member = await create({ patientId: (await createPerson(t, 'member')).id });
    expect(member.statusCode, member.body).toBe(404);
    expect(member.json().message).toBe(BILLING_ERRORS.patientNotFound);
    const stranger = await createPerson(t, 'patient');
    const billable = await call(t, practitioner, {
      method: 'GET',
      url: `/api/invoices/billable?patientId=${stranger.id}`,
    });
    expect(billable.statusCode).toBe(404);
  });

  it('refuses bad changes to a draft, and an empty change list of lines', async () => {
    const made = await draft(t, 'staff', { patientId: patient.id });
    const patch = (payload: Record<string, unknown>) =>
      call(t, 'staff', { method: 'PATCH', url: `/api/invoices/${made.id}`, payload });
    await refused(await patch({ lineItems: [] }), BILLING_ERRORS.noLines);
    await refused(await patch({ discountCents: 999_999 }), BILLING_ERRORS.discountTooLarge);
    await refused(await patch({ patientId: patient.id }), 'Unrecognized key');
    await refused(await patch({ dueDate: 'soon' }), 'Due date must be a date');
  });
});

describe('payments and refunds', () => {
  it('refuse every bad field with its message', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 5000 });
    const record = (payload: Record<string, unknown>) =>
      call(t, 'staff', { method: 'POST', url: `/api/invoices/${invoice.id}/payments`, payload });
    await refused(
      await record({ method: 'bitcoin', amountCents: 100 }),
      'Method must be card, cash or cheque',
    );
    await refused(await record({ amountCents: 100 }), 'Method must be card, cash or cheque');
    await refused(await record({ method: 'cash', amountCents: 0 }), BILLING_ERRORS.amount);
    await refused(await record({ method: 'cash', amountCents: 1.5 }), BILLING_ERRORS.amount);
    await refused(await record({ method: 'cash' }), BILLING_ERRORS.amount);
    await refused(await record({ method: 'cash', amountCents: 5001 }), BILLING_ERRORS.amountOverBalance);
    await refused(
      await record({ method: 'cheque', amountCents: 100, reference: 'x'.repeat(101) }),
      BILLING_ERRORS.reference,
    );
    await refused(
      await record({ method: 'card', amountCents: 100, cardNumber: '4242424242424242' }),
      'Unrecognized key',
    );

    const paid = (await pay(t, 'staff', { id: invoice.id, amountCents: 1000 })).json().invoice;
    const refund = (payload: Record<string, unknown>) =>
      call(t, 'staff', {
        method: 'POST',
        url: `/api/invoices/${invoice.id}/payments/${paid.payments[0].id}/refund`,
        payload,
      });
    await refused(await refund({ amountCents: 100 }), BILLING_ERRORS.reason);
    await refused(await refund({ amountCents: 100, reason: '' }), BILLING_ERRORS.reason);
    await refused(await refund({ amountCents: 100, reason: 'x'.repeat(501) }), BILLING_ERRORS.reasonTooLong);
    await refused(await refund({ amountCents: 0, reason: 'x' }), BILLING_ERRORS.amount);
    await refused(await refund({ amountCents: 1001, reason: 'x' }), BILLING_ERRORS.refundTooLarge);
    const confirm = (payload: Record<string, unknown>) =>
      call(t, patient, { method: 'POST', url: `/api/invoices/${invoice.id}/pay/confirm`, payload });
    await refused(await confirm({}), 'paymentIntentId is required');
    await refused(await confirm({ paymentIntentId: 'nope' }), 'paymentIntentId is not valid');
    const badId = await call(t, 'staff', { method: 'GET', url: '/api/invoices/not-an-id' });
    await refused(badId, 'Must be a valid id');
    const badList = await call(t, 'staff', { method: 'GET', url: '/api/invoices?page=0&status=open' });
    expect(badList.statusCode).toBe(400);
  });
});

describe('documents', () => {
  it('are PDFs of the invoice and of a receipt, named by the number, their reads logged for the patient', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 12_345 });
    const paid = (await pay(t, 'staff', { id: invoice.id, amountCents: 2345, method: 'cheque' })).json()
      .invoice;
    const document = await call(t, patient, { method: 'GET', url: `/api/invoices/${invoice.id}/pdf` });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(document.rawPayload);
    expect(text).toContain(invoice.number);
    expect(text).toContain(`${patient.firstName} ${patient.lastName}`);
    expect(text).toContain('$123.45');
    expect(text).toContain('$100.00');

    const receipt = await call(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/${invoice.id}/payments/${paid.payments[0].id}/receipt`,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toContain(`${invoice.number}-receipt`);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(receipt.rawPayload)).toContain('$23.45');

    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, invoice.id), eq(activityLog.action, 'invoice.downloaded')));
    expect(logged[0]).toMatchObject({ actorId: patient.id, details: { patientId: patient.id } });
  });
});
