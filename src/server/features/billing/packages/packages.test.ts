import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, type CheckoutAnswer, type CheckoutPreview } from '../../../../shared/billing';
import {
  PACKAGE_ERRORS,
  type PackageListAnswer,
  type PatientPackagesAnswer,
  type SessionPackage,
} from '../../../../shared/billing-packages';
import { activityLog, packageUses, patientPackages } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { call, careTeam, expectStatus, serviceType, session, sessionBilling, type Who } from '../testing';

/** Packages of sessions: the catalogue, a sale at checkout, a session used on completion, and a void. */
let t: TestApp;
let practitioner: TestPerson;
let patient: TestPerson;
let covered: string;
let other: string;

const define = (fields: Record<string, unknown> = {}) =>
  expectStatus<{ package: SessionPackage }>(t, 'admin', {
    method: 'POST',
    url: '/api/billing/packages',
    payload: {
      name: 'Five physio sessions',
      sessions: 5,
      priceCents: 40_000,
      serviceTypeIds: [covered],
      ...fields,
    },
    status: 201,
  }).then((body) => body.package);
const completed = async (serviceTypeId = covered) =>
  (await session(t, { patientId: patient.id, practitionerId: practitioner.id, serviceTypeId })).id;
const sell = (appointmentId: string, packageIds: string[], who: Who = 'staff') =>
  expectStatus<CheckoutAnswer>(t, who, {
    method: 'POST',
    url: `/api/invoices/checkout/${appointmentId}`,
    payload: { payment: { kind: 'account' }, packageIds },
    status: 200,
  }).then((body) => body.invoice);
const held = (who: Who = 'staff') =>
  expectStatus<PatientPackagesAnswer>(t, who, {
    method: 'GET',
    url: `/api/billing/patient-packages?patientId=${patient.id}`,
    status: 200,
  }).then((body) => body.packages);
const unbilledIds = async () =>
  (
    await expectStatus<{ sessions: Array<{ appointmentId: string }> }>(t, 'staff', {
      method: 'GET',
      url: '/api/invoices/unbilled',
      status: 200,
    })
  ).sessions.map((row) => row.appointmentId);
const actions = async (action: string) =>
  (await t.database.db.select().from(activityLog).where(eq(activityLog.action, action))).length;

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  covered = (await serviceType(t, 9000)).id;
  other = (await serviceType(t, 6000)).id;
});
afterAll(() => t.close());

