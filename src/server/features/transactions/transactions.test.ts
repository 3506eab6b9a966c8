import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSACTION_ERRORS,
  TRANSACTIONS_PAGE_SIZE,
  type TransactionsPage,
} from '../../../shared/transactions';
import { activityLog, donations, invoices, paymentRefunds, payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';

/** The ledger on hand-made payments: two donations and two invoice payments, plus a run of gifts to page. */
let t: TestApp;
let patient: TestPerson;
let admin: TestPerson;
const ids = {} as Record<'jamie' | 'alex' | 'cash' | 'cheque', string>;
const invoiceIds = {} as Record<'first' | 'second', string>;

async function donationPayment(options: {
  firstName: string;
  lastName: string;
  email: string;
  cents: number;
  at: string;
  refunded?: boolean;
  description?: string;
}) {
  const intent = `pi_${randomUUID().replace(/-/g, '')}`;
  const at = new Date(options.at);
  const [donation] = await t.database.db
    .insert(donations)
    .values({
      email: options.email,
      firstName: options.firstName,
      lastName: options.lastName,
      description: options.description ?? 'Clinic fund',
      amountCents: options.cents,
      currency: 'usd',
      status: options.refunded ? 'refunded' : 'paid',
      provider: 'test',
      paymentIntentId: intent,
      cardLast4: '4242',
      createdAt: at,
      paidAt: at,
    })
    .returning();
  const [payment] = await t.database.db
    .insert(payments)
    .values({
      provider: 'test',
      providerIntentId: intent,
      method: 'card',
      purpose: 'donation',
      referenceId: donation.id,
      amountCents: options.cents,
      currency: 'usd',
      cardLast4: '4242',
      status: options.refunded ? 'refunded' : 'succeeded',
      refundedCents: options.refunded ? options.cents : 0,
      createdAt: at,
    })
    .returning();
  if (options.refunded)
    await t.database.db.insert(paymentRefunds).values({
      paymentId: payment.id,
      amountCents: options.cents,
      reason: 'Donation refunded',
      createdBy: admin.id,
      createdAt: new Date(at.getTime() + 3_600_000),
    });
  return payment.id;
}

async function invoicePayment(options: {
  number: string;
  method: 'cash' | 'cheque';
  cents: number;
  at: string;
  reference?: string;
  refundCents?: number;
}) {
  const refunded = options.refundCents ?? 0;
  const [invoice] = await t.database.db
    .insert(invoices)
    .values({
      number: options.number,
      patientId: patient.id,
      status: refunded ? 'partially_paid' : 'paid',
      dueDate: '2026-12-31',
      subtotalCents: options.cents,
      totalCents: options.cents,
      paidCents: options.cents - refunded,
    })
    .returning();
  const [payment] = await t.database.db
    .insert(payments)
    .values({
      method: options.method,
      purpose: 'invoice',
      referenceId: invoice.id,
      amountCents: options.cents,
      currency: 'usd',
      reference: options.reference ?? null,
      status: refunded ? 'partially_refunded' : 'succeeded',
      refundedCents: refunded,
      recordedBy: admin.id,
      createdAt: new Date(options.at),
    })
    .returning();
  if (refunded)
    await t.database.db.insert(paymentRefunds).values({
      paymentId: payment.id,
      amountCents: refunded,
      reason: 'Overcharged',
      createdBy: admin.id,
      createdAt: new Date(new Date(options.at).getTime() + 60_000),
    });
  return { paymentId: payment.id, invoiceId: invoice.id };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await demoPerson(t, 'admin');
  patient = await createPerson(t, 'patient', { firstName: 'Pat', lastName: 'Quinn' });
  ids.jamie = await donationPayment({
    firstName: 'Jamie',
    lastName: 'Rivers',
    email: 'jamie@example.test',
    cents: 2500,
    at: '2026-03-10T12:00:00Z',
  });
  ids.alex = await donationPayment({
    firstName: 'Alex',
    lastName: 'Stone',
    email: 'alex@example.test',
    cents: 10_000,
    at: '2026-03-12T09:00:00Z',
    refunded: true,
    description: 'Winter appeal',
  });
  const cash = await invoicePayment({
    number: 'INV-000101',
    method: 'cash',
    cents: 8000,
    at: '2026-03-11T10:00:00Z',
    refundCents: 3000,
  });
  ids.cash = cash.paymentId;
  invoiceIds.first = cash.invoiceId;
  // 00:30 on 1 July in the clinic's summer time, still 30 June in UTC.
  const cheque = await invoicePayment({
    number: 'INV-000102',
    method: 'cheque',
    cents: 5000,
    at: '2026-06-30T23:30:00Z',
    reference: '=HYPERLINK("http://evil.test")',
  });
  ids.cheque = cheque.paymentId;
  invoiceIds.second = cheque.invoiceId;
  for (let index = 0; index < TRANSACTIONS_PAGE_SIZE + 2; index += 1)
    await donationPayment({
      firstName: 'Page',
      lastName: `Tester${index}`,
      email: `page-${index}@example.test`,
      cents: 100 + index,
      at: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
    });
});
afterAll(() => t.close());

