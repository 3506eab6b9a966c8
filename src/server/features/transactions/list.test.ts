import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSACTION_ERRORS,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionsPage,
} from '../../../shared/transactions';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';
import { ledgerHelpers, seedLedger } from './testing';

let t: TestApp;
let patient: TestPerson;
let admin: TestPerson;
let ids: Record<'jamie' | 'alex' | 'cash' | 'cheque', string>;
let invoiceIds: Record<'first' | 'second', string>;
const { list } = ledgerHelpers(() => ({ t, admin, patient }));

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, patient, ids, invoiceIds } = await seedLedger(t));
});
afterAll(() => t.close());

const idsOf = (page: TransactionsPage) => page.items.map((item) => item.id);
const PAGED_CENTS = Array.from({ length: TRANSACTIONS_PAGE_SIZE + 2 }, (_, index) => 100 + index).reduce(
  (sum, cents) => sum + cents,
  0,
);

describe('the transactions list', () => {
  it('answers payments newest first with payer, what they paid for and their refunds', async () => {
    const page = await list('?from=2026-01-01');
    expect(idsOf(page)).toEqual([ids.cheque, ids.alex, ids.cash, ids.jamie]);
    const [cheque, alex, cash, jamie] = page.items;
    expect(jamie).toMatchObject({
      kind: 'donation',
      method: 'card',
      status: 'succeeded',
      amountCents: 2500,
      refundedCents: 0,
      cardLast4: '4242',
      payerName: 'Jamie Rivers',
      payerEmail: 'jamie@example.test',
      paidFor: 'Clinic fund',
      invoiceId: null,
      invoiceNumber: null,
      refunds: [],
      createdAt: '2026-03-10T12:00:00.000Z',
    });
    expect(jamie.donationId).toEqual(expect.any(String));
    expect(alex).toMatchObject({ status: 'refunded', refundedCents: 10_000, paidFor: 'Winter appeal' });
    expect(alex.refunds).toEqual([
      expect.objectContaining({ amountCents: 10_000, reason: 'Donation refunded', byName: 'Alex Kim' }),
    ]);
    expect(cash).toMatchObject({
      kind: 'invoice',
      method: 'cash',
      status: 'partially_refunded',
      payerName: 'Pat Quinn',
      payerEmail: patient.email,
      paidFor: 'Invoice INV-000101',
      invoiceId: invoiceIds.first,
      invoiceNumber: 'INV-000101',
      donationId: null,
      cardLast4: null,
    });
    expect(cash.refunds).toHaveLength(1);
    expect(cash.refunds[0]).toMatchObject({ amountCents: 3000, reason: 'Overcharged' });
    expect(cheque).toMatchObject({ method: 'cheque', reference: '=HYPERLINK("http://evil.test")' });
    expect(page.totals).toEqual({ count: 4, receivedCents: 25_500, refundedCents: 13_000, netCents: 12_500 });
    expect(page.nextCursor).toBeNull();
  });

  it('pages by 25 with a cursor, the totals always over the whole filter', async () => {
    const first = await list('?search=Page%20Tester');
    expect(first.items).toHaveLength(TRANSACTIONS_PAGE_SIZE);
    expect(first.items[0].amountCents).toBe(100 + TRANSACTIONS_PAGE_SIZE + 1);
    expect(first.nextCursor).toBe(first.items.at(-1)?.id);
    const second = await list(`?search=Page%20Tester&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.amountCents)).toEqual([101, 100]);
    expect(second.nextCursor).toBeNull();
    const count = TRANSACTIONS_PAGE_SIZE + 2;
    for (const page of [first, second])
      expect(page.totals).toEqual({
        count,
        receivedCents: PAGED_CENTS,
        refundedCents: 0,
        netCents: PAGED_CENTS,
      });
    const everything = await list();
    expect(everything.totals.count).toBe(count + 4);
    expect(everything.items).toHaveLength(TRANSACTIONS_PAGE_SIZE);
  });

  it.each([
    ['kind=donation', ['alex', 'jamie']],
    ['kind=invoice', ['cheque', 'cash']],
    ['method=cash', ['cash']],
    ['method=cheque', ['cheque']],
    ['status=refunded', ['alex']],
    ['status=partially_refunded', ['cash']],
    ['status=succeeded&kind=invoice', ['cheque']],
    ['search=rivers', ['jamie']],
    ['search=ALEX%40EXAMPLE', ['alex']],
    ['search=Pat%20Quinn', ['cheque', 'cash']],
    ['search=INV-000101', ['cash']],
    ['search=%25', []],
    ['from=2026-03-11&to=2026-03-11', ['cash']],
    ['from=2026-03-11', ['cheque', 'alex', 'cash']],
    ['to=2026-06-30&kind=invoice', ['cash']],
    ['from=2026-07-01', ['cheque']],
  ] as const)('filters by %s', async (query, expected) => {
    const page = await list(`?${query}${query.includes('from') ? '' : '&from=2026-01-01'}`);
    expect(idsOf(page)).toEqual(expected.map((name) => ids[name]));
    expect(page.totals.count).toBe(expected.length);
  });

  it('sums the filter: received, refunded and net', async () => {
    expect((await list('?kind=invoice')).totals).toEqual({
      count: 2,
      receivedCents: 13_000,
      refundedCents: 3000,
      netCents: 10_000,
    });
    expect((await list('?search=nobody-at-all')).totals).toEqual({
      count: 0,
      receivedCents: 0,
      refundedCents: 0,
      netCents: 0,
    });
  });

  it.each([
    ['kind', 'kind=gift-aid'],
    ['method', 'method=bitcoin'],
    ['status', 'status=pending'],
    ['from', 'from=2026-13-01'],
    ['from', 'from=yesterday'],
    ['to', 'to=2026-02-30'],
    ['from', 'from=2026-03-02&to=2026-03-01'],
    ['search', `search=${'x'.repeat(201)}`],
    ['cursor', 'cursor=not-an-id'],
  ])('refuses a bad %s (%s) with 400 and a field message', async (field, query) => {
    for (const url of ['/api/admin/transactions', '/api/admin/transactions/export.csv']) {
      if (field === 'cursor' && url.endsWith('.csv')) continue;
      const response = await t.injectAs('admin', { method: 'GET', url: `${url}?${query}` });
      expect(response.statusCode, `${url}?${query}`).toBe(400);
      expect(response.json().fields[field]).toEqual(expect.any(String));
    }
  });

  it('names the refusal of a reversed range and of an unknown field', async () => {
    const reversed = await t.injectAs('admin', {
      method: 'GET',
      url: '/api/admin/transactions?from=2026-03-02&to=2026-03-01',
    });
    expect(reversed.json().fields.from).toBe(TRANSACTION_ERRORS.range);
    for (const url of ['/api/admin/transactions', '/api/admin/transactions/export.csv']) {
      const unknown = await t.injectAs('admin', { method: 'GET', url: `${url}?page=2` });
      expect(unknown.statusCode).toBe(400);
    }
  });

  it("answers an empty last page to a cursor that is no payment's", async () => {
    const page = await list(`?cursor=${randomUUID()}`);
    expect(page.items).toEqual([]);
    expect(page.nextCursor).toBeNull();
  });
});

describe('the transactions export', () => {
  it('answers the filter as CSV with formula-like values made text, and logs the export', async () => {
    const response = await t.injectAs('admin', {
      method: 'GET',
      url: '/api/admin/transactions/export.csv?kind=invoice',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"Kind","Method","Status","Amount","Refunded","Net"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines[1]).toContain('"Cheque"');
    expect(lines[2]).toContain('"80.00","30.00","50.00","USD","Pat Quinn"');
    expect(lines[2]).toContain('"INV-000101"');
    expect(lines[2]).toMatch(/"30\.00 on 2026-03-11T10:01:00\.000Z by Alex Kim: Overcharged"/);
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'transactions.exported'), eq(activityLog.actorId, admin.id)));
    expect(entry.details).toEqual({ rows: 2, kind: 'invoice' });
  });
});

describe('who may see the ledger', () => {
  const urls = ['/api/admin/transactions', '/api/admin/transactions/export.csv'];
  it('turns a visitor away with 401 and every signed-in non-admin with 403', async () => {
    for (const url of urls) {
      expect((await t.injectAs('visitor', { method: 'GET', url })).statusCode).toBe(401);
      for (const role of ['patient', 'practitioner', 'staff', 'member'] as const)
        expect((await t.injectAs(role, { method: 'GET', url })).statusCode, `${role} ${url}`).toBe(403);
    }
  });

  it('serves exactly these two routes under /api/admin/transactions', () => {
    const served = t.routes
      .filter((route) => route.url.startsWith('/api/admin/transactions'))
      .map((route) => `${route.method} ${route.url}`);
    expect(served.sort()).toEqual(urls.map((url) => `GET ${url}`));
  });
});