describe('the package catalogue', () => {
  it('exists only while session billing is on', async () => {
    const response = await call(t, 'admin', { method: 'GET', url: '/api/billing/packages' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BILLING_ERRORS.sessionBillingOff);
    await sessionBilling(t, true);
  });

  it('is written by admins, read by whoever bills, and refuses what is not a package', async () => {
    const made = await define({ serviceTypeIds: [covered, other] });
    expect(made).toMatchObject({ sessions: 5, priceCents: 40_000, isActive: true });
    expect(made.services.map((service) => service.id).sort()).toEqual([covered, other].sort());
    for (const reader of ['staff', practitioner] as const) {
      const list = await expectStatus<PackageListAnswer>(t, reader, {
        method: 'GET',
        url: '/api/billing/packages',
        status: 200,
      });
      expect(list.packages.map((item) => item.id)).toContain(made.id);
    }
    await expectStatus(t, 'patient', { method: 'GET', url: '/api/billing/packages', status: 403 });
    for (const writer of ['staff', practitioner] as const)
      await expectStatus(t, writer, {
        method: 'POST',
        url: '/api/billing/packages',
        payload: { name: 'x', sessions: 1, priceCents: 1, serviceTypeIds: [covered] },
        status: 403,
      });
    const base = { name: 'Ten', sessions: 10, priceCents: 1000, serviceTypeIds: [covered] };
    for (const [change, message] of [
      [{ sessions: 0 }, PACKAGE_ERRORS.sessions],
      [{ sessions: 101 }, PACKAGE_ERRORS.sessions],
      [{ priceCents: -1 }, PACKAGE_ERRORS.price],
      [{ priceCents: 10.5 }, PACKAGE_ERRORS.price],
      [{ name: ' ' }, PACKAGE_ERRORS.name],
      [{ name: 'Ten\nsessions' }, 'Name must be one line'],
      [{ serviceTypeIds: [] }, PACKAGE_ERRORS.services],
      [{ serviceTypeIds: [practitioner.id] }, PACKAGE_ERRORS.serviceNotFound],
    ] as const) {
      const response = await call(t, 'admin', {
        method: 'POST',
        url: '/api/billing/packages',
        payload: { ...base, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const renamed = await expectStatus<{ package: SessionPackage }>(t, 'admin', {
      method: 'PUT',
      url: `/api/billing/packages/${made.id}`,
      payload: { ...base, name: 'Renamed', isActive: false },
      status: 200,
    });
    expect(renamed.package).toMatchObject({ name: 'Renamed', sessions: 10, isActive: false });
    await expectStatus(t, 'admin', {
      method: 'DELETE',
      url: `/api/billing/packages/${made.id}`,
      status: 204,
    });
    await expectStatus(t, 'admin', {
      method: 'DELETE',
      url: `/api/billing/packages/${made.id}`,
      status: 404,
    });
    expect(await actions('package.created')).toBeGreaterThan(0);
    expect(await actions('package.deleted')).toBe(1);
  });
});

describe('a package sold at checkout', () => {
  it('is priced from the catalogue, held once the invoice is issued, and not sold when inactive', async () => {
    const offer = await define();
    const retired = await define({ isActive: false });
    const refused = await call(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/checkout/${await completed()}`,
      payload: { payment: { kind: 'account' }, packageIds: [retired.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BILLING_ERRORS.packageNotOnSale);
    const sold = await call(t, 'staff', {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        patientId: patient.id,
        lineItems: [{ description: 'Cheap', quantity: 3, unitPriceCents: 1, packageId: offer.id }],
      },
    });
    expect(sold.json().invoice.lineItems[0]).toMatchObject({ quantity: 1, unitPriceCents: 40_000 });
    expect(await held()).toEqual([]);
    await call(t, 'staff', { method: 'DELETE', url: `/api/invoices/${sold.json().invoice.id}` });

    const invoice = await sell(await completed(), [offer.id], practitioner);
    expect(invoice.status).toBe('sent');
    expect(invoice.lineItems.map((line) => line.amountCents)).toEqual([9000, 40_000]);
    const [holding] = await held();
    expect(holding).toMatchObject({
      packageId: offer.id,
      sessionsTotal: 5,
      sessionsUsed: 0,
      sessionsLeft: 5,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
    });
    expect(await actions('package.sold')).toBe(1);
  });
});

describe('a covered session', () => {
  it('uses one session of the oldest package, once, however many sessions are completed at once', async () => {
    const [first] = await held();
    const small = await define({ name: 'Two sessions', sessions: 2 });
    await sell(await completed(other), [small.id]);
    // The older package has 5: leave it 1, so three completions at once must spill into the newer one.
    await t.database.db
      .update(patientPackages)
      .set({ sessionsUsed: 4 })
      .where(eq(patientPackages.id, first.id));
    const visits = await Promise.all(
      [1, 2, 3, 4].map(() =>
        session(t, {
          patientId: patient.id,
          practitionerId: practitioner.id,
          serviceTypeId: covered,
          status: 'scheduled',
        }),
      ),
    );
    const answers = await Promise.all(
      visits.map((visit) =>
        call(t, 'staff', { method: 'POST', url: `/api/appointments/${visit.id}/complete` }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const again = await call(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${visits[0].id}/complete`,
    });
    expect(again.statusCode).toBe(409);
    const after = await held();
    expect(after.map((holding) => [holding.sessionsUsed, holding.sessionsLeft])).toEqual([
      [5, 0],
      [2, 0],
    ]);
    const uses = await t.database.db.select().from(packageUses);
    expect(uses).toHaveLength(3);
    const unbilled = await unbilledIds();
    const usedIds = uses.map((use) => use.appointmentId);
    expect(visits.filter((visit) => unbilled.includes(visit.id)).map((visit) => visit.id)).toEqual(
      visits.filter((visit) => !usedIds.includes(visit.id)).map((visit) => visit.id),
    );

    const preview = await expectStatus<CheckoutPreview>(t, practitioner, {
      method: 'GET',
      url: `/api/invoices/checkout/${usedIds[0]}`,
      status: 200,
    });
    expect(preview.coveredBy).toMatchObject({ sessionsLeft: 0 });
    const invoice = await sell(usedIds[0], []);
    expect(invoice.totalCents).toBe(0);
    expect(invoice.lineItems[0].description).toContain('covered by');
  });

  it('is not used while the patient holds no package for that service', async () => {
    const visit = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: other,
      status: 'scheduled',
    });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${visit.id}/complete`,
      status: 200,
    });
    expect(
      await t.database.db.select().from(packageUses).where(eq(packageUses.appointmentId, visit.id)),
    ).toEqual([]);
    expect(await unbilledIds()).toContain(visit.id);
  });
});

describe('held packages', () => {
  it('are read by the patient (their own only) and those who reach the patient', async () => {
    const mine = await expectStatus<PatientPackagesAnswer>(t, patient, {
      method: 'GET',
      url: '/api/billing/patient-packages',
      status: 200,
    });
    expect(mine.packages).toHaveLength(2);
    const stranger = await createPerson(t, 'patient');
    const outsider = await createPerson(t, 'practitioner');
    for (const who of [stranger, outsider])
      await expectStatus(t, who, {
        method: 'GET',
        url: `/api/billing/patient-packages?patientId=${patient.id}`,
        status: 404,
      });
    expect(await held(practitioner)).toHaveLength(2);
    await expectStatus(t, 'member', { method: 'GET', url: '/api/billing/patient-packages', status: 403 });
    await expectStatus(t, 'staff', {
      method: 'GET',
      url: '/api/billing/patient-packages?patientId=nope',
      status: 400,
    });
  });

  it('go when the invoice that sold them is voided, and the sessions they covered are unbilled again', async () => {
    const offer = await define({ name: 'Three sessions', sessions: 3 });
    const invoice = await sell(await completed(other), [offer.id]);
    const visit = await session(t, {
      patientId: patient.id,
      practitionerId: practitioner.id,
      serviceTypeId: covered,
      status: 'scheduled',
    });
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/appointments/${visit.id}/complete`,
      status: 200,
    });
    const bought = (await held()).find((holding) => holding.invoiceId === invoice.id);
    expect(bought).toMatchObject({ sessionsUsed: 1, sessionsLeft: 2 });
    expect(await unbilledIds()).not.toContain(visit.id);
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/void`,
      payload: { reason: 'Sold in error' },
      status: 200,
    });
    expect((await held()).map((holding) => holding.invoiceId)).not.toContain(invoice.id);
    expect(await unbilledIds()).toContain(visit.id);
    const removed = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'package.removed'), eq(activityLog.entityId, bought?.id ?? '')));
    expect(removed).toHaveLength(1);
  });
});
