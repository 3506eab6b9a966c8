import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportName, ReportOf } from '../../../shared/reports';
import {
  appointments,
  communityEvents,
  donations,
  eventRegistrations,
  invoices,
  orderItems,
  orders,
  patients,
  paymentRefunds,
  payments,
  users,
  weeklyHours,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { serviceType } from '../appointments/testing';
import { call, type Who } from '../recovery-notes/testing';
import { bucketsOf } from './service';

/**
 * Reports against hand-made data far from today (March 2031, whose last Sunday the clocks go forward in the
 * clinic's zone), so every count and sum is known.
 */
let t: TestApp;
let riley: TestPerson;
let maya: TestPerson;
let patientsMade: TestPerson[];

const report = async <N extends ReportName>(who: Who, name: N, query: string, status = 200) => {
  const response = await call(t, who, { method: 'GET', url: `/api/reports/${name}?${query}` });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<ReportOf<N>>();
};

const MARCH = 'from=2031-03-01&to=2031-03-31';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  riley = await createPerson(t, 'practitioner', { firstName: 'Riley', lastName: 'Report' });
  maya = await createPerson(t, 'practitioner', { firstName: 'Maya', lastName: 'Report' });
  patientsMade = await Promise.all([1, 2, 3].map(() => createPerson(t, 'patient')));
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
    startsAt: string,
    status: string,
    patient = patientsMade[0],
  ) => ({
    practitionerId: practitioner.id,
    patientId: patient.id,
    serviceTypeId: service.id,
    startsAt: new Date(startsAt),
    endsAt: new Date(Date.parse(startsAt) + 3_600_000),
    status: status as 'completed',
    cancellationReason: status === 'cancelled' ? 'Unwell' : null,
  });
  await db.insert(appointments).values([
    session(riley, '2031-03-03T10:00:00Z', 'completed'),
    session(riley, '2031-03-24T10:00:00Z', 'completed'),
    session(riley, '2031-03-25T10:00:00Z', 'no_show'),
    session(riley, '2031-03-26T10:00:00Z', 'cancelled'),
    // 00:30 on the 31st in London (summer time), still the 30th in UTC.
    session(riley, '2031-03-30T23:30:00Z', 'confirmed'),
    session(maya, '2031-03-24T12:00:00Z', 'completed', patientsMade[1]),
    // April: outside the range.
    session(riley, '2031-04-01T10:00:00Z', 'completed'),
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
});
afterAll(() => t.close());

