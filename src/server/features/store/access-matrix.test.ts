import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/store';
import { STORE_ERRORS } from '../../../shared/store';
import type { CheckoutAnswer, Order } from '../../../shared/store-orders';
import {
  adminsOnly,
  type Caller,
  type Expected,
  everywhere,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  signedIn,
  type Target,
} from '../../test/access-matrix';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { payWithTestCard } from '../../test/test-card';

/**
 * Who reaches the store: the catalogue, a cart, checkout and one's own orders are open to anyone signed in,
 * whatever their role (visitors 401); managing products and moving orders on are the admin's alone (403 for
 * every other role). Nobody reaches another person's cart line or order: it answers 404, exactly as one that
 * does not exist; only an admin reads any order. A product hidden from the catalogue is, to anyone but an
 * admin, a product that does not exist.
 *
 * "own" is the caller's cart line, order or payment (a product: one on sale); "other" another member's cart
 * line, order or payment (a product: a hidden one). For the admin's routes both are someone's order (or a
 * product), which the admin reaches alike. Each case that would change its subject gets a fresh one.
 */

let t: TestApp;
let someoneElse: TestPerson;
const ROLES = ['patient', 'practitioner', 'staff', 'admin', 'member'] as const;
type Role = (typeof ROLES)[number];

const products: Record<'own' | 'other', Product> = {} as never;
/** A paid order (and its payment intent) of each demo role, and of someone else. */
const ordersOf = new Map<Role | 'someone', { id: string; paymentIntentId: string }>();
let otherCartLine = '';

const address = {
  name: 'Matrix Row',
  line1: '1 Harbour Road',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'us',
};

type Who = Role | TestPerson;
const as = (who: Who | 'visitor', request: { method: string; url: string; payload?: unknown }) =>
  typeof who === 'string'
    ? t.injectAs(who, request as never)
    : t.app.inject({ ...(request as object), headers: bearer(who.token) } as never);

async function ok<T>(who: Who, request: { method: string; url: string; payload?: unknown }, status = 200) {
  const response = await as(who, request);
  if (response.statusCode !== status) throw new Error(`${request.method} ${request.url}: ${response.body}`);
  return response.json<T>();
}

let skus = 0;
async function makeProduct(active: boolean) {
  const sku = () => `AM-${Date.now().toString(36)}-${skus++}`.toUpperCase();
  const { product } = await ok<{ product: Product }>(
    'admin',
    {
      method: 'POST',
      url: '/api/products',
      payload: {
        name: active ? 'Matrix tee' : 'Hidden matrix tee',
        category: 'apparel',
        active,
        variants: [
          { sku: sku(), size: 'M', priceCents: 2500, stock: 1000 },
          { sku: sku(), size: 'L', priceCents: 2500, stock: 1000 },
        ],
      },
    },
    201,
  );
  return product;
}

/** The person's cart line of the product's first variant (added when missing). */
async function cartLine(who: Who) {
  const variantId = products.own.variants[0].id;
  const cart = await ok<{ items: Array<{ id: string; variantId: string }> }>(who, {
    method: 'POST',
    url: '/api/cart/items',
    payload: { variantId, quantity: 1 },
  });
  return cart.items.find((item) => item.variantId === variantId)!.id;
}

async function paidOrder(who: Who) {
  await cartLine(who);
  const started = await ok<CheckoutAnswer>(who, {
    method: 'POST',
    url: '/api/orders/checkout',
    payload: { shippingAddress: address },
  });
  const card = await payWithTestCard(t, started.clientSecret);
  if (card.statusCode !== 200) throw new Error(card.body);
  const { order } = await ok<{ order: Order }>(who, {
    method: 'POST',
    url: '/api/orders/confirm',
    payload: { paymentIntentId: started.paymentIntentId },
  });
  if (order.status !== 'paid') throw new Error(`order ${order.id} is ${order.status}`);
  return { id: order.id, paymentIntentId: started.paymentIntentId };
}

