import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../shared/payments';
import { type AcceptQuoteAnswer, QUOTE_ERRORS, type Quote } from '../../../shared/quotes';
import type { Role } from '../../../shared/roles';
import type { Order } from '../../../shared/store';
import { orders } from '../../db/schema';
import { quotes } from '../../db/schema/quotes';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { expireLapsed } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (
  who: Role | 'visitor' | TestPerson,
  request: { method: string; url: string; payload?: unknown },
) =>
  typeof who === 'string'
    ? t.injectAs(who, request as never)
    : t.app.inject({ ...(request as object), headers: bearer(who.token) } as never);

const request = (overrides: Record<string, unknown> = {}) => ({
  kind: 'bulk_merchandise',
  title: 'Fifty tees for the fun run',
  details: 'Navy, mixed sizes, our logo on the front.',
  quantity: 50,
  budgetCents: 100_000,
  ...overrides,
});
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const answerBody = (overrides: Record<string, unknown> = {}) => ({
  lines: [
    { description: 'Printed tee', quantity: 50, unitPriceCents: 1200 },
    { description: 'Set-up of the print', quantity: 1, unitPriceCents: 4500 },
  ],
  message: 'Ready in three weeks.',
  expiresAt: inAWeek(),
  ...overrides,
});

async function ask(who: Role | TestPerson = 'member', overrides: Record<string, unknown> = {}) {
  const response = await as(who, { method: 'POST', url: '/api/quotes', payload: request(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ quote: Quote }>().quote;
}
async function answered(who: Role | TestPerson = 'member', overrides: Record<string, unknown> = {}) {
  const quote = await ask(who);
  const response = await as('admin', {
    method: 'POST',
    url: `/api/admin/quotes/${quote.id}/answer`,
    payload: answerBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ quote: Quote }>().quote;
}
const accept = (who: Role | TestPerson, id: string) =>
  as(who, { method: 'POST', url: `/api/quotes/${id}/accept` });

describe('asking for a quote', () => {
  it('saves a member request as requested, listed among their own and the admin list', async () => {
    const quote = await ask('member', {
      title: '  Sponsor the walking group  ',
      kind: 'programme_sponsorship',
    });
    expect(quote).toMatchObject({
      status: 'requested',
      title: 'Sponsor the walking group',
      kind: 'programme_sponsorship',
      quantity: 50,
      budgetCents: 100_000,
      lines: [],
      totalCents: null,
    });
    const mine = await as('member', { method: 'GET', url: '/api/quotes' });
    expect(mine.json().quotes.map((q: Quote) => q.id)).toContain(quote.id);
    const all = await as('admin', { method: 'GET', url: '/api/admin/quotes?status=requested' });
    expect(all.json().quotes.map((q: Quote) => q.id)).toContain(quote.id);
  });

  it('takes quantity and budget as optional', async () => {
    const quote = await ask('member', { quantity: undefined, budgetCents: null });
    expect(quote.quantity).toBeNull();
    expect(quote.budgetCents).toBeNull();
  });

  it.each([
    ['kind', { kind: 'cars' }, QUOTE_ERRORS.kind],
    ['kind', { kind: undefined }, QUOTE_ERRORS.kind],
    ['title', { title: '   ' }, QUOTE_ERRORS.title],
    ['title', { title: 't'.repeat(201) }, QUOTE_ERRORS.titleTooLong],
    ['title', { title: 5 }, QUOTE_ERRORS.title],
    ['details', { details: '' }, QUOTE_ERRORS.details],
    ['details', { details: 'd'.repeat(5001) }, QUOTE_ERRORS.detailsTooLong],
    ['quantity', { quantity: 0 }, QUOTE_ERRORS.quantity],
    ['quantity', { quantity: 2.5 }, QUOTE_ERRORS.quantity],
    ['quantity', { quantity: 100_001 }, QUOTE_ERRORS.quantity],
    ['quantity', { quantity: '3' }, QUOTE_ERRORS.quantity],
    ['budgetCents', { budgetCents: 0 }, QUOTE_ERRORS.budget],
    ['budgetCents', { budgetCents: 10.5 }, QUOTE_ERRORS.budget],
    ['budgetCents', { budgetCents: 100_000_001 }, QUOTE_ERRORS.budgetTooLarge],
  ])('refuses a bad %s with 400 and its message', async (field, overrides, message) => {
    const response = await as('member', { method: 'POST', url: '/api/quotes', payload: request(overrides) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses unknown fields with 400', async () => {
    const response = await as('member', {
      method: 'POST',
      url: '/api/quotes',
      payload: request({ status: 'accepted' }),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('answering a quote', () => {
  it('computes the lines and the total on the server', async () => {
    const quote = await answered('member', {
      lines: [{ description: 'Printed tee', quantity: 50, unitPriceCents: 1200, lineTotalCents: 1 }],
    }).catch(() => null);
    // A line total from the browser is refused outright: the server prices the lines.
    expect(quote).toBeNull();
    const priced = await answered();
    expect(priced.status).toBe('answered');
    expect(priced.lines.map((line) => line.lineTotalCents)).toEqual([60_000, 4500]);
    expect(priced.totalCents).toBe(64_500);
    expect(priced.message).toBe('Ready in three weeks.');
  });

  it.each([
    ['lines', { lines: [] }, QUOTE_ERRORS.lines],
    ['lines', { lines: 'x' }, QUOTE_ERRORS.lines],
    [
      'lines.0.description',
      { lines: [{ description: ' ', quantity: 1, unitPriceCents: 1 }] },
      QUOTE_ERRORS.lineDescription,
    ],
    [
      'lines.0.description',
      { lines: [{ description: 'x'.repeat(301), quantity: 1, unitPriceCents: 1 }] },
      QUOTE_ERRORS.lineDescriptionTooLong,
    ],
    [
      'lines.0.quantity',
      { lines: [{ description: 'a', quantity: 0, unitPriceCents: 1 }] },
      QUOTE_ERRORS.lineQuantity,
    ],
    [
      'lines.0.unitPriceCents',
      { lines: [{ description: 'a', quantity: 1, unitPriceCents: 0 }] },
      QUOTE_ERRORS.unitPrice,
    ],
    [
      'lines.0.unitPriceCents',
      { lines: [{ description: 'a', quantity: 1, unitPriceCents: 10_000_001 }] },
      QUOTE_ERRORS.unitPriceTooLarge,
    ],
    [
      'lines',
      { lines: [{ description: 'a', quantity: 100_000, unitPriceCents: 10_000_000 }] },
      QUOTE_ERRORS.totalTooLarge,
    ],
    ['message', { message: '' }, QUOTE_ERRORS.message],
    ['message', { message: 'm'.repeat(5001) }, QUOTE_ERRORS.messageTooLong],
    ['expiresAt', { expiresAt: 'next week' }, 'Expiry must be a date and time (ISO 8601)'],
    ['expiresAt', { expiresAt: new Date(Date.now() - 60_000).toISOString() }, QUOTE_ERRORS.expiresInPast],
  ])('refuses a bad %s with 400 and its message', async (field, overrides, message) => {
    const quote = await ask();
    const response = await as('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quote.id}/answer`,
      payload: answerBody(overrides),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('answers a quote once: a second answer is 409, an unknown quote 404', async () => {
    const quote = await answered();
    const again = await as('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quote.id}/answer`,
      payload: answerBody(),
    });
    expect(again.statusCode).toBe(409);
    const missing = await as('admin', {
      method: 'POST',
      url: '/api/admin/quotes/00000000-0000-4000-8000-000000000000/answer',
      payload: answerBody(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('tells the member their quote is ready', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    const notes = await as(member, { method: 'GET', url: '/api/notifications' });
    expect(notes.statusCode).toBe(200);
    expect(JSON.stringify(notes.json())).toContain(`Your quote is ready: ${quote.title}`);
  });
});

describe('who reaches quotes', () => {
  it('answers 401 to visitors and 403 to other roles', async () => {
    const quote = await ask();
    const routes: Array<[string, string, unknown, Role[]]> = [
      ['POST', '/api/quotes', request(), ['admin', 'patient', 'practitioner', 'staff']],
      ['GET', '/api/quotes', undefined, ['admin', 'patient', 'practitioner', 'staff']],
      ['GET', `/api/quotes/${quote.id}`, undefined, ['patient', 'practitioner', 'staff']],
      ['POST', `/api/quotes/${quote.id}/accept`, undefined, ['admin', 'patient', 'practitioner', 'staff']],
      ['POST', `/api/quotes/${quote.id}/decline`, undefined, ['admin', 'patient', 'practitioner', 'staff']],
      ['GET', '/api/admin/quotes', undefined, ['member', 'patient', 'practitioner', 'staff']],
      [
        'POST',
        `/api/admin/quotes/${quote.id}/answer`,
        answerBody(),
        ['member', 'patient', 'practitioner', 'staff'],
      ],
    ];
    for (const [method, url, payload, forbidden] of routes) {
      expect((await as('visitor', { method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      for (const role of forbidden)
        expect((await as(role, { method, url, payload })).statusCode, `${role} ${method} ${url}`).toBe(403);
    }
  });

  it("answers 404 for another member's quote, and lists only one's own", async () => {
    const owner = await createPerson(t, 'member');
    const stranger = await createPerson(t, 'member');
    const quote = await answered(owner);
    expect((await as(stranger, { method: 'GET', url: `/api/quotes/${quote.id}` })).statusCode).toBe(404);
    expect((await accept(stranger, quote.id)).statusCode).toBe(404);
    expect((await as(stranger, { method: 'POST', url: `/api/quotes/${quote.id}/decline` })).statusCode).toBe(
      404,
    );
    const theirs = await as(stranger, { method: 'GET', url: '/api/quotes' });
    expect(theirs.json().quotes).toEqual([]);
    expect((await as('admin', { method: 'GET', url: `/api/quotes/${quote.id}` })).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one', async () => {
    expect((await as('member', { method: 'GET', url: '/api/quotes/not-an-id' })).statusCode).toBe(400);
  });
});

describe('accepting and declining', () => {
  it('makes an order priced from the quote lines, paid with a card and confirmed by the store', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    const response = await accept(member, quote.id);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<AcceptQuoteAnswer>();
    expect(answer.quote.status).toBe('accepted');
    expect(answer.quote.orderId).toBe(answer.orderId);
    expect(answer.totalCents).toBe(64_500);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: {
        clientSecret: answer.clientSecret,
        cardNumber: TEST_CARDS.success,
        expiry: '12/40',
        cvc: '123',
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const confirmed = await as(member, {
      method: 'POST',
      url: '/api/orders/confirm',
      payload: { paymentIntentId: answer.paymentIntentId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = confirmed.json<{ order: Order }>().order;
    expect(order.status).toBe('paid');
    expect(order.totals.totalCents).toBe(64_500);
    expect(order.items.map((item) => [item.productName, item.quantity, item.unitPriceCents])).toEqual(
      expect.arrayContaining([
        ['Printed tee', 50, 1200],
        ['Set-up of the print', 1, 4500],
      ]),
    );
    const mine = await as(member, { method: 'GET', url: '/api/orders' });
    expect(mine.json().orders.map((o: Order) => o.id)).toContain(order.id);
  });

  it('gives a fresh payment for an accepted quote left unpaid, to its member only, and none once paid', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    const payAgain = (who: TestPerson | 'admin') =>
      as(who, { method: 'POST', url: `/api/quotes/${quote.id}/payment`, payload: {} });
    expect((await payAgain(member)).statusCode).toBe(409); // not accepted yet
    const first = (await accept(member, quote.id)).json<AcceptQuoteAnswer>();
    const stranger = await createPerson(t, 'member');
    expect((await payAgain(stranger)).statusCode).toBe(404);
    expect((await payAgain('admin')).statusCode).toBe(403);

    const again = await payAgain(member);
    expect(again.statusCode, again.body).toBe(200);
    const renewed = again.json<AcceptQuoteAnswer>();
    expect(renewed.orderId).toBe(first.orderId);
    expect(renewed.totalCents).toBe(first.totalCents);
    expect(renewed.paymentIntentId).not.toBe(first.paymentIntentId);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: {
        clientSecret: renewed.clientSecret,
        cardNumber: TEST_CARDS.success,
        expiry: '12/40',
        cvc: '123',
      },
    });
    const confirmed = await as(member, {
      method: 'POST',
      url: '/api/orders/confirm',
      payload: { paymentIntentId: renewed.paymentIntentId },
    });
    expect(confirmed.json<{ order: Order }>().order).toMatchObject({ id: first.orderId, status: 'paid' });
    expect((await payAgain(member)).statusCode).toBe(409);
  });

  it('takes the amounts from the quote, not from anything the browser sends', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    const tampered = await as(member, {
      method: 'POST',
      url: `/api/quotes/${quote.id}/accept`,
      payload: { totalCents: 1 },
    });
    expect(tampered.statusCode).toBe(400);
    const answer = (await accept(member, quote.id)).json<AcceptQuoteAnswer>();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order.totalCents).toBe(64_500);
  });

  it('makes exactly one order when accepted twice at once', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    const answers = await Promise.all([accept(member, quote.id), accept(member, quote.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const made = await t.database.db.select().from(orders).where(eq(orders.userId, member.id));
    expect(made).toHaveLength(1);
  });

  it('refuses an expired quote with 409, checked at accept time, and shows it expired', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    await t.database.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, quote.id));
    const response = await accept(member, quote.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message ?? response.json().error).toContain('expired');
    const made = await t.database.db.select().from(orders).where(eq(orders.userId, member.id));
    expect(made).toHaveLength(0);
    const mine = await as(member, { method: 'GET', url: `/api/quotes/${quote.id}` });
    expect(mine.json().quote.status).toBe('expired');
  });

  it('expires lapsed quotes by the sweep, telling the member once however many sweeps race', async () => {
    const member = await createPerson(t, 'member');
    const quote = await answered(member);
    const fresh = await answered(member);
    const dashboardOpen = async () =>
      (await as(member, { method: 'GET', url: '/api/dashboard' })).json().quotes.count as number;
    expect(await dashboardOpen()).toBe(2);
    await t.database.db
      .update(quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, quote.id));
    // Left out of the open quotes at once, before any sweep.
    expect(await dashboardOpen()).toBe(1);
    const [first, second] = await Promise.all([expireLapsed(t.ctx), expireLapsed(t.ctx)]);
    expect([...first, ...second]).toEqual([quote.id]);
    const listed = (await as(member, { method: 'GET', url: '/api/quotes' })).json<{ quotes: Quote[] }>()
      .quotes;
    expect(listed.find((each) => each.id === quote.id)?.status).toBe('expired');
    expect(listed.find((each) => each.id === fresh.id)?.status).toBe('answered');
    const notes = JSON.stringify((await as(member, { method: 'GET', url: '/api/notifications' })).json());
    expect(notes.split(`Quote expired: ${quote.title}`).length - 1).toBe(1);
  });

  it('refuses to accept a quote not yet answered, and declines an answered one once', async () => {
    const member = await createPerson(t, 'member');
    const pending = await ask(member);
    expect((await accept(member, pending.id)).statusCode).toBe(409);
    const quote = await answered(member);
    const declined = await as(member, { method: 'POST', url: `/api/quotes/${quote.id}/decline` });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().quote.status).toBe('declined');
    expect((await as(member, { method: 'POST', url: `/api/quotes/${quote.id}/decline` })).statusCode).toBe(
      409,
    );
    expect((await accept(member, quote.id)).statusCode).toBe(409);
    const notes = await as('admin', { method: 'GET', url: '/api/notifications' });
    expect(JSON.stringify(notes.json())).toContain(`Quote declined: ${quote.title}`);
  });
});
