import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_ERRORS } from '../../../../shared/store';
import type { Cart, CheckoutAnswer, Order } from '../../../../shared/store-orders';
import { billingSettings, emailOutbox, payments } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson } from '../../../test/people';
import { address, sku, storeCalls } from '../testing';

/** Checking out and paying through the real app and the built-in test payment provider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(billingSettings)
    .values({ id: 'clinic', taxRateBasisPoints: 825, paymentTermsDays: 30 })
    .onConflictDoUpdate({ target: billingSettings.id, set: { taxRateBasisPoints: 825 } });
});
afterAll(() => t.close());

const { as, makeProduct, addToCart, checkout, payCard, confirm, buyOne, stockOf } = storeCalls(() => t);

describe('checkout and orders', () => {
  it.each([
    ['shippingAddress.name', { name: ' ' }, STORE_ERRORS.addressName],
    ['shippingAddress.line1', { line1: '' }, STORE_ERRORS.addressLine1],
    ['shippingAddress.city', { city: '' }, STORE_ERRORS.addressCity],
    ['shippingAddress.region', { region: '' }, STORE_ERRORS.addressRegion],
    ['shippingAddress.postalCode', { postalCode: '!' }, STORE_ERRORS.addressPostalCode],
    ['shippingAddress.country', { country: 'USA' }, STORE_ERRORS.addressCountry],
    ['shippingAddress.phone', { phone: 'call me' }, STORE_ERRORS.addressPhone],
    ['shippingAddress.line2', { line2: 'x'.repeat(201) }, STORE_ERRORS.addressTooLong],
  ])('refuses a bad %s with 400', async (field, overrides, message) => {
    const response = await checkout('member', { shippingAddress: { ...address, ...overrides } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses an empty cart, and totals sent by the browser', async () => {
    const buyer = await createPerson(t, 'member');
    expect((await checkout(buyer)).statusCode).toBe(400);
    expect((await checkout(buyer, { shippingAddress: address, totalCents: 1 })).statusCode).toBe(400);
  });

  it('charges the server-computed total, takes stock once, empties the cart, emails the buyer, and confirms idempotently', async () => {
    const buyer = await createPerson(t, 'member');
    const product = await makeProduct();
    const [medium, large] = product.variants;
    await addToCart(buyer, medium.id, 1);
    await addToCart(buyer, large.id, 2);
    const started = (await checkout(buyer)).json<CheckoutAnswer>();
    expect(started.totalCents).toBe(2500 + 5400 + Math.round((7900 * 825) / 10000));
    expect((await confirm(buyer, started.paymentIntentId)).statusCode).toBe(409); // not paid yet
    await payCard(started.clientSecret);
    const first = (await confirm(buyer, started.paymentIntentId)).json<{ order: Order }>().order;
    const again = await confirm(buyer, started.paymentIntentId);
    expect(again.statusCode).toBe(200);
    expect(first).toMatchObject({ status: 'paid', cardLast4: '4242' });
    expect(first.number).toMatch(/^ORD-\d{6}$/);
    expect(first.items.map((item) => [item.variantLabel, item.quantity])).toEqual(
      expect.arrayContaining([
        ['M / Navy', 1],
        ['L / Navy', 2],
      ]),
    );
    expect(await stockOf(medium.id)).toBe(9);
    expect(await stockOf(large.id)).toBe(8);
    expect(
      (
        await t.database.db
          .select()
          .from(payments)
          .where(eq(payments.providerIntentId, started.paymentIntentId))
      ).length,
    ).toBe(1);
    expect((await as(buyer, { method: 'GET', url: '/api/cart' })).json<Cart>().items).toEqual([]);
    const mail = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, buyer.email));
    expect(mail.filter((m) => m.subject.includes(first.number))).toHaveLength(1);
    // Someone else's confirm of it is 404.
    const stranger = await createPerson(t, 'patient');
    expect((await confirm(stranger, started.paymentIntentId)).statusCode).toBe(404);
  });

  it('shows a buyer only their own orders; another’s is 404; admins see all', async () => {
    const buyer = await createPerson(t, 'patient');
    const other = await createPerson(t, 'member');
    const product = await makeProduct();
    const order = await buyOne(buyer, product.variants[0].id);
    expect((await as(buyer, { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(200);
    expect((await as(other, { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(404);
    expect(
      (await as(other, { method: 'GET', url: '/api/orders' })).json<{ orders: Order[] }>().orders,
    ).toEqual([]);
    expect((await as('admin', { method: 'GET', url: `/api/orders/${order.id}` })).statusCode).toBe(200);
    const all = (await as('admin', { method: 'GET', url: '/api/admin/orders?status=paid' })).json<{
      orders: Order[];
    }>();
    expect(all.orders.some((o) => o.id === order.id)).toBe(true);
    for (const role of ['patient', 'member', 'staff', 'practitioner'] as const)
      expect((await as(role, { method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(403);
  });

  it('gives the last item to exactly one of ten buyers racing for it and refunds the rest', async () => {
    const product = await makeProduct({ variants: [{ sku: sku(), priceCents: 1500, stock: 1 }] });
    const variant = product.variants[0];
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createPerson(t, 'member')));
    const started = [];
    for (const buyer of buyers) {
      await addToCart(buyer, variant.id, 1);
      started.push({ buyer, answer: (await checkout(buyer)).json<CheckoutAnswer>() });
    }
    await Promise.all(started.map(({ answer }) => payCard(answer.clientSecret)));
    const orders = await Promise.all(
      started.map(
        async ({ buyer, answer }) =>
          (await confirm(buyer, answer.paymentIntentId)).json<{ order: Order }>().order,
      ),
    );
    expect(orders.filter((order) => order.status === 'paid')).toHaveLength(1);
    expect(orders.filter((order) => order.status === 'cancelled')).toHaveLength(9);
    expect(await stockOf(variant.id)).toBe(0);
    const records = await Promise.all(
      orders.map(
        async (order) =>
          (await t.database.db.select().from(payments).where(eq(payments.referenceId, order.id)))[0],
      ),
    );
    expect(records.filter((record) => record.status === 'refunded')).toHaveLength(9);
    // Now that it is gone, the next buyer is refused before paying.
    const late = await createPerson(t, 'member');
    expect((await addToCart(late, variant.id, 1)).statusCode).toBe(409);
  });
});