describe('who may open which report', () => {
  it('refuses visitors, patients and members, and keeps membership for admins', async () => {
    expect(
      (await call(t, 'visitor', { method: 'GET', url: `/api/reports/appointments?${MARCH}` })).statusCode,
    ).toBe(401);
    for (const role of ['patient', 'member'] as const) await report(role, 'appointments', MARCH, 403);
    await report('staff', 'membership', MARCH, 403);
    await report('practitioner', 'donations', MARCH, 403);
    await report('practitioner', 'membership', MARCH, 403);
    await report('admin', 'membership', MARCH);
    await report('staff', 'donations', MARCH);
  });

  it('gives a practitioner their own figures, whoever they ask about', async () => {
    const own = await report(riley, 'appointments', `${MARCH}&practitionerId=${maya.id}`);
    expect(own.practitionerId).toBe(riley.id);
    expect(own.total).toBe(5);
    const revenue = await report(maya, 'revenue', MARCH);
    expect(revenue).toMatchObject({ invoicedCents: 4_000, invoiceCount: 1, collectedCents: 0 });
    const utilisation = await report(maya, 'utilisation', MARCH);
    expect(utilisation.practitioners.map((row) => row.practitionerId)).toEqual([maya.id]);
  });

  it('answers 400 to a report it does not know and to a bad range', async () => {
    const bad = async (url: string) => {
      const response = await call(t, 'admin', { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await bad(`/api/reports/salaries?${MARCH}`)).toContain('No such report');
    expect(await bad('/api/reports/appointments?from=2031-03-31&to=2031-03-01')).toContain(
      'From must not be after To',
    );
    expect(await bad('/api/reports/appointments?from=2020-01-01&to=2031-03-01')).toContain(
      'at most 731 days',
    );
    expect(await bad('/api/reports/appointments?from=2031-02-30&to=2031-03-01')).toContain('real date');
    expect(await bad('/api/reports/appointments?to=2031-03-01')).toContain('From');
    expect(await bad(`/api/reports/appointments?${MARCH}&practitionerId=nope`)).toContain('UUID');
    expect(await bad(`/api/reports/appointments?${MARCH}&extra=1`)).toBeTruthy();
  });
});

describe('the figures', () => {
  it('counts appointments by status and by day in the clinic zone, across the clock change', async () => {
    const clinic = await report('staff', 'appointments', MARCH);
    expect(clinic.bucket).toBe('day');
    expect(clinic.total).toBe(6);
    expect(clinic.byStatus).toEqual({
      scheduled: 0,
      confirmed: 1,
      checked_in: 0,
      completed: 3,
      cancelled: 1,
      no_show: 1,
    });
    // 1 no-show of 4 sessions that were due (3 completed + 1 no-show).
    expect(clinic.noShowRate).toBeCloseTo(0.25);
    expect(clinic.series).toHaveLength(31);
    const day = (label: string) => clinic.series.find((entry) => entry.bucket === label);
    expect(day('2031-03-24')?.total).toBe(2);
    expect(day('2031-03-30')?.total).toBe(0);
    expect(day('2031-03-31')?.byStatus.confirmed).toBe(1);

    const narrowed = await report('admin', 'appointments', `${MARCH}&practitionerId=${maya.id}`);
    expect(narrowed).toMatchObject({ total: 1, practitionerId: maya.id });
  });

  it('answers an empty range with zeros and every bucket present', async () => {
    const empty = await report('admin', 'appointments', 'from=2035-01-01&to=2035-01-31');
    expect(empty).toMatchObject({ total: 0, noShowRate: null });
    expect(empty.series).toHaveLength(31);
    expect(empty.series.every((entry) => entry.total === 0)).toBe(true);
    const revenue = await report('admin', 'revenue', 'from=2035-01-01&to=2035-01-31');
    expect(revenue).toMatchObject({ invoicedCents: 0, collectedCents: 0, refundedCents: 0, invoiceCount: 0 });
    const money = await report('admin', 'donations', 'from=2035-01-01&to=2035-01-31');
    expect(money).toMatchObject({ count: 0, amountCents: 0 });
  });

  it('sets invoiced against collected less refunds, by the clinic day money came in', async () => {
    const revenue = await report('admin', 'revenue', MARCH);
    // Sent, paid and overdue invoices issued in March: 10,000 + 20,000 + 4,000; void and draft left out.
    expect(revenue).toMatchObject({ invoicedCents: 34_000, invoiceCount: 3 });
    // 10,000 card + 5,000 cash in March (London time), less the 2,500 refund; the cheque landed on 1 April.
    expect(revenue).toMatchObject({ collectedCents: 12_500, refundedCents: 2_500 });
    const day = (label: string) => revenue.series.find((entry) => entry.bucket === label);
    expect(day('2031-03-10')?.collectedCents).toBe(10_000);
    expect(day('2031-03-12')?.collectedCents).toBe(-2_500);
    expect(day('2031-03-31')?.collectedCents).toBe(5_000);
    expect(day('2031-03-05')?.invoicedCents).toBe(30_000);
  });

  it('ages what is still owed at the end of the range', async () => {
    const ageing = await report('staff', 'receivables', MARCH);
    expect(ageing.asOf).toBe('2031-03-31');
    const bucket = (name: string) => ageing.buckets.find((entry) => entry.bucket === name);
    // Maya's 4,000 is due 30 April: not yet due.
    expect(bucket('current')).toEqual({ bucket: 'current', count: 1, balanceCents: 4_000 });
    // 15,000 left of 20,000 due 20 March: 11 days late.
    expect(bucket('1-30')).toEqual({ bucket: '1-30', count: 1, balanceCents: 15_000 });
    // 9,000 due 15 January: 75 days late.
    expect(bucket('61-90')).toEqual({ bucket: '61-90', count: 1, balanceCents: 9_000 });
    expect(bucket('90+')).toEqual({ bucket: '90+', count: 1, balanceCents: 1_000 });
    expect(ageing).toMatchObject({ totalCents: 29_000, invoiceCount: 4 });
  });

  it('counts new patients by the clinic day their record was made', async () => {
    const fresh = await report('staff', 'new-patients', MARCH);
    const mine = patientsMade.slice(0, 2).map((patient) => patient.id);
    const made = await t.database.db.select().from(patients).where(inArray(patients.userId, mine));
    expect(made).toHaveLength(2);
    expect(fresh.total).toBe(2);
    expect(fresh.series.find((entry) => entry.bucket === '2031-03-29')?.count).toBe(1);
    expect(fresh.series.find((entry) => entry.bucket === '2031-03-31')?.count).toBe(1);
    expect(fresh.series.find((entry) => entry.bucket === '2031-03-30')?.count).toBe(0);
  });

  it("sets each practitioner's booked minutes against their weekly hours", async () => {
    const week = await report('staff', 'utilisation', 'from=2031-03-24&to=2031-03-30');
    const row = (id: string) => week.practitioners.find((entry) => entry.practitionerId === id);
    // One Monday (480 minutes) and one Tuesday (180); booked: the 24th and the no-show of the 25th.
    expect(row(riley.id)).toMatchObject({
      availableMinutes: 660,
      bookedMinutes: 120,
      sessions: 2,
      completed: 1,
      noShows: 1,
    });
    expect(row(riley.id)?.utilisation).toBeCloseTo(120 / 660);
    expect(row(maya.id)).toMatchObject({ availableMinutes: 0, bookedMinutes: 60, utilisation: null });
  });

  it('sums donations paid and refunded, leaving pending ones out', async () => {
    const gifts = await report('admin', 'donations', MARCH);
    expect(gifts).toMatchObject({ count: 2, amountCents: 7_500, refundedCount: 1, refundedCents: 1_000 });
  });

  it('counts members, active ones and those who joined in the range', async () => {
    const before = await report('admin', 'membership', 'from=2035-01-01&to=2035-01-31');
    const joiner = await createPerson(t, 'member');
    await t.database.db
      .update(users)
      .set({ createdAt: new Date('2035-01-15T12:00:00Z') })
      .where(eq(users.id, joiner.id));
    const after = await report('admin', 'membership', 'from=2035-01-01&to=2035-01-31');
    expect(after.members).toBe(before.members + 1);
    expect(after.activeMembers).toBe(before.activeMembers + 1);
    expect(after).toMatchObject({ newMembers: 1 });
    expect(after.series.find((entry) => entry.bucket === '2035-01-15')?.count).toBe(1);
  });
});

describe('store and events figures', () => {
  it('sums orders paid in the range with their items and best sellers, for admins only', async () => {
    const buyer = await createPerson(t, 'member');
    const address = {
      name: 'B',
      line1: '1 Road',
      line2: '',
      city: 'Town',
      region: 'R',
      postalCode: 'AB1',
      country: 'GB',
    };
    const order = (totalCents: number, status: string, paidAt: string | null) => ({
      userId: buyer.id,
      status: status as 'paid',
      currency: 'usd',
      subtotalCents: totalCents,
      taxCents: 0,
      shippingCents: 0,
      totalCents,
      shippingAddress: address as never,
      email: buyer.email,
      provider: 'test' as const,
      paymentIntentId: `pi_order${Math.random().toString(36).slice(2, 10)}`,
      paidAt: paidAt ? new Date(paidAt) : null,
    });
    const [first, second, refunded] = await t.database.db
      .insert(orders)
      .values([
        order(3_000, 'shipped', '2031-03-05T10:00:00Z'),
        order(4_500, 'paid', '2031-03-06T10:00:00Z'),
        order(1_500, 'refunded', '2031-03-07T10:00:00Z'),
        order(9_999, 'pending', null),
        order(2_000, 'paid', '2031-04-02T10:00:00Z'),
      ])
      .returning();
    const line = (orderId: string, productName: string, quantity: number, unitPriceCents: number) => ({
      orderId,
      productName,
      quantity,
      unitPriceCents,
      lineTotalCents: quantity * unitPriceCents,
    });
    await t.database.db
      .insert(orderItems)
      .values([
        line(first.id, 'Clinic mug', 2, 1_500),
        line(second.id, 'Clinic mug', 1, 1_500),
        line(second.id, 'Water bottle', 1, 3_000),
        line(refunded.id, 'Resistance bands', 1, 1_500),
      ]);
    await report('staff', 'store', MARCH, 403);
    const store = await report('admin', 'store', MARCH);
    expect(store).toMatchObject({ orders: 3, itemsSold: 5, salesCents: 9_000, refundedCents: 1_500 });
    expect(store.topProducts[0]).toEqual({ name: 'Clinic mug', quantity: 3, salesCents: 4_500 });
    expect(store.series.find((entry) => entry.bucket === '2031-03-06')).toEqual({
      bucket: '2031-03-06',
      orders: 1,
      salesCents: 4_500,
    });
  });

  it('counts each event of the range with its registrations, waitlist and check-ins, cancelled events left out', async () => {
    const members = await Promise.all([1, 2, 3].map(() => createPerson(t, 'member')));
    const event = (title: string, startsAt: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
      title,
      startsAt: new Date(startsAt),
      endsAt: new Date(Date.parse(startsAt) + 3_600_000),
      place: 'Clinic garden',
      capacity: 2,
      status,
    });
    const [walk] = await t.database.db
      .insert(communityEvents)
      .values([
        event('Spring walk', '2031-03-15T10:00:00Z'),
        event('Called off', '2031-03-16T10:00:00Z', 'cancelled'),
        event('April talk', '2031-04-15T10:00:00Z'),
      ])
      .returning();
    await t.database.db.insert(eventRegistrations).values([
      {
        eventId: walk.id,
        userId: members[0].id,
        status: 'registered',
        checkedInAt: new Date('2031-03-15T10:05:00Z'),
        amountCents: 1_000,
        paidAt: new Date('2031-03-01T10:00:00Z'),
      },
      { eventId: walk.id, userId: members[1].id, status: 'registered' },
      { eventId: walk.id, userId: members[2].id, status: 'waitlisted' },
    ]);
    await report('staff', 'events', MARCH, 403);
    const figures = await report('admin', 'events', MARCH);
    expect(figures).toMatchObject({
      events: 1,
      registered: 2,
      waitlisted: 1,
      checkedIn: 1,
      takingsCents: 1_000,
    });
    expect(figures.rows).toEqual([
      {
        eventId: walk.id,
        title: 'Spring walk',
        startsAt: '2031-03-15T10:00:00.000Z',
        capacity: 2,
        registered: 2,
        waitlisted: 1,
        checkedIn: 1,
      },
    ]);
  });
});

describe('buckets', () => {
  it('walks days, Monday weeks and months', () => {
    expect(bucketsOf('2031-03-29', '2031-04-01', 'day')).toEqual([
      '2031-03-29',
      '2031-03-30',
      '2031-03-31',
      '2031-04-01',
    ]);
    expect(bucketsOf('2031-03-05', '2031-03-20', 'week')).toEqual(['2031-03-03', '2031-03-10', '2031-03-17']);
    expect(bucketsOf('2031-01-31', '2031-04-01', 'month')).toEqual([
      '2031-01-01',
      '2031-02-01',
      '2031-03-01',
      '2031-04-01',
    ]);
  });

  it('buckets a quarter by week and a year and a half by month', async () => {
    const quarter = await report('admin', 'appointments', 'from=2031-01-01&to=2031-03-31');
    expect(quarter.bucket).toBe('week');
    expect(quarter.total).toBe(6);
    const long = await report('admin', 'revenue', 'from=2030-01-01&to=2031-06-30');
    expect(long.bucket).toBe('month');
    expect(long.series.find((entry) => entry.bucket === '2031-04-01')?.collectedCents).toBe(1_234);
  });
});
