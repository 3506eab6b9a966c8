import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ReportName, ReportOf } from '../../../shared/reports';
import {
  appointments,
  donations,
  invoices,
  patients,
  paymentRefunds,
  payments,
  weeklyHours,
} from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { serviceType } from '../appointments/testing';
import { call, type Who } from '../recovery-notes/testing';

export const MARCH = 'from=2031-03-01&to=2031-03-31';

/**
 * Opens a report and expects a 200; `.refused` expects a 403. Takes the app lazily because tests make it in
 * beforeAll.
 */
export function reportOf(app: () => TestApp) {
  const open = async (who: Who, name: ReportName, query: string) =>
    call(app(), who, { method: 'GET', url: `/api/reports/${name}?${query}` });
  const report = async <N extends ReportName>(who: Who, name: N, query: string) => {
    const response = await open(who, name, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportOf<N>>();
  };
  report.refused = async (who: Who, name: ReportName, query: string) => {
    const response = await open(who, name, query);
    expect(response.statusCode, response.body).toBe(403);
  };
  return report;
}

/**
 * Hand-made data far from today (March 2031, whose last Sunday the clocks go forward in the clinic's zone),
 * so every count and sum the reports tests expect is known.
 */
export async function marchClinic(t: TestApp) {
  const db = t.database.db;
  const riley = await createPerson(t, 'practitioner', { firstName: 'Riley', lastName: 'Report' });
  const maya = await createPerson(t, 'practitioner', { firstName: 'Maya', lastName: 'Report' });
  const patientsMade = await Promise.all([1, 2, 3].map(() => createPerson(t, 'patient')));
  const service = await serviceType(t, { durationMinutes: 60 });

  // New patient records: two in March (one on each side of the clock change), one in February.
  const made = ['2031-03-29T23:30:00Z', '2031-03-30T23:30:00Z', '2031-02-10T12:00:00Z'];
  await db
    .insert(patients)
    .values(patientsMade.map((patient, i) => ({ userId: patient.id, createdAt: new Date(made[i]) })))
    .onConflictDoUpdate({ target: patients.userId, set: { createdAt: new Date(made[0]) } });
  for (const [i, patient] of patientsMade.entries())
    await db
      .update(patients)
      .set({ createdAt: new Date(made[i]) })
      .where(eq(patients.userId, patient.id));

  // Riley: five sessions in March (2 completed, 1 no-show, 1 cancelled, 1 confirmed); Maya: one completed.
  const session = (
    practitioner: TestPerson,
    at: { startsAt: string; status: string; patient?: TestPerson },
  ) => ({
    practitionerId: practitioner.id,
    patientId: (at.patient ?? patientsMade[0]).id,
    serviceTypeId: service.id,
    startsAt: new Date(at.startsAt),
    endsAt: new Date(Date.parse(at.startsAt) + 3_600_000),
    status: at.status as 'completed',
    cancellationReason: at.status === 'cancelled' ? 'Unwell' : null,
  });
  await db.insert(appointments).values([
    session(riley, { startsAt: '2031-03-03T10:00:00Z', status: 'completed' }),
    session(riley, { startsAt: '2031-03-24T10:00:00Z', status: 'completed' }),
    session(riley, { startsAt: '2031-03-25T10:00:00Z', status: 'no_show' }),
    session(riley, { startsAt: '2031-03-26T10:00:00Z', status: 'cancelled' }),
    // 00:30 on the 31st in London (summer time), still the 30th in UTC.
    session(riley, { startsAt: '2031-03-30T23:30:00Z', status: 'confirmed' }),
    session(maya, { startsAt: '2031-03-24T12:00:00Z', status: 'completed', patient: patientsMade[1] }),
    // April: outside the range.
    session(riley, { startsAt: '2031-04-01T10:00:00Z', status: 'completed' }),
  ]);

  // Riley works Mondays 09:00-17:00 and Tuesdays 09:00-12:00; Maya has no hours.
  await db.insert(weeklyHours).values([
    { practitionerId: riley.id, weekday: 1, startTime: '09:00', endTime: '17:00' },
    { practitionerId: riley.id, weekday: 2, startTime: '09:00', endTime: '12:00' },
  ]);

  // Invoices: issued in March (one void, one draft left out), one in February.
  const invoice = (values: Partial<typeof invoices.$inferInsert> & { totalCents: number }) => ({
    patientId: patientsMade[0].id,
    practitionerId: riley.id,
    status: 'sent' as const,
    number: `INV-R${Math.random().toString(36).slice(2, 8)}`,
    issueDate: '2031-03-05',
    dueDate: '2031-04-04',
    subtotalCents: values.totalCents,
    ...values,
  });
  const [paidInvoice, partInvoice, , , , oldInvoice] = await db
    .insert(invoices)
    .values([
      invoice({ totalCents: 10_000, paidCents: 10_000, status: 'paid' }),
      invoice({ totalCents: 20_000, paidCents: 5_000, status: 'overdue', dueDate: '2031-03-20' }),
      invoice({ totalCents: 7_000, status: 'void', voidReason: 'Duplicate' }),
      invoice({ totalCents: 3_000, status: 'draft', number: null, issueDate: null }),
      invoice({ totalCents: 4_000, practitionerId: maya.id, issueDate: '2031-03-31', dueDate: '2031-04-30' }),
      invoice({ totalCents: 9_000, issueDate: '2031-01-05', dueDate: '2031-01-15', status: 'overdue' }),
    ])
    .returning();
  await db
    .insert(invoices)
    .values(
      invoice({ totalCents: 1_000, issueDate: '2030-10-01', dueDate: '2030-10-01', status: 'overdue' }),
    );
  const ledger = await db
    .insert(payments)
    .values([
      {
        method: 'card',
        provider: 'test',
        providerIntentId: `pi_report${Date.now()}`,
        purpose: 'invoice',
        referenceId: paidInvoice.id,
        amountCents: 10_000,
        currency: 'usd',
        createdAt: new Date('2031-03-10T12:00:00Z'),
        refundedCents: 2_500,
        status: 'partially_refunded',
      },
      {
        method: 'cash',
        purpose: 'invoice',
        referenceId: partInvoice.id,
        amountCents: 5_000,
        currency: 'usd',
        createdAt: new Date('2031-03-31T22:30:00Z'), // 23:30 on the 31st in London: still March
      },
      {
        method: 'cheque',
        purpose: 'invoice',
        referenceId: oldInvoice.id,
        amountCents: 1_234,
        currency: 'usd',
        createdAt: new Date('2031-03-31T23:30:00Z'), // 00:30 on 1 April in London
      },
    ])
    .returning();
  await db.insert(paymentRefunds).values({
    paymentId: ledger[0].id,
    amountCents: 2_500,
    reason: 'Goodwill',
    createdAt: new Date('2031-03-12T09:00:00Z'),
  });

  // Donations: two paid in March, one refunded, one pending (left out).
  const gift = (amountCents: number, status: 'paid' | 'refunded' | 'pending', paidAt: string | null) => ({
    email: 'donor@example.test',
    firstName: 'Dana',
    lastName: 'Donor',
    description: 'Donation',
    amountCents,
    currency: 'usd',
    status,
    provider: 'test' as const,
    paymentIntentId: `pi_gift${Math.random().toString(36).slice(2, 10)}`,
    paidAt: paidAt ? new Date(paidAt) : null,
  });
  await db
    .insert(donations)
    .values([
      gift(5_000, 'paid', '2031-03-02T10:00:00Z'),
      gift(2_500, 'paid', '2031-03-20T10:00:00Z'),
      gift(1_000, 'refunded', '2031-03-21T10:00:00Z'),
      gift(9_900, 'pending', null),
    ]);
  return { riley, maya, patientsMade };
}
