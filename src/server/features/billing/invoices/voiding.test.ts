import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS } from '../../../../shared/billing';
import { invoiceLineItems } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import type { TestPerson } from '../../../test/people';
import { call, careTeam, draft, expectStatus, line, pay, serviceType, session } from '../testing';

/** Voids: only of a sent invoice with nothing paid, and the sessions it billed may be billed again. */
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

describe('voiding', () => {
  it('needs nothing paid, and releases the sessions to be billed again', async () => {
    const serviceId = (await serviceType(t)).id;
    const visit = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const made = await draft(t, 'staff', {
      patientId: patient.id,
      lineItems: [line({ appointmentId: visit.id })],
    });
    const draftVoid = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: 'x' },
    });
    expect(draftVoid.statusCode).toBe(409);
    expect(draftVoid.json().message).toBe(BILLING_ERRORS.draftNotVoidable);
    await expectStatus(t, 'staff', { method: 'POST', url: `/api/invoices/${made.id}/send`, status: 200 });
    await pay(t, 'staff', { id: made.id, amountCents: 100 });
    const refused = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: 'x' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_ERRORS.notVoidable);
    const paymentId = (await get(made.id)).payments[0].id;
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/payments/${paymentId}/refund`,
      payload: { reason: 'Back' },
      status: 200,
    });
    const noReason = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(BILLING_ERRORS.reason);
    await expectStatus(t, practitioner, {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: 'Wrong patient' },
      status: 403,
    });
    const voided = await expectStatus(t, 'admin', {
      method: 'POST',
      url: `/api/invoices/${made.id}/void`,
      payload: { reason: 'Wrong patient' },
      status: 200,
    });
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
    const rebilled = await draft(t, 'staff', {
      patientId: patient.id,
      lineItems: [line({ appointmentId: visit.id })],
    });
    expect(rebilled.lineItems[0].appointmentId).toBe(visit.id);
  });
});
