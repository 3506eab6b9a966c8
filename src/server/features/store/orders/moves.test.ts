import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_UNPAID_NOTE, ORDER_UNPAID_TTL_MS, STORE_ERRORS } from '../../../../shared/store';
import type { CheckoutAnswer, Order } from '../../../../shared/store-orders';
import { billingSettings, orders, paymentRefunds, payments, testPaymentIntents } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson } from '../../../test/people';
import { storeCalls } from '../testing';
import { sweepUnpaid } from './service';

/** Orders moved on, cancelled, refunded and swept, through the real app and the built-in test payment provider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(billingSettings)
    .values({ id: 'clinic', taxRateBasisPoints: 825, paymentTermsDays: 30 })
    .onConflictDoUpdate({ target: billingSettings.id, set: { taxRateBasisPoints: 825 } });
});
afterAll(() => t.close());

const { as, makeProduct, addToCart, checkout, payCard, confirm, move, buyOne, stockOf } = storeCalls(() => t);

describe('checkout and orders', () => {
  it('moves an order only along allowed steps; shipping needs tracking and carrier; only admins move', async () => {
    const buyer = await createPerson(t, 'member');
    const product = await makeProduct();
    const order = await buyOne(buyer, product.variants[0].id);
    expect((await move(order.id, { status: 'delivered' })).statusCode).toBe(409);
    expect((await move(order.id, { status: 'pending' })).statusCode).toBe(409);
    expect((await move(order.id, { status: 'in_production' }, buyer)).statusCode).toBe(403);
    expect((await move(order.id, { status: 'in_production' }, 'staff')).statusCode).toBe(403);
    expect((await move(order.id, { status: 'in_production' })).statusCode).toBe(200);
    const noTracking = await move(order.id, { status: 'shipped' });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().fields).toMatchObject({
      trackingNumber: STORE_ERRORS.trackingRequired,
      carrier: STORE_ERRORS.carrierRequired,
    });
    const shipped = await move(order.id, { status: 'shipped', trackingNumber: '1Z999', carrier: 'UPS' });
    expect(shipped.json<{ order: Order }>().order).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999',
      carrier: 'UPS',
    });
    expect((await move(order.id, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await move(order.id, { status: 'delivered' })).json().order.status).toBe('delivered');
    expect((await move(order.id, { status: 'bogus' })).statusCode).toBe(400);
    expect(
      (
        await move('00000000-0000-4000-8000-000000000000', {
          status: 'shipped',
          trackingNumber: 'x',
          carrier: 'y',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refunds through the provider and puts the stock back on cancel, and the ledger shows it', async () => {
    const buyer = await createPerson(t, 'member');
    const product = await makeProduct();
    const variant = product.variants[0];
    const order = await buyOne(buyer, variant.id, 2);
    expect(await stockOf(variant.id)).toBe(8);
    const cancelled = await move(order.id, { status: 'cancelled', reason: 'Buyer asked' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ order: Order }>().order.status).toBe('cancelled');
    expect(await stockOf(variant.id)).toBe(10);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.referenceId, order.id));
    expect(payment).toMatchObject({
      purpose: 'order',
      status: 'refunded',
      refundedCents: order.totals.totalCents,
    });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, payment.id));
    expect(refunds.map((r) => r.reason)).toEqual(['Buyer asked']);
    const ledger = await as('admin', { method: 'GET', url: '/api/admin/transactions?kind=order' });
    expect(ledger.statusCode).toBe(200);
    const row = ledger.json().items.find((item: { orderId: string }) => item.orderId === order.id);
    expect(row).toMatchObject({ kind: 'order', paidFor: `Order ${order.number}`, orderNumber: order.number });
    expect(row.payerName).toBe(`${buyer.firstName} ${buyer.lastName}`);
    // Refunding a cancelled order again is not a step.
    expect((await move(order.id, { status: 'refunded' })).statusCode).toBe(409);
  });

  it('refunds a payment that goes through after an admin cancelled the pending order, once', async () => {
    const buyer = await createPerson(t, 'member');
    const product = await makeProduct();
    const [medium] = product.variants;
    await addToCart(buyer, medium.id, 2);
    const started = (await checkout(buyer)).json<CheckoutAnswer>();
    const pending = (await as('admin', { method: 'GET', url: '/api/admin/orders?status=pending' }))
      .json<{ orders: Order[] }>()
      .orders.find((order) => order.id === started.orderId);
    expect(pending?.status).toBe('pending');
    expect((await move(started.orderId, { status: 'cancelled', reason: 'Duplicate order' })).statusCode).toBe(
      200,
    );

    await payCard(started.clientSecret);
    const confirmed = await confirm(buyer, started.paymentIntentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ order: Order }>().order.status).toBe('cancelled');
    expect((await confirm(buyer, started.paymentIntentId)).statusCode).toBe(200);

    const ledger = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, started.paymentIntentId));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ status: 'refunded', refundedCents: started.totalCents });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, ledger[0].id));
    expect(refunds.map((refund) => refund.amountCents)).toEqual([started.totalCents]);
    const [intent] = await t.database.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, started.paymentIntentId));
    expect(intent.refundedCents).toBe(started.totalCents);
    expect(await stockOf(medium.id)).toBe(10);
  });

  it('cancels catalogue checkouts left unpaid for a day, once, and leaves a quote’s order and newer ones', async () => {
    const buyer = await createPerson(t, 'member');
    const product = await makeProduct();
    await addToCart(buyer, product.variants[0].id, 1);
    const stale = (await checkout(buyer)).json<CheckoutAnswer>();
    const fresh = (await checkout(buyer)).json<CheckoutAnswer>();
    const asked = await as(buyer, {
      method: 'POST',
      url: '/api/quotes',
      payload: { kind: 'bulk_merchandise', title: 'Team shirts', details: '40 shirts' },
    });
    const quoteId = asked.json<{ quote: { id: string } }>().quote.id;
    const answered = await as('admin', {
      method: 'POST',
      url: `/api/admin/quotes/${quoteId}/answer`,
      payload: {
        lines: [{ description: 'Printed shirt', quantity: 40, unitPriceCents: 1500 }],
        message: 'Here is our price',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const accepted = await as(buyer, { method: 'POST', url: `/api/quotes/${quoteId}/accept`, payload: {} });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const quoteOrderId = accepted.json<{ orderId: string }>().orderId;
    const dayAndMore = new Date(Date.now() - ORDER_UNPAID_TTL_MS - 60_000);
    await t.database.db
      .update(orders)
      .set({ createdAt: dayAndMore })
      .where(inArray(orders.id, [stale.orderId, quoteOrderId]));

    const seen: string[] = [];
    const off = t.ctx.events.subscribe('order.changed', (event) => {
      if (event.status === 'cancelled') seen.push(event.orderId);
    });
    const [first, second] = await Promise.all([sweepUnpaid(t.ctx), sweepUnpaid(t.ctx)]);
    off();
    expect([...first, ...second]).toEqual([stale.orderId]);
    expect(seen).toEqual([stale.orderId]);

    const statusOf = async (id: string) =>
      (await as(buyer, { method: 'GET', url: `/api/orders/${id}` })).json<{ order: Order }>().order;
    expect(await statusOf(stale.orderId)).toMatchObject({
      status: 'cancelled',
      statusNote: ORDER_UNPAID_NOTE,
    });
    expect((await statusOf(fresh.orderId)).status).toBe('pending');
    expect((await statusOf(quoteOrderId)).status).toBe('pending');
    // Paying the cancelled checkout after all gives the money back.
    await payCard(stale.clientSecret);
    expect((await confirm(buyer, stale.paymentIntentId)).json<{ order: Order }>().order.status).toBe(
      'cancelled',
    );
    const [ledger] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerIntentId, stale.paymentIntentId));
    expect(ledger.status).toBe('refunded');
  });
});
