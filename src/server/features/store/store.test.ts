import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cart,
  type CheckoutAnswer,
  FREE_SHIPPING_THRESHOLD_CENTS,
  ORDER_UNPAID_NOTE,
  ORDER_UNPAID_TTL_MS,
  type Order,
  type Product,
  SHIPPING_FLAT_CENTS,
  STORE_ERRORS,
} from '../../../shared/store';
import {
  billingSettings,
  emailOutbox,
  orders,
  paymentRefunds,
  payments,
  testPaymentIntents,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { sweepUnpaid } from './orders/service';
import { address, sku, storeCalls } from './testing';

/** The store and its orders through the real app and the built-in test payment provider. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(billingSettings)
    .values({ id: 'clinic', taxRateBasisPoints: 825, paymentTermsDays: 30 })
    .onConflictDoUpdate({ target: billingSettings.id, set: { taxRateBasisPoints: 825 } });
});
afterAll(() => t.close());

const { as, productInput, makeProduct, addToCart, checkout, payCard, confirm, move, buyOne, stockOf } =
  storeCalls(() => t);

describe('the catalogue', () => {
  it('lets every signed-in role browse, search and filter, and sends visitors away', async () => {
    const product = await makeProduct({ name: 'Searchable Hoodie Zq' });
    for (const role of ['patient', 'practitioner', 'staff', 'admin', 'member'] as const) {
      const response = await as(role, { method: 'GET', url: '/api/products?search=hoodie%20zq' });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ products: Product[] }>().products.map((p) => p.id)).toEqual([product.id]);
    }
    const drinkware = await as('member', { method: 'GET', url: '/api/products?category=drinkware' });
    expect(drinkware.json<{ products: Product[] }>().products.every((p) => p.category === 'drinkware')).toBe(
      true,
    );
    expect((await as('visitor', { method: 'GET', url: '/api/products' })).statusCode).toBe(401);
    expect((await as('member', { method: 'GET', url: '/api/products?category=hats' })).statusCode).toBe(400);
  });

  it('lets only admins add and change products; a hidden product is 404 to shoppers', async () => {
    for (const role of ['patient', 'member', 'staff', 'practitioner'] as const)
      expect(
        (await as(role, { method: 'POST', url: '/api/products', payload: productInput() })).statusCode,
      ).toBe(403);
    const product = await makeProduct();
    expect(product.fromPriceCents).toBe(2500);
    const patch = await as('member', {
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { active: false },
    });
    expect(patch.statusCode).toBe(403);
    const hidden = await as('admin', {
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      payload: { active: false },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await as('member', { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);
    expect((await as('admin', { method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);
    const stock = await as('admin', {
      method: 'PATCH',
      url: `/api/products/${product.id}/variants/${product.variants[0].id}`,
      payload: { stock: 3, priceCents: 2600 },
    });
    expect(stock.json<{ product: Product }>().product.variants[0]).toMatchObject({
      stock: 3,
      priceCents: 2600,
    });
    const staffStock = await as('staff', {
      method: 'PATCH',
      url: `/api/products/${product.id}/variants/${product.variants[0].id}`,
      payload: { stock: 30 },
    });
    expect(staffStock.statusCode).toBe(403);
  });

  it.each([
    ['name', { name: '' }, STORE_ERRORS.name],
    ['name', { name: 'x'.repeat(121) }, STORE_ERRORS.nameTooLong],
    ['description', { description: 'd'.repeat(2001) }, STORE_ERRORS.description],
    ['category', { category: 'hats' }, STORE_ERRORS.category],
    ['imageUrl', { imageUrl: 'https://evil.example/x.png' }, STORE_ERRORS.image],
    ['variants', { variants: [] }, STORE_ERRORS.variants],
    ['variants.0.priceCents', { variants: [{ sku: 'A-1', priceCents: 0, stock: 1 }] }, STORE_ERRORS.price],
    ['variants.0.priceCents', { variants: [{ sku: 'A-1', priceCents: 12.5, stock: 1 }] }, STORE_ERRORS.price],
    ['variants.0.stock', { variants: [{ sku: 'A-1', priceCents: 100, stock: -1 }] }, STORE_ERRORS.stock],
    ['variants.0.sku', { variants: [{ sku: 'bad sku!', priceCents: 100, stock: 1 }] }, STORE_ERRORS.sku],
    [
      'variants.0.size',
      { variants: [{ sku: 'A-1', size: 's'.repeat(41), priceCents: 100, stock: 1 }] },
      STORE_ERRORS.option,
    ],
  ])('refuses a bad %s with 400 and its message', async (field, overrides, message) => {
    const response = await as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: productInput(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses bad changes to a product or a variant with 400, and unknown ones with 404', async () => {
    const product = await makeProduct();
    const variantUrl = `/api/products/${product.id}/variants/${product.variants[0].id}`;
    const cases: Array<[string, unknown, string, string]> = [
      [`/api/products/${product.id}`, { name: '' }, 'name', STORE_ERRORS.name],
      [`/api/products/${product.id}`, { category: 'hats' }, 'category', STORE_ERRORS.category],
      [`/api/products/${product.id}`, { imageUrl: 'javascript:alert(1)' }, 'imageUrl', STORE_ERRORS.image],
      [variantUrl, { stock: -1 }, 'stock', STORE_ERRORS.stock],
      [variantUrl, { stock: 1.5 }, 'stock', STORE_ERRORS.stock],
      [variantUrl, { priceCents: 0 }, 'priceCents', STORE_ERRORS.price],
      [variantUrl, { priceCents: '10' }, 'priceCents', STORE_ERRORS.price],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await as('admin', { method: 'PATCH', url, payload });
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
    expect(
      (await as('admin', { method: 'PATCH', url: `/api/products/${product.id}`, payload: { colour: 'x' } }))
        .statusCode,
    ).toBe(400);
    const nothing = await as('admin', { method: 'PATCH', url: variantUrl, payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain(STORE_ERRORS.variantNothingToChange);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await as('admin', { method: 'PATCH', url: `/api/products/${unknown}`, payload: { name: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await as('admin', {
          method: 'PATCH',
          url: `/api/products/${product.id}/variants/${unknown}`,
          payload: { stock: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await as('member', { method: 'GET', url: '/api/products/not-an-id' })).statusCode).toBe(400);
    expect((await as('member', { method: 'GET', url: `/api/orders/${unknown}` })).statusCode).toBe(404);
  });

  it('refuses a SKU already used with 409', async () => {
    const product = await makeProduct();
    const again = await as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: productInput({ variants: [{ sku: product.variants[0].sku, priceCents: 100, stock: 1 }] }),
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the cart', () => {
  it('is kept per user on the server, priced from the catalogue, with tax and shipping computed there', async () => {
    const buyer = await createPerson(t, 'member');
    const other = await createPerson(t, 'patient');
    const product = await makeProduct();
    const [medium, large] = product.variants;
    const added = await addToCart(buyer, medium.id, 2);
    expect(added.statusCode).toBe(200);
    // A price sent by the browser is not part of the contract: refused, not believed.
    const sneaky = await as(buyer, {
      method: 'POST',
      url: '/api/cart/items',
      payload: { variantId: large.id, quantity: 1, priceCents: 1 },
    });
    expect(sneaky.statusCode).toBe(400);
    let cart = (await addToCart(buyer, large.id, 1)).json<Cart>();
    expect(cart.items.map((item) => [item.variantLabel, item.quantity, item.lineTotalCents])).toEqual([
      ['M / Navy', 2, 5000],
      ['L / Navy', 1, 2700],
    ]);
    expect(cart.totals).toEqual({
      subtotalCents: 7700,
      taxRateBasisPoints: 825,
      taxCents: 635,
      shippingCents: 0,
      totalCents: 8335,
    });
    expect(7700).toBeGreaterThanOrEqual(FREE_SHIPPING_THRESHOLD_CENTS);
    const line = cart.items[0];
    cart = (
      await as(buyer, { method: 'PATCH', url: `/api/cart/items/${line.id}`, payload: { quantity: 1 } })
    ).json<Cart>();
    expect(cart.totals.subtotalCents).toBe(5200);
    expect(cart.totals.shippingCents).toBe(SHIPPING_FLAT_CENTS);
    expect(cart.totals.totalCents).toBe(5200 + 429 + SHIPPING_FLAT_CENTS);
    // Someone else's cart line is not theirs to touch.
    expect(
      (await as(other, { method: 'PATCH', url: `/api/cart/items/${line.id}`, payload: { quantity: 2 } }))
        .statusCode,
    ).toBe(404);
    expect((await as(other, { method: 'DELETE', url: `/api/cart/items/${line.id}` })).statusCode).toBe(404);
    expect((await as(other, { method: 'GET', url: '/api/cart' })).json<Cart>().items).toEqual([]);
    cart = (await as(buyer, { method: 'DELETE', url: `/api/cart/items/${line.id}` })).json<Cart>();
    expect(cart.items.map((item) => item.variantId)).toEqual([large.id]);
    // A price change in the catalogue shows in the cart at once.
    await as('admin', {
      method: 'PATCH',
      url: `/api/products/${product.id}/variants/${large.id}`,
      payload: { priceCents: 3000 },
    });
    cart = (await as(buyer, { method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.items[0].unitPriceCents).toBe(3000);
  });

  it.each([
    [{ quantity: 0 }, 'quantity', STORE_ERRORS.quantity],
    [{ quantity: 21 }, 'quantity', STORE_ERRORS.quantity],
    [{ quantity: 1.5 }, 'quantity', STORE_ERRORS.quantity],
    [{ variantId: 'nope' }, 'variantId', STORE_ERRORS.variantNotFound],
  ])('refuses a bad line %j with 400', async (overrides, field, message) => {
    const product = await makeProduct();
    const response = await as('member', {
      method: 'POST',
      url: '/api/cart/items',
      payload: { variantId: product.variants[0].id, quantity: 1, ...overrides },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses more than the stock with 409 and an unknown variant with 404', async () => {
    const product = await makeProduct({ variants: [{ sku: sku(), priceCents: 900, stock: 2 }] });
    const buyer = await createPerson(t, 'patient');
    expect((await addToCart(buyer, product.variants[0].id, 3)).statusCode).toBe(409);
    expect((await addToCart(buyer, '00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
  });
});

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