const list = async (query = '') => {
  const response = await t.injectAs('admin', { method: 'GET', url: `/api/admin/transactions${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionsPage>();
};
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

// Last in the file: these payments are made now, through the clinic's own routes, after the dated ones above.
describe('refunds made through the clinic', () => {
  it('show in the ledger with their reason and who made them, an invoice payment in part', async () => {
    const created = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        patientId: patient.id,
        lineItems: [{ description: 'Recovery session', quantity: 1, unitPriceCents: 9000 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoiceId = created.json().invoice.id;
    const send = await t.injectAs('admin', { method: 'POST', url: `/api/invoices/${invoiceId}/send` });
    expect(send.statusCode, send.body).toBe(200);
    const paid = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/invoices/${invoiceId}/payments`,
      payload: { method: 'card', amountCents: 9000, reference: 'Terminal 2' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { number, payments: invoicePayments } = paid.json().invoice;
    const refund = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/invoices/${invoiceId}/payments/${invoicePayments[0].id}/refund`,
      payload: { amountCents: 2000, reason: 'Session cut short' },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const page = await list(`?search=${number}`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: invoicePayments[0].id,
      kind: 'invoice',
      method: 'card',
      status: 'partially_refunded',
      amountCents: 9000,
      refundedCents: 2000,
      reference: 'Terminal 2',
      payerName: 'Pat Quinn',
      invoiceId,
      invoiceNumber: number,
      refunds: [
        expect.objectContaining({ amountCents: 2000, reason: 'Session cut short', byName: 'Alex Kim' }),
      ],
    });
    expect(page.totals).toEqual({ count: 1, receivedCents: 9000, refundedCents: 2000, netCents: 7000 });
  });

  it('show a donation paid online and refunded whole by an admin', async () => {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/donations/create-payment-intent',
      payload: { amount: 40, email: 'online-gift@example.test', firstName: 'Robin', lastName: 'Online' },
    });
    const { clientSecret, paymentIntentId } = intent.json();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/donations/confirm',
      payload: { paymentIntentId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const before = await list('?search=online-gift');
    expect(before.items[0]).toMatchObject({ status: 'succeeded', amountCents: 4000, cardLast4: '4242' });
    const donationId = before.items[0].donationId;
    const refund = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/donations/${donationId}/refund`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = await list('?search=online-gift');
    expect(after.items[0]).toMatchObject({
      status: 'refunded',
      refundedCents: 4000,
      payerName: 'Robin Online',
    });
    expect(after.items[0].refunds).toEqual([
      expect.objectContaining({ amountCents: 4000, reason: 'Donation refunded', byName: 'Alex Kim' }),
    ]);
    expect(after.totals).toEqual({ count: 1, receivedCents: 4000, refundedCents: 4000, netCents: 0 });
  });
});
