import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS } from '../../../../shared/billing';
import { invoices } from '../../../db/schema';
import { MISSING_ID } from '../../../test/access-matrix';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { assign, call, careTeam, draft, expectStatus, line, serviceType, session } from '../testing';

/**
 * A practitioner bills as themselves: an invoice they make names them, never a colleague or no one, and they
 * cannot move a draft to a colleague. Staff and admin name any practitioner. A patient out of the
 * practitioner's reach is a patient that does not exist.
 */
let t: TestApp;
let practitioner: TestPerson;
let colleague: TestPerson;
let patient: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  colleague = await createPerson(t, 'practitioner');
  await assign(t, colleague.id, patient.id);
});
afterAll(() => t.close());

const invoicesOf = async (patientId: string) =>
  t.database.db.select().from(invoices).where(eq(invoices.patientId, patientId));

function expectBillsOwn(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({
    message: BILLING_ERRORS.practitionerBillsOwn,
    fields: { practitionerId: BILLING_ERRORS.practitionerBillsOwn },
  });
}

describe("a practitioner's invoice", () => {
  it("is never made in a colleague's name or in no one's", async () => {
    const before = (await invoicesOf(patient.id)).length;
    for (const practitionerId of [colleague.id, null])
      expectBillsOwn(
        await call(t, practitioner, {
          method: 'POST',
          url: '/api/invoices',
          payload: { patientId: patient.id, practitionerId, lineItems: [line()] },
        }),
      );
    expect(await invoicesOf(patient.id)).toHaveLength(before);
    expect((await draft(t, practitioner, { patientId: patient.id })).practitionerId).toBe(practitioner.id);
    expect(
      (await draft(t, practitioner, { patientId: patient.id, practitionerId: practitioner.id }))
        .practitionerId,
    ).toBe(practitioner.id);
  });

  it("cannot be moved to a colleague, while a draft's practitioner may be left as it is", async () => {
    const own = await draft(t, practitioner, { patientId: patient.id });
    for (const practitionerId of [colleague.id, null])
      expectBillsOwn(
        await call(t, practitioner, {
          method: 'PATCH',
          url: `/api/invoices/${own.id}`,
          payload: { practitionerId, notes: 'Moved' },
        }),
      );
    const [kept] = await t.database.db.select().from(invoices).where(eq(invoices.id, own.id));
    expect(kept).toMatchObject({ practitionerId: practitioner.id, notes: '' });

    // A draft the desk made in the colleague's name: editing it does not take it over.
    const desk = await draft(t, 'staff', { patientId: patient.id, practitionerId: colleague.id });
    const edited = await call(t, practitioner, {
      method: 'PATCH',
      url: `/api/invoices/${desk.id}`,
      payload: { practitionerId: colleague.id, notes: 'Seen' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().invoice).toMatchObject({ practitionerId: colleague.id, notes: 'Seen' });
  });

  it("bills only their own sessions, while a colleague's already on a desk draft may stay", async () => {
    const serviceTypeId = (await serviceType(t)).id;
    const own = await session(t, { patientId: patient.id, practitionerId: practitioner.id, serviceTypeId });
    const theirs = await session(t, { patientId: patient.id, practitionerId: colleague.id, serviceTypeId });
    const billableFor = async (who: TestPerson | 'staff') =>
      (
        await expectStatus<{ appointments: Array<{ appointmentId: string }> }>(t, who, {
          method: 'GET',
          url: `/api/invoices/billable?patientId=${patient.id}`,
          status: 200,
        })
      ).appointments.map((row) => row.appointmentId);
    expect(await billableFor(practitioner)).toEqual([own.id]);
    expect((await billableFor('staff')).sort()).toEqual([own.id, theirs.id].sort());

    const refused = await call(t, practitioner, {
      method: 'POST',
      url: '/api/invoices',
      payload: { patientId: patient.id, lineItems: [line({ appointmentId: theirs.id })] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fields).toEqual({
      'lineItems.0.appointmentId': BILLING_ERRORS.appointmentNotBillable,
    });
    const mine = await draft(t, practitioner, {
      patientId: patient.id,
      lineItems: [line({ appointmentId: own.id })],
    });
    expect(mine.lineItems.map((item) => item.appointmentId)).toEqual([own.id]);

    const desk = await draft(t, 'staff', {
      patientId: patient.id,
      practitionerId: colleague.id,
      lineItems: [line({ appointmentId: theirs.id })],
    });
    const kept = await call(t, practitioner, {
      method: 'PATCH',
      url: `/api/invoices/${desk.id}`,
      payload: { lineItems: [line({ appointmentId: theirs.id }), line({ description: 'Taping' })] },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().invoice.lineItems).toHaveLength(2);
  });

  it('names any practitioner when the desk makes or changes it', async () => {
    const made = await draft(t, 'staff', { patientId: patient.id, practitionerId: colleague.id });
    expect(made.practitionerId).toBe(colleague.id);
    const moved = await call(t, 'admin', {
      method: 'PATCH',
      url: `/api/invoices/${made.id}`,
      payload: { practitionerId: practitioner.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().invoice.practitionerId).toBe(practitioner.id);
  });

  it('is 404 for a patient out of reach, as for one that does not exist', async () => {
    const stranger = await createPerson(t, 'patient');
    for (const patientId of [stranger.id, MISSING_ID]) {
      const response = await call(t, practitioner, {
        method: 'POST',
        url: '/api/invoices',
        payload: { patientId, lineItems: [line()] },
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(BILLING_ERRORS.patientNotFound);
    }
    expect(await invoicesOf(stranger.id)).toEqual([]);
  });
});
