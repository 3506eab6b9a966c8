import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, invoiceUrl } from '../../../../shared/billing';
import { activityLog, invoiceCounters, invoices } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../../test/people';
import {
  call,
  careTeam,
  draft,
  eventually,
  expectStatus,
  line,
  notificationsOf,
  send,
  serviceType,
  session,
} from '../testing';

/**
 * Invoices: drafts with server-computed figures, lines from completed sessions billed once, sending with
 * gapless numbers, the email and the notification, and deleting drafts.
 */
let t: TestApp;
let practitioner: TestPerson;
let patient: TestPerson;
let serviceId = '';

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  serviceId = (await serviceType(t, 8500)).id;
});
afterAll(async () => {
  await t.close();
});

describe('drafts', () => {
  it('computes every figure on the server with the tax rate of the settings', async () => {
    await expectStatus(t, 'admin', {
      method: 'PUT',
      url: '/api/billing/settings',
      payload: { taxRateBasisPoints: 825, paymentTermsDays: 14 },
      status: 200,
    });
    const made = await draft(t, 'staff', {
      patientId: patient.id,
      lineItems: [
        line({ quantity: 3, unitPriceCents: 1999 }),
        line({ description: 'Taping', quantity: 1, unitPriceCents: 501 }),
      ],
      discountCents: 500,
      notes: 'Thank you',
    });
    // 3 × 19.99 + 5.01 = 64.98; less 5.00 = 59.98; tax 8.25 % = 4.948… → 4.95; total 64.93.
    expect(made).toMatchObject({
      status: 'draft',
      number: null,
      subtotalCents: 6498,
      discountCents: 500,
      taxRateBasisPoints: 825,
      taxCents: 495,
      totalCents: 6493,
      paidCents: 0,
      balanceCents: 6493,
      notes: 'Thank you',
      patientName: `${patient.firstName} ${patient.lastName}`,
    });
    expect(made.lineItems.map((item) => item.amountCents)).toEqual([5997, 501]);
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect([due, new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10)]).toContain(made.dueDate);
    const log = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, made.id), eq(activityLog.action, 'invoice.created')));
    expect(log[0].details).toMatchObject({ patientId: patient.id });
    await expectStatus(t, 'admin', {
      method: 'PUT',
      url: '/api/billing/settings',
      payload: { taxRateBasisPoints: 0, paymentTermsDays: 30 },
      status: 200,
    });
  });

  it("takes an appointment line's description and price from the service, whatever the browser sent", async () => {
    const visit = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const billable = await expectStatus<{
      appointments: Array<{ appointmentId: string; priceCents: number }>;
    }>(t, practitioner, {
      method: 'GET',
      url: `/api/invoices/billable?patientId=${patient.id}`,
      status: 200,
    });
    expect(billable.appointments.find((item) => item.appointmentId === visit.id)?.priceCents).toBe(8500);
    const made = await draft(t, practitioner, {
      patientId: patient.id,
      lineItems: [line({ appointmentId: visit.id, description: 'Free', quantity: 7, unitPriceCents: 1 })],
    });
    expect(made.lineItems[0]).toMatchObject({
      appointmentId: visit.id,
      serviceTypeId: serviceId,
      quantity: 1,
      unitPriceCents: 8500,
      amountCents: 8500,
    });
    expect(made.lineItems[0].description).toMatch(/^Billed session/);
    expect(made.practitionerId).toBe(practitioner.id);
    expect(made.totalCents).toBe(8500);

    // Billed once: no longer billable, and a second invoice for it is refused.
    const after = await expectStatus<{ appointments: Array<{ appointmentId: string }> }>(t, 'staff', {
      method: 'GET',
      url: `/api/invoices/billable?patientId=${patient.id}`,
      status: 200,
    });
    expect(after.appointments.map((item) => item.appointmentId)).not.toContain(visit.id);
    const again = await call(t, 'staff', {
      method: 'POST',
      url: '/api/invoices',
      payload: { patientId: patient.id, lineItems: [line({ appointmentId: visit.id })] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(BILLING_ERRORS.appointmentNotBillable);
  });

  it('bills only completed sessions of that patient, once even when two invoices race for one', async () => {
    const other = await createPerson(t, 'patient');
    const scheduled = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
      status: 'scheduled',
    });
    const someoneElses = await session(t, {
      patientId: other.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    for (const appointmentId of [scheduled.id, someoneElses.id]) {
      const response = await call(t, 'staff', {
        method: 'POST',
        url: '/api/invoices',
        payload: { patientId: patient.id, lineItems: [line({ appointmentId })] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        'lineItems.0.appointmentId': BILLING_ERRORS.appointmentNotBillable,
      });
    }
    const visit = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: serviceId,
    });
    const twice = await call(t, 'staff', {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        patientId: patient.id,
        lineItems: [line({ appointmentId: visit.id }), line({ appointmentId: visit.id })],
      },
    });
    expect(twice.statusCode).toBe(400);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, 'staff', {
          method: 'POST',
          url: '/api/invoices',
          payload: { patientId: patient.id, lineItems: [line({ appointmentId: visit.id })] },
        }),
      ),
    );
    const codes = racing.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const response of racing.filter((item) => item.statusCode !== 201)) {
      expect([400, 409]).toContain(response.statusCode);
      expect(response.json().message).toBe(BILLING_ERRORS.appointmentNotBillable);
    }
  });

  it('changes and deletes drafts only', async () => {
    const made = await draft(t, 'staff', { patientId: patient.id });
    const changed = await expectStatus(t, 'staff', {
      method: 'PATCH',
      url: `/api/invoices/${made.id}`,
      payload: {
        lineItems: [line({ quantity: 4, unitPriceCents: 1000 })],
        discountCents: 1000,
        notes: 'Changed',
      },
      status: 200,
    });
    expect(changed.invoice).toMatchObject({
      subtotalCents: 4000,
      discountCents: 1000,
      totalCents: 3000,
      notes: 'Changed',
    });
    const sent = await send(t, 'staff', made.id);
    for (const request of [
      { method: 'PATCH' as const, url: `/api/invoices/${sent.id}`, payload: { notes: 'Late' } },
      { method: 'DELETE' as const, url: `/api/invoices/${sent.id}` },
      { method: 'POST' as const, url: `/api/invoices/${sent.id}/send` },
    ]) {
      const response = await call(t, 'staff', request);
      expect(response.statusCode, request.method).toBe(409);
      expect(response.json().message).toBe(BILLING_ERRORS.notDraft);
    }
    const other = await draft(t, 'staff', { patientId: patient.id });
    await expectStatus(t, 'staff', { method: 'DELETE', url: `/api/invoices/${other.id}`, status: 204 });
    await expectStatus(t, 'staff', { method: 'GET', url: `/api/invoices/${other.id}`, status: 404 });
  });
});

