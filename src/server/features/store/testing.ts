import { expect } from 'vitest';
import type { Role } from '../../../shared/roles';
import type { Product } from '../../../shared/store';
import type { CheckoutAnswer, Order } from '../../../shared/store-orders';
import { bearer, type TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';
import { payWithTestCard } from '../../test/test-card';
import { findVariant } from './cart/repository';

let skuCounter = 0;
export const sku = () => `T-${Date.now().toString(36)}-${skuCounter++}`.toUpperCase();

export const address = {
  name: 'Sam Member',
  line1: '1 Harbour Road',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'us',
};

/**
 * The store's calls through the real app, as a role's demo account or a person made for the test. `app` is
 * asked at each call, so a suite can build these before its app exists.
 */
export function storeCalls(app: () => TestApp) {
  const as = (
    who: Role | 'visitor' | TestPerson,
    request: { method: string; url: string; payload?: unknown },
  ) =>
    typeof who === 'string'
      ? app().injectAs(who, request as never)
      : app().app.inject({ ...(request as object), headers: bearer(who.token) } as never);

  const productInput = (overrides: Record<string, unknown> = {}) => ({
    name: 'Clinic tee',
    description: 'Soft cotton',
    category: 'apparel',
    variants: [
      { sku: sku(), size: 'M', colour: 'Navy', priceCents: 2500, stock: 10 },
      { sku: sku(), size: 'L', colour: 'Navy', priceCents: 2700, stock: 10 },
    ],
    ...overrides,
  });
  async function makeProduct(overrides: Record<string, unknown> = {}) {
    const response = await as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: productInput(overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ product: Product }>().product;
  }

  const addToCart = (who: Role | TestPerson, variantId: string, quantity = 1) =>
    as(who, { method: 'POST', url: '/api/cart/items', payload: { variantId, quantity } });
  const checkout = (who: Role | TestPerson, payload: unknown = { shippingAddress: address }) =>
    as(who, { method: 'POST', url: '/api/orders/checkout', payload });
  const payCard = (clientSecret: string) => payWithTestCard(app(), clientSecret);
  const confirm = (who: Role | TestPerson, paymentIntentId: string) =>
    as(who, { method: 'POST', url: '/api/orders/confirm', payload: { paymentIntentId } });
  const move = (orderId: string, payload: unknown, who: Role | TestPerson = 'admin') =>
    as(who, { method: 'POST', url: `/api/admin/orders/${orderId}/status`, payload });

  /** A buyer puts a variant in their cart, checks out and pays; answers the paid order. */
  async function buyOne(buyer: TestPerson, variantId: string, quantity = 1) {
    expect((await addToCart(buyer, variantId, quantity)).statusCode).toBe(200);
    const started = await checkout(buyer);
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json<CheckoutAnswer>();
    expect((await payCard(answer.clientSecret)).statusCode).toBe(200);
    const confirmed = await confirm(buyer, answer.paymentIntentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json<{ order: Order }>().order;
  }
  const stockOf = async (variantId: string) =>
    (await findVariant(app().database.db, variantId))?.variant.stock;

  return { as, productInput, makeProduct, addToCart, checkout, payCard, confirm, move, buyOne, stockOf };
}
