import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptQuoteAnswer, Quote } from '../../../shared/quotes';
import type { Order } from '../../../shared/store-orders';
import { orders } from '../../db/schema';
import { quotes } from '../../db/schema/quotes';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { payWithTestCard } from '../../test/test-card';
import { expireLapsed } from './service';
import { quoteCalls } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { as, ask, answered, accept } = quoteCalls(() => t);

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
    const paid = await payWithTestCard(t, answer.clientSecret);
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
    await payWithTestCard(t, renewed.clientSecret);
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
