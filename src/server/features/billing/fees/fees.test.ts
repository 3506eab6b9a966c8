import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingPolicy } from '../../../../shared/billing';
import { FEE_ERRORS, type Fee, type FeeListAnswer } from '../../../../shared/billing-fees';
import { NO_SHOW_UNDO_ERRORS } from '../../../../shared/scheduling';
import { activityLog, appointmentFees, appointments, invoices } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { openSocket, untilConnections } from '../../../test/sockets';
import {
  call,
  careTeam,
  chargeKey,
  eventually,
  expectStatus,
  notificationsOf,
  savedCard,
  serviceType,
  session,
} from '../testing';

/**
 * Late-cancellation and no-show fees: offered when a no-show is marked or a cancellation at the patient's
 * request falls inside the window, applied as a sent one-line invoice or waived with a reason, once however
 * the requests race (on PostgreSQL, with TEST_DATABASE_URL, the racing requests use separate connections).
 */
let t: TestApp;
let practitioner: TestPerson;
let patient: TestPerson;
let serviceId = '';
const HOUR = 3_600_000;
const ON: BillingPolicy = {
  sessionBilling: true,
  lateCancelWindowHours: 48,
  lateCancelFeeCents: 2500,
  noShowFeeCents: 4000,
};

const setPolicy = (policy: BillingPolicy) =>
  expectStatus(t, 'admin', { method: 'PUT', url: '/api/billing/policy', payload: policy, status: 200 });

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  serviceId = (await serviceType(t)).id;
});
afterAll(() => t.close());

let slots = 0;

/** A scheduled session of the care team that started `hoursAgo` hours ago (negative: still ahead). */
async function booked(hoursAgo: number) {
  const row = await session(t, {
    patientId: patient.id,
    practitionerId: practitioner.id,
    serviceTypeId: serviceId,
    status: 'scheduled',
    daysAgo: 0,
  });
  // Five-minute sessions six minutes apart, so that no two of the practitioner's overlap.
  slots += 1;
  const startsAt = new Date(Date.now() - hoursAgo * HOUR - slots * 6 * 60_000);
  await t.database.db
    .update(appointments)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 5 * 60_000) })
    .where(eq(appointments.id, row.id));
  return row.id;
}

const feesOf = async (appointmentId: string, who: Parameters<typeof call>[1] = 'staff') =>
  (
    await expectStatus<FeeListAnswer>(t, who as 'staff', {
      method: 'GET',
      url: `/api/billing/fees?appointmentId=${appointmentId}`,
      status: 200,
    })
  ).fees;

const noShow = (id: string, who: Parameters<typeof call>[1] = practitioner) =>
  expectStatus(t, who as 'staff', { method: 'POST', url: `/api/appointments/${id}/no-show`, status: 200 });

async function pendingNoShowFee() {
  const id = await booked(1);
  await noShow(id);
  const [fee] = await feesOf(id);
  return fee;
}