beforeAll(async () => {
  t = await createTestApp();
  someoneElse = await createPerson(t, 'member');
  products.own = await makeProduct(true);
  products.other = await makeProduct(false);
  for (const role of ROLES) ordersOf.set(role, await paidOrder(role));
  ordersOf.set('someone', await paidOrder(someoneElse));
  otherCartLine = await cartLine(someoneElse);
});
afterAll(() => t.close());

/** The caller's own order, or someone else's (for a visitor, whose calls never get that far, the member's). */
const orderOf = (target: Target, caller: Caller) => {
  if (target === 'missing') return { id: MISSING_ID, paymentIntentId: `pi_${MISSING_ID}` };
  return ordersOf.get(target === 'other' ? 'someone' : caller === 'visitor' ? 'member' : caller)!;
};
const productOf = (target: Target) => (target === 'missing' ? null : products[target]);

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  route: string;
  /** The path (and body) of a case; may make the subject fresh. */
  request: (
    target: Target | null,
    caller: Caller,
  ) => Promise<{ url: string; payload?: unknown; subject?: string }>;
  /** What a subject out of reach answers, word for word the same as one that does not exist. */
  notFound?: string;
  /** Someone else's record, which a list the caller reads must never hold. */
  hides?: () => string;
  expect: Expected;
};

