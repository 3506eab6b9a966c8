import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_FLAT_CENTS, STORE_ERRORS } from '../../../../shared/store';
import type { Cart } from '../../../../shared/store-orders';
import { billingSettings } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson } from '../../../test/people';
import { sku, storeCalls } from '../testing';

/** The cart through the real app, priced and taxed on the server. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .insert(billingSettings)
    .values({ id: 'clinic', taxRateBasisPoints: 825, paymentTermsDays: 30 })
    .onConflictDoUpdate({ target: billingSettings.id, set: { taxRateBasisPoints: 825 } });
});
afterAll(() => t.close());

const { as, makeProduct, addToCart } = storeCalls(() => t);

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
