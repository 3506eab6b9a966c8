import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { call } from '../recovery-notes/testing';
import { bucketsOf } from './service';
import { MARCH, marchClinic, reportOf } from './testing';

let t: TestApp;
let riley: TestPerson;
let maya: TestPerson;
let patientsMade: TestPerson[];

const report = reportOf(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ riley, maya, patientsMade } = await marchClinic(t));
});
afterAll(() => t.close());

describe('who may open which report', () => {
  it('refuses visitors, patients and members, and keeps membership for admins', async () => {
    expect(
      (await call(t, 'visitor', { method: 'GET', url: `/api/reports/appointments?${MARCH}` })).statusCode,
    ).toBe(401);
    for (const role of ['patient', 'member'] as const) await report.refused(role, 'appointments', MARCH);
    await report.refused('staff', 'membership', MARCH);
    await report.refused('practitioner', 'donations', MARCH);
    await report.refused('practitioner', 'membership', MARCH);
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