describe('sending', () => {
  it('numbers the invoice, dates it today, emails the patient and raises invoice_created', async () => {
    const someone = await createPerson(t, 'patient');
    const made = await draft(t, 'staff', { patientId: someone.id });
    const sent = await send(t, 'staff', made.id);
    expect(sent.number).toMatch(/^INV-\d{6}$/);
    expect(sent.status).toBe('sent');
    expect(sent.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const emails = await t.ctx.mailer.listTo(someone.email);
    expect(emails.find((email) => email.subject === `Your invoice ${sent.number}`)?.body).toContain('$25.00');
    const raised = await eventually(async () => {
      const rows = await notificationsOf(t, someone.id, 'invoice_created');
      expect(rows).toHaveLength(1);
      return rows[0];
    });
    expect(raised).toMatchObject({ title: 'Invoice issued', actionUrl: invoiceUrl(sent.id) });
    expect(raised.message).toContain(sent.number);
    // One email for one invoice: the notification does not send its own pointer email as well (given the
    // moment it would have taken to go out behind the stored notification).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.ctx.mailer.listTo(someone.email)).toHaveLength(1);
  });

  it('gives 20 drafts sent at once 20 consecutive numbers with no gap and no duplicate', async () => {
    const [{ nextValue: first }] = await t.database.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.series, 'invoice'));
    const drafts = [];
    for (let i = 0; i < 20; i += 1) drafts.push(await draft(t, 'staff', { patientId: patient.id }));
    const sent = await Promise.all(drafts.map((item) => send(t, 'staff', item.id)));
    const numbers = sent.map((item) => Number(item.number?.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
  });
});

it('keeps the invoices table consistent', async () => {
  const demo = await demoPerson(t, 'patient');
  expect(demo.role).toBe('patient');
  const rows = await t.database.db.select().from(invoices);
  for (const row of rows) expect(row.paidCents).toBeLessThanOrEqual(row.totalCents);
});