const refused = (status: number) => ({ own: status, other: status, missing: status });
const adminsOnlyRecord = (status: number): Expected => ({
  visitor: refused(401),
  patient: refused(403),
  practitioner: refused(403),
  staff: refused(403),
  admin: everywhere(status),
  member: refused(403),
});
/** Anyone signed in, on their own only; another's is 404 like a missing one. */
const ownRecord = (status: number): Expected => ({
  visitor: refused(401),
  patient: ownOnly(status),
  practitioner: ownOnly(status),
  staff: ownOnly(status),
  admin: ownOnly(status),
  member: ownOnly(status),
});

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/products',
    request: async () => ({ url: '/api/products' }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/products',
    request: async () => ({
      url: '/api/products',
      payload: {
        name: 'Water bottle',
        category: 'drinkware',
        variants: [{ sku: `AM-NEW-${Date.now().toString(36)}-${skus++}`, priceCents: 1500, stock: 5 }],
      },
    }),
    expect: adminsOnly(201),
  },
  {
    method: 'GET',
    route: '/api/products/:id',
    request: async (target) => {
      const id = productOf(target!)?.id ?? MISSING_ID;
      return { url: `/api/products/${id}`, subject: id };
    },
    notFound: STORE_ERRORS.productNotFound,
    // A hidden product is the admin's to see; to anyone else it does not exist.
    expect: { ...ownRecord(200), admin: everywhere(200) },
  },
  {
    method: 'PATCH',
    route: '/api/products/:id',
    request: async (target) => {
      const id = productOf(target!)?.id ?? MISSING_ID;
      return { url: `/api/products/${id}`, payload: { description: 'Organic cotton' }, subject: id };
    },
    notFound: STORE_ERRORS.productNotFound,
    expect: adminsOnlyRecord(200),
  },
  {
    method: 'PATCH',
    route: '/api/products/:id/variants/:variantId',
    request: async (target) => {
      const product = productOf(target!);
      return {
        url: `/api/products/${product?.id ?? products.own.id}/variants/${product?.variants[1].id ?? MISSING_ID}`,
        payload: { stock: 900 },
        subject: product?.id,
      };
    },
    notFound: STORE_ERRORS.variantNotFound,
    expect: adminsOnlyRecord(200),
  },

  {
    method: 'GET',
    route: '/api/cart',
    request: async () => ({ url: '/api/cart' }),
    hides: () => otherCartLine,
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/cart/items',
    // The target is the variant the body names: one on sale, or one of a hidden product (not on sale to
    // anyone, the admin included).
    request: async (target) => ({
      url: '/api/cart/items',
      payload: { variantId: productOf(target!)?.variants[1].id ?? MISSING_ID, quantity: 1 },
    }),
    notFound: STORE_ERRORS.variantNotFound,
    expect: ownRecord(200),
  },
  ...(['PATCH', 'DELETE'] as const).map(
    (method): Row => ({
      method,
      route: '/api/cart/items/:id',
      request: async (target, caller) => {
        const id =
          target === 'own' && caller !== 'visitor'
            ? await cartLine(caller)
            : target === 'missing'
              ? MISSING_ID
              : otherCartLine;
        return { url: `/api/cart/items/${id}`, payload: method === 'PATCH' ? { quantity: 2 } : undefined };
      },
      notFound: STORE_ERRORS.cartItemNotFound,
      expect: ownRecord(200),
    }),
  ),

  {
    method: 'POST',
    route: '/api/orders/checkout',
    request: async (_target, caller) => {
      if (caller !== 'visitor') await cartLine(caller);
      return { url: '/api/orders/checkout', payload: { shippingAddress: address } };
    },
    expect: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/orders/confirm',
    // The target is the payment the body names: the caller's own order's, or another member's.
    request: async (target, caller) => {
      const order = orderOf(target!, caller);
      return {
        url: '/api/orders/confirm',
        payload: { paymentIntentId: order.paymentIntentId },
        subject: order.id,
      };
    },
    notFound: STORE_ERRORS.orderNotFound,
    expect: ownRecord(200),
  },
  {
    method: 'GET',
    route: '/api/orders',
    request: async () => ({ url: '/api/orders' }),
    hides: () => ordersOf.get('someone')!.id,
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/orders/:id',
    request: async (target, caller) => {
      const { id } = orderOf(target!, caller);
      return { url: `/api/orders/${id}`, subject: id };
    },
    notFound: STORE_ERRORS.orderNotFound,
    expect: { ...ownRecord(200), admin: everywhere(200) },
  },

  {
    method: 'GET',
    route: '/api/admin/orders',
    request: async () => ({ url: '/api/admin/orders' }),
    expect: adminsOnly(200),
  },
  // The admin moves a fresh paid order of the member's ("own") or of someone else's on; a refund gives the
  // money back through the provider.
  ...(['in_production', 'refunded'] as const).map(
    (status): Row => ({
      method: 'POST',
      route: '/api/admin/orders/:id/status',
      request: async (target, caller) => {
        const id =
          target === 'missing'
            ? MISSING_ID
            : caller !== 'admin'
              ? orderOf(target!, 'member').id
              : (await paidOrder(target === 'own' ? 'member' : someoneElse)).id;
        return { url: `/api/admin/orders/${id}/status`, payload: { status }, subject: id };
      },
      notFound: STORE_ERRORS.orderNotFound,
      expect: adminsOnlyRecord(200),
    }),
  ),
];

const cases = matrixCases(MATRIX);

describe('store routes access matrix', () => {
  it('covers every product, cart and order route the app serves, and nothing else', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/products'),
      ...servedRoutes(t.routes, '/api/cart'),
      ...servedRoutes(t.routes, '/api/orders'),
      ...servedRoutes(t.routes, '/api/admin/orders'),
    ].sort();
    expect(served).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { url, payload, subject } = await c.row.request(c.target, caller);
    const response = await t.injectAs(caller, {
      method: c.row.method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404 && c.row.notFound) expect(response.json().message).toBe(c.row.notFound);
    if (status === 200 && c.row.hides) expect(response.body).not.toContain(c.row.hides());
    // What is reached is the very record named, the caller's or (for an admin) anyone's.
    const reached = status < 300 ? (response.json().order ?? response.json().product) : undefined;
    if (reached && subject) expect(reached.id).toBe(subject);
  });
});
