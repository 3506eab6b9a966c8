import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, AdminOverview } from '../../../shared/admin';
import { activityLog, payments } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { paymentsThisMonth } from '../payments/summary';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asAdmin = (request: Parameters<TestApp['injectAs']>[1]) => t.injectAs('admin', request);
const page = async (query: string): Promise<ActivityPage> => {
  const response = await asAdmin({ method: 'GET', url: `/api/admin/activity?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/admin/activity', () => {
  it('lists entries newest first with the actor’s name, paged by cursor without gaps or repeats', async () => {
    const actor = await createPerson(t, 'staff', { firstName: 'Quill', lastName: 'Ledger' });
    for (let i = 0; i < 5; i += 1)
      await recordActivity(t.database.db, {
        actorId: actor.id,
        action: `test.step-${i}`,
        entityType: 'appointment',
        entityId: `a-${i}`,
      });
    const first = await page('actor=Quill%20Ledger&action=test.&limit=3');
    expect(first.items.map((entry) => entry.action)).toEqual(['test.step-4', 'test.step-3', 'test.step-2']);
    expect(first.items[0]).toMatchObject({
      actorId: actor.id,
      actorName: 'Quill Ledger',
      entityType: 'appointment',
    });
    const second = await page(`actor=Quill%20Ledger&action=test.&limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((entry) => entry.action)).toEqual(['test.step-1', 'test.step-0']);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by actor id, entity type and the clinic’s days', async () => {
    const actor = await createPerson(t, 'practitioner');
    await recordActivity(t.database.db, {
      actorId: actor.id,
      action: 'test.kept',
      entityType: 'recovery_note',
    });
    await recordActivity(t.database.db, { actorId: actor.id, action: 'test.other', entityType: 'message' });
    const byType = await page(`actor=${actor.id}&entityType=recovery_note`);
    expect(byType.items.map((entry) => entry.action)).toEqual(['test.kept']);

    // 23:30 UTC on 14 June is 00:30 on the 15th in London (summer time): the clinic's 15 June.
    await t.database.db.insert(activityLog).values({
      actorId: actor.id,
      action: 'test.old',
      entityType: 'message',
      outcome: 'success',
      createdAt: new Date('2025-06-14T23:30:00Z'),
    });
    expect(
      (await page(`actor=${actor.id}&from=2025-06-15&to=2025-06-15`)).items.map((e) => e.action),
    ).toEqual(['test.old']);
    expect((await page(`actor=${actor.id}&from=2025-06-14&to=2025-06-14`)).items).toEqual([]);
    expect((await page(`actor=${actor.id}&to=2025-06-16`)).items.map((e) => e.action)).toEqual(['test.old']);
  });

  it.each([
    ['from=2025-02-30', 'from'],
    ['to=yesterday', 'to'],
    ['from=2025-06-02&to=2025-06-01', 'to'],
    ['entityType=Robert%27);', 'entityType'],
    ['action=%25%25', 'action'],
    [`actor=${'x'.repeat(101)}`, 'actor'],
    ['cursor=-1', 'cursor'],
    ['limit=500', 'limit'],
    ['page=2', '_'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const response = await asAdmin({ method: 'GET', url: `/api/admin/activity?${query}` });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('offers no %s on the log or an entry', async (method) => {
    const [entry] = await t.database.db.select().from(activityLog).limit(1);
    for (const url of ['/api/admin/activity', `/api/admin/activity/${entry.id}`]) {
      const response = await asAdmin({ method, url, payload: {} });
      expect([404, 405]).toContain(response.statusCode);
    }
    const [still] = await t.database.db.select().from(activityLog).where(eq(activityLog.id, entry.id));
    expect(still).toEqual(entry);
  });
});

describe('GET /api/admin/activity/export', () => {
  it('answers the filtered log as CSV with formula-like values made text, and logs the export', async () => {
    const actor = await createPerson(t, 'staff', { firstName: '=HYPERLINK("x")', lastName: 'Smith, "Jr"' });
    await recordActivity(t.database.db, {
      actorId: actor.id,
      action: 'test.exported',
      entityType: 'user',
      entityId: '+1234',
      details: { note: '@SUM(A1)' },
    });
    const response = await asAdmin({
      method: 'GET',
      url: `/api/admin/activity/export?actor=${actor.id}&action=test.`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Time","Actor","Actor id","Action","Entity type","Entity id","Outcome","Address","Details"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Smith, ""Jr"""`);
    expect(lines[1]).toContain(`"'+1234"`);
    expect(lines[1]).toContain('"{""note"":""@SUM(A1)""}"');
    const admin = await demoPerson(t, 'admin');
    const exports = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'activity.exported'));
    expect(exports.at(-1)).toMatchObject({ actorId: admin.id, details: { count: 1 } });
  });

  it('refuses bad filters with a 400', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/admin/activity/export?from=2025-13-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('from');
  });
});

describe('GET /api/admin/overview', () => {
  it('counts people by role, today’s activity, this month’s payments and the system’s health', async () => {
    const response = await asAdmin({ method: 'GET', url: '/api/admin/overview' });
    expect(response.statusCode).toBe(200);
    const overview: AdminOverview = response.json();
    expect(overview.people.map((row) => row.role)).toEqual([
      'patient',
      'practitioner',
      'staff',
      'admin',
      'member',
    ]);
    expect(overview.people.find((row) => row.role === 'admin')?.active).toBeGreaterThanOrEqual(1);
    expect(overview.today.entries).toBeGreaterThan(0);
    expect(overview.today.latest.length).toBeGreaterThan(0);
    expect(overview.paymentsThisMonth).toMatchObject({
      amountCents: expect.any(Number),
      count: expect.any(Number),
    });
    expect(overview.health).toMatchObject({
      database: 'ok',
      bus: { status: 'ok' },
      email: { mode: 'outbox' },
      payments: { provider: 'test' },
      version: t.ctx.config.version,
    });
  });
});

describe('payments this month', () => {
  it('sums the payments of the clinic’s calendar month less their refunds, not wholly refunded ones nor last month’s', async () => {
    // London's March 2026 runs from 00:00 UTC on 1 March (winter time) to 23:00 UTC on 31 March (summer time).
    const now = new Date('2026-03-15T12:00:00Z');
    const before = await paymentsThisMonth(t.database.db, now);
    const row = (
      amountCents: number,
      createdAt: string,
      status: 'succeeded' | 'partially_refunded' | 'refunded' = 'succeeded',
      refundedCents = status === 'refunded' ? amountCents : 0,
    ) => ({
      provider: 'test' as const,
      providerIntentId: `pi_test_${Math.random().toString(36).slice(2)}`,
      purpose: 'donation' as const,
      referenceId: '00000000-0000-4000-8000-0000000000aa',
      amountCents,
      currency: 'usd',
      status,
      refundedCents,
      createdAt: new Date(createdAt),
    });
    await t.database.db
      .insert(payments)
      .values([
        row(1000, '2026-03-01T00:30:00Z'),
        row(2550, '2026-03-31T22:59:00Z'),
        row(700, '2026-03-10T10:00:00Z', 'refunded'),
        row(2000, '2026-03-12T10:00:00Z', 'partially_refunded', 500),
        row(9900, '2026-02-28T23:30:00Z'),
        row(4400, '2026-03-31T23:30:00Z'),
      ]);
    expect(await paymentsThisMonth(t.database.db, now)).toEqual({
      month: '2026-03',
      amountCents: before.amountCents + 3550 + 1500,
      count: before.count + 3,
    });
  });
});