describe('while session billing is off', () => {
  it('a no-show and a late cancellation make no fee, and nothing can be applied', async () => {
    const missed = await booked(1);
    await noShow(missed);
    const late = await booked(-2);
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${late}/cancel`,
      payload: { reason: 'Patient is unwell', atPatientRequest: true },
      status: 200,
    });
    expect(await feesOf(missed)).toEqual([]);
    expect(await feesOf(late)).toEqual([]);
  });
});

describe('with the policy on', () => {
  beforeAll(() => setPolicy(ON));

  it('a no-show offers the fee, and applying it sends a one-line invoice to the patient', async () => {
    const fee = await pendingNoShowFee();
    expect(fee).toMatchObject({
      kind: 'no_show',
      status: 'pending',
      amountCents: 4000,
      patientId: patient.id,
      practitionerId: practitioner.id,
      invoiceId: null,
    });
    const pending = await expectStatus<FeeListAnswer>(t, 'staff', {
      method: 'GET',
      url: '/api/billing/fees?status=pending',
      status: 200,
    });
    expect(pending.fees.map((each) => each.id)).toContain(fee.id);

    const applied = await expectStatus<{
      fee: Fee;
      invoice: {
        id: string;
        number: string;
        status: string;
        totalCents: number;
        lineItems: { description: string; amountCents: number }[];
      };
    }>(t, practitioner, { method: 'POST', url: `/api/billing/fees/${fee.id}/apply`, status: 200 });
    expect(applied.fee).toMatchObject({ status: 'applied', invoiceId: applied.invoice.id });
    expect(applied.fee.invoiceNumber).toBe(applied.invoice.number);
    expect(applied.invoice.status).toBe('sent');
    expect(applied.invoice.number).toMatch(/^INV-\d+$/);
    expect(applied.invoice.totalCents).toBe(4000);
    expect(applied.invoice.lineItems).toHaveLength(1);
    expect(applied.invoice.lineItems[0].description).toMatch(/^No-show fee, /);
    // The patient hears of it as of any invoice sent.
    await eventually(async () =>
      expect(await notificationsOf(t, patient.id, 'invoice_created')).not.toHaveLength(0),
    );
    const actions = (
      await t.database.db
        .select({ action: activityLog.action })
        .from(activityLog)
        .where(eq(activityLog.entityId, fee.id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['fee.offered', 'fee.applied']));
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/billing/fees/${fee.id}/waive`,
      payload: { reason: 'Too late' },
      status: 409,
    });
  });

  it('an applied fee is charged to the card the patient keeps on file with consent', async () => {
    const card = await savedCard(t, patient);
    const fee = await pendingNoShowFee();
    const applied = await expectStatus<{ invoice: { id: string } }>(t, 'staff', {
      method: 'POST',
      url: `/api/billing/fees/${fee.id}/apply`,
      status: 200,
    });
    const charged = await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${applied.invoice.id}/charge-card`,
      payload: { cardId: card.id, idempotencyKey: chargeKey() },
      status: 200,
    });
    expect(charged.invoice).toMatchObject({ status: 'paid', totalCents: 4000, balanceCents: 0 });
    expect(charged.invoice.payments.map((payment) => payment.cardLast4)).toEqual(['4242']);
  });

  it('tells the practitioner and the desk live when a fee is offered, applied or waived', async () => {
    const sockets = await Promise.all(
      [practitioner.token, await t.tokenOf('staff'), await t.tokenOf('admin'), patient.token].map((token) =>
        openSocket(t, `token=${token}&channel=notifications`),
      ),
    );
    await untilConnections(t, sockets.length);
    const desk = sockets.slice(0, 3);
    const told = (socket: (typeof sockets)[number], feeId: string) =>
      socket.messages.filter(
        (message) => JSON.stringify(message) === JSON.stringify({ type: 'fees_changed', feeId }),
      ).length;
    const waived = await pendingNoShowFee();
    const applied = await pendingNoShowFee();
    for (const socket of desk)
      await eventually(async () => {
        expect(told(socket, waived.id)).toBe(1);
        expect(told(socket, applied.id)).toBe(1);
      });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/billing/fees/${waived.id}/waive`,
      payload: { reason: 'First time' },
      status: 200,
    });
    await expectStatus(t, practitioner, {
      method: 'POST',
      url: `/api/billing/fees/${applied.id}/apply`,
      status: 200,
    });
    for (const socket of desk)
      await eventually(async () => {
        expect(told(socket, waived.id)).toBe(2);
        expect(told(socket, applied.id)).toBe(2);
      });
    // The patient does not list fees: an applied one reaches them as its invoice.
    expect(told(sockets[3], waived.id) + told(sockets[3], applied.id)).toBe(0);
    for (const socket of sockets) socket.socket.close();
  });

  it('only staff and admins waive, and only with a reason', async () => {
    const fee = await pendingNoShowFee();
    const refused = await call(t, practitioner, {
      method: 'POST',
      url: `/api/billing/fees/${fee.id}/waive`,
      payload: { reason: 'Car broke down' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FEE_ERRORS.onlyStaffWaive);
    const blank = await call(t, 'staff', {
      method: 'POST',
      url: `/api/billing/fees/${fee.id}/waive`,
      payload: { reason: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.reason).toBe(FEE_ERRORS.reason);
    const waived = await expectStatus<{ fee: Fee }>(t, 'staff', {
      method: 'POST',
      url: `/api/billing/fees/${fee.id}/waive`,
      payload: { reason: 'Car broke down' },
      status: 200,
    });
    expect(waived.fee).toMatchObject({ status: 'waived', waiveReason: 'Car broke down', invoiceId: null });
    expect(waived.fee.decidedByName).toBeTruthy();
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'fee.waived'));
    expect(entry.details).toMatchObject({ patientId: patient.id, kind: 'no_show', amountCents: 4000 });
  });

  it('a practitioner reaches only the fees of their own sessions', async () => {
    const fee = await pendingNoShowFee();
    const colleague = await createPerson(t, 'practitioner');
    const response = await call(t, colleague, { method: 'POST', url: `/api/billing/fees/${fee.id}/apply` });
    expect(response.statusCode).toBe(404);
    expect(await feesOf(fee.appointmentId, colleague)).toEqual([]);
    expect((await feesOf(fee.appointmentId, practitioner)).map((each) => each.id)).toEqual([fee.id]);
  });

  it('a cancellation at the patient request inside the window offers the late-cancellation fee', async () => {
    const inside = await booked(-30);
    const outside = await booked(-60);
    const clinicReason = await booked(-10);
    for (const id of [inside, outside])
      await expectStatus(t, 'staff', {
        method: 'POST',
        url: `/api/appointments/${id}/cancel`,
        payload: { reason: 'Patient asked', atPatientRequest: true },
        status: 200,
      });
    await expectStatus(t, practitioner, {
      method: 'POST',
      url: `/api/appointments/${clinicReason}/cancel`,
      payload: { reason: 'Practitioner unwell' },
      status: 200,
    });
    expect((await feesOf(inside)).map((fee) => [fee.kind, fee.amountCents])).toEqual([['late_cancel', 2500]]);
    expect(await feesOf(outside)).toEqual([]);
    expect(await feesOf(clinicReason)).toEqual([]);
    // The patient's own cancellation is allowed more than 24 hours ahead: at 30 hours it is inside 48.
    const own = await booked(-30);
    await expectStatus(t, patient, {
      method: 'POST',
      url: `/api/appointments/${own}/cancel`,
      payload: { reason: 'Away that week' },
      status: 200,
    });
    expect((await feesOf(own)).map((fee) => fee.kind)).toEqual(['late_cancel']);
  });

  it('staff take a no-show back with a reason: its status returns, a pending fee goes, an applied one stays', async () => {
    const id = await booked(1);
    await expectStatus(t, 'staff', { method: 'POST', url: `/api/appointments/${id}/confirm`, status: 200 });
    await noShow(id);
    const [pending] = await feesOf(id);
    const undo = (
      who: Parameters<typeof call>[1],
      appointmentId: string,
      payload: object = { reason: 'Arrived late' },
    ) => call(t, who, { method: 'POST', url: `/api/appointments/${appointmentId}/undo-no-show`, payload });
    const byPractitioner = await undo(practitioner, id);
    expect(byPractitioner.statusCode).toBe(403);
    expect(byPractitioner.json().message).toBe(NO_SHOW_UNDO_ERRORS.onlyStaff);
    expect((await undo('staff', id, { reason: ' ' })).statusCode).toBe(400);
    const taken = await undo('staff', id);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      appointment: { id, status: 'confirmed' },
      fee: { outcome: 'withdrawn', status: 'pending', amountCents: 4000 },
    });
    expect(await feesOf(id)).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, id), eq(activityLog.action, 'appointment.no_show_undone')));
    expect(entry.details).toMatchObject({
      patientId: patient.id,
      status: 'confirmed',
      reason: 'Arrived late',
    });
    const withdrawn = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, pending.id), eq(activityLog.action, 'fee.withdrawn')));
    expect(withdrawn).toHaveLength(1);
    const again = await undo('admin', id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NO_SHOW_UNDO_ERRORS.notNoShow);
    // The session can now be checked in and completed as if it had never been marked.
    await expectStatus(t, 'staff', { method: 'POST', url: `/api/appointments/${id}/check-in`, status: 200 });

    // A fee already applied as an invoice stays with it, and the answer says so.
    const applied = await pendingNoShowFee();
    const made = await expectStatus<{ invoice: { id: string; number: string } }>(t, 'staff', {
      method: 'POST',
      url: `/api/billing/fees/${applied.id}/apply`,
      status: 200,
    });
    const kept = await undo('admin', applied.appointmentId);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      appointment: { status: 'scheduled' },
      fee: {
        outcome: 'kept',
        status: 'applied',
        invoiceId: made.invoice.id,
        invoiceNumber: made.invoice.number,
      },
    });
    expect((await feesOf(applied.appointmentId)).map((fee) => fee.status)).toEqual(['applied']);
    // Someone out of reach is told it does not exist.
    const colleague = await createPerson(t, 'practitioner');
    expect((await undo(colleague, applied.appointmentId)).statusCode).toBe(404);
  });

  it('drops a pending fee whose appointment is no longer a no-show', async () => {
    const fee = await pendingNoShowFee();
    await t.database.db
      .update(appointments)
      .set({ status: 'completed' })
      .where(eq(appointments.id, fee.appointmentId));
    const response = await call(t, 'staff', { method: 'POST', url: `/api/billing/fees/${fee.id}/apply` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FEE_ERRORS.appointmentChanged);
    expect(await t.database.db.select().from(appointmentFees).where(eq(appointmentFees.id, fee.id))).toEqual(
      [],
    );
  });

  it('of ten applies and waives at once by staff and an admin, one wins and one invoice is made', async () => {
    const fee = await pendingNoShowFee();
    const before = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.patientId, patient.id));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t, i % 2 ? 'admin' : 'staff', {
          method: 'POST',
          url: `/api/billing/fees/${fee.id}/${i % 3 === 2 ? 'waive' : 'apply'}`,
          ...(i % 3 === 2 ? { payload: { reason: 'Goodwill' } } : {}),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    const bodies = responses.map((response) => `${response.statusCode} ${response.body}`).join('\n');
    expect(statuses, bodies).toEqual([200, ...Array(9).fill(409)]);
    for (const response of responses.filter((each) => each.statusCode === 409))
      expect(response.json().message).toBe(FEE_ERRORS.notPending);
    const winner = responses.find((response) => response.statusCode === 200)!.json<{ fee: Fee }>().fee;
    const after = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.patientId, patient.id));
    expect(after.length - before.length).toBe(winner.status === 'applied' ? 1 : 0);
  });

  it('of ten applies at once, one makes the invoice', async () => {
    const fee = await pendingNoShowFee();
    const before = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.patientId, patient.id));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t, i % 2 ? 'admin' : 'staff', { method: 'POST', url: `/api/billing/fees/${fee.id}/apply` }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const after = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.patientId, patient.id));
    expect(after.length - before.length).toBe(1);
  });

  it('two no-shows of one appointment at once make one fee', async () => {
    const id = await booked(1);
    const responses = await Promise.all(
      [practitioner, 'staff' as const].map((who) =>
        call(t, who, { method: 'POST', url: `/api/appointments/${id}/no-show` }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await feesOf(id)).toHaveLength(1);
  });

  it('refuses to apply while session billing is off', async () => {
    const fee = await pendingNoShowFee();
    await setPolicy({ ...ON, sessionBilling: false });
    const response = await call(t, 'staff', { method: 'POST', url: `/api/billing/fees/${fee.id}/apply` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(FEE_ERRORS.billingOff);
    await setPolicy(ON);
  });
});
