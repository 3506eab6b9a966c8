import type { z } from 'zod';
import { intentIdFromClientSecret, TEST_CARDS, TestConfirmCardInputSchema } from '../../shared/payments';
import {
  CreateProductInputSchema,
  canFill,
  canMoveOrder,
  FREE_SHIPPING_THRESHOLD_CENTS,
  type Product,
  ProductsQuerySchema,
  STORE_ERRORS,
  shippingFor,
  taxFor,
  UpdateProductInputSchema,
  UpdateVariantInputSchema,
  variantLabel,
} from '../../shared/store';
import {
  AddCartItemInputSchema,
  type Cart,
  CheckoutInputSchema,
  MoveOrderInputSchema,
  type Order,
  UpdateCartItemInputSchema,
} from '../../shared/store-orders';
import { nextId } from './live-fixtures';

export type Call = { method: string; url: string; body: unknown };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const invalid = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= issue.message;
  return json({ message: `Invalid request: ${Object.values(fields).join('; ')}`, fields }, 400);
};

export const TAX_BP = 825;

/** A product as GET /api/products answers it: a tee in two sizes of one colour. */
export function product(overrides: Partial<Product> = {}): Product {
  const variants = overrides.variants ?? [
    { id: nextId(), sku: 'TEE-NAV-M', size: 'M', colour: 'Navy', priceCents: 2400, stock: 5 },
    { id: nextId(), sku: 'TEE-NAV-L', size: 'L', colour: 'Navy', priceCents: 2600, stock: 0 },
  ];
  return {
    id: nextId(),
    name: 'Recovery Crew T-shirt',
    description: 'Soft cotton',
    category: 'apparel',
    imageUrl: 'data:image/svg+xml;utf8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E',
    active: true,
    fromPriceCents: Math.min(...variants.map((variant) => variant.priceCents)),
    inStock: variants.some((variant) => canFill(variant.stock, 1)),
    ...overrides,
    variants,
  };
}

/** A paid order as GET /api/orders answers it. */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: nextId(),
    number: 'ORD-000001',
    status: 'paid',
    currency: 'usd',
    totals: {
      subtotalCents: 2400,
      taxRateBasisPoints: TAX_BP,
      taxCents: 198,
      shippingCents: 795,
      totalCents: 3393,
    },
    shippingAddress: {
      name: 'Sam Member',
      line1: '1 Harbour Road',
      line2: '',
      city: 'Portland',
      region: 'OR',
      postalCode: '97201',
      country: 'US',
      phone: '',
    },
    email: 'member@demo.clinic',
    buyerName: 'Sam Member',
    cardLast4: '4242',
    trackingNumber: null,
    carrier: null,
    statusNote: null,
    items: [
      {
        id: nextId(),
        productId: null,
        productName: 'Recovery Crew T-shirt',
        variantLabel: 'M / Navy',
        unitPriceCents: 2400,
        quantity: 1,
        lineTotalCents: 2400,
      },
    ],
    createdAt: '2026-11-02T10:00:00.000Z',
    paidAt: '2026-11-02T10:01:00.000Z',
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refundedAt: null,
    ...overrides,
  };
}

type State = {
  products: Product[];
  cart: Array<{ id: string; variantId: string; quantity: number }>;
  orders: Order[];
};

/**
 * Answers the store's calls like the server under the test provider: inputs checked by the contract's
 * schemas (400 with fields), prices and totals computed here from the catalogue, 4242… pays, order moves
 * checked against the allowed steps. Records every call.
 */
export function fakeStoreServer(initial: Partial<State> = {}) {
  const state: State = { products: [], cart: [], orders: [], ...initial };
  const calls: Call[] = [];
  const pending = new Map<string, Order>();

  const findVariant = (variantId: string) => {
    for (const item of state.products) {
      const variant = item.variants.find((candidate) => candidate.id === variantId);
      if (variant) return { product: item, variant };
    }
    return null;
  };
  const cart = (): Cart => {
    const items = state.cart.flatMap((line) => {
      const found = findVariant(line.variantId);
      if (!found) return [];
      return [
        {
          id: line.id,
          productId: found.product.id,
          variantId: line.variantId,
          productName: found.product.name,
          variantLabel: variantLabel(found.variant),
          imageUrl: found.product.imageUrl,
          unitPriceCents: found.variant.priceCents,
          quantity: line.quantity,
          lineTotalCents: found.variant.priceCents * line.quantity,
          stock: found.variant.stock,
        },
      ];
    });
    const subtotalCents = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
    const taxCents = taxFor(subtotalCents, TAX_BP);
    const shippingCents = shippingFor(subtotalCents);
    return {
      items,
      currency: 'usd',
      totals: {
        subtotalCents,
        taxRateBasisPoints: TAX_BP,
        taxCents,
        shippingCents,
        totalCents: subtotalCents + taxCents + shippingCents,
      },
      freeShippingThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
    };
  };

  const handle = ({ method, url, body }: Call): Response | undefined => {
    const parsed = new URL(url, 'http://localhost');
    const path = parsed.pathname;
    const ours = ['/api/products', '/api/cart', '/api/orders', '/api/admin/orders', '/api/payments'];
    if (!ours.some((prefix) => path.startsWith(prefix))) return undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && path === '/api/payments/config')
      return json({ provider: 'test', publishableKey: null });
    if (method === 'GET' && path === '/api/products') {
      const query = ProductsQuerySchema.safeParse(Object.fromEntries(parsed.searchParams));
      if (!query.success) return invalid(query.error);
      const { search, category } = query.data;
      return json({
        products: state.products.filter(
          (item) =>
            (!category || item.category === category) &&
            (!search || item.name.toLowerCase().includes(search.toLowerCase())),
        ),
      });
    }
    const variantMatch = /^\/api\/products\/([^/]+)\/variants\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && variantMatch) {
      const input = UpdateVariantInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const found = state.products.find((item) => item.id === variantMatch[1]);
      const variant = found?.variants.find((candidate) => candidate.id === variantMatch[2]);
      if (!found || !variant) return json({ message: STORE_ERRORS.variantNotFound }, 404);
      Object.assign(variant, input.data);
      return json({ product: found });
    }
    if (method === 'POST' && path === '/api/products') {
      const input = CreateProductInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const skus = new Set(state.products.flatMap((item) => item.variants.map((variant) => variant.sku)));
      if (input.data.variants.some((variant) => skus.has(variant.sku)))
        return json({ message: STORE_ERRORS.skuTaken, fields: { variants: STORE_ERRORS.skuTaken } }, 400);
      const { variants, ...fields } = input.data;
      const made = {
        id: nextId(),
        ...fields,
        imageUrl: fields.imageUrl ?? '',
        fromPriceCents: Math.min(...variants.map((variant) => variant.priceCents)),
        inStock: variants.some((variant) => canFill(variant.stock, 1)),
        variants: variants.map((variant) => ({ id: nextId(), ...variant })),
      };
      state.products.push(made);
      return json({ product: made }, 201);
    }
    const productMatch = /^\/api\/products\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && productMatch) {
      const input = UpdateProductInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const found = state.products.find((item) => item.id === productMatch[1]);
      if (!found) return json({ message: STORE_ERRORS.productNotFound }, 404);
      Object.assign(found, input.data);
      return json({ product: found });
    }
    if (method === 'GET' && productMatch) {
      const found = state.products.find((item) => item.id === productMatch[1]);
      return found ? json({ product: found }) : json({ message: STORE_ERRORS.productNotFound }, 404);
    }
    if (method === 'GET' && path === '/api/cart') return json(cart());
    if (method === 'POST' && path === '/api/cart/items') {
      const input = AddCartItemInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const found = findVariant(input.data.variantId);
      if (!found) return json({ message: STORE_ERRORS.variantNotFound }, 404);
      const line = state.cart.find((candidate) => candidate.variantId === input.data.variantId);
      const quantity = (line?.quantity ?? 0) + input.data.quantity;
      if (!canFill(found.variant.stock, quantity)) return json({ message: STORE_ERRORS.outOfStock }, 409);
      if (line) line.quantity = quantity;
      else state.cart.push({ id: nextId(), variantId: input.data.variantId, quantity });
      return json(cart());
    }
    const cartMatch = /^\/api\/cart\/items\/([^/]+)$/.exec(path);
    if (cartMatch) {
      const line = state.cart.find((candidate) => candidate.id === cartMatch[1]);
      if (!line) return json({ message: STORE_ERRORS.cartItemNotFound }, 404);
      if (method === 'DELETE') state.cart = state.cart.filter((candidate) => candidate !== line);
      else {
        const input = UpdateCartItemInputSchema.safeParse(body);
        if (!input.success) return invalid(input.error);
        line.quantity = input.data.quantity;
      }
      return json(cart());
    }
    if (method === 'POST' && path === '/api/orders/checkout') {
      const input = CheckoutInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const current = cart();
      if (current.items.length === 0) return json({ message: STORE_ERRORS.emptyCart }, 400);
      const intentId = `pi_${String(pending.size + 1).padStart(8, '0')}`;
      const made = order({
        status: 'pending',
        number: `ORD-${String(state.orders.length + 1).padStart(6, '0')}`,
        totals: current.totals,
        shippingAddress: { ...input.data.shippingAddress },
        items: current.items.map((item) => ({
          id: nextId(),
          productId: item.productId,
          productName: item.productName,
          variantLabel: item.variantLabel,
          unitPriceCents: item.unitPriceCents,
          quantity: item.quantity,
          lineTotalCents: item.lineTotalCents,
        })),
        paidAt: null,
        cardLast4: null,
      });
      pending.set(intentId, made);
      state.orders.unshift(made);
      return json({
        orderId: made.id,
        clientSecret: `${intentId}_secret_abc123`,
        paymentIntentId: intentId,
        totalCents: made.totals.totalCents,
        currency: 'usd',
      });
    }
    if (method === 'POST' && path === '/api/payments/test/confirm-card') {
      const input = TestConfirmCardInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const intentId = intentIdFromClientSecret(input.data.clientSecret) ?? '';
      const made = pending.get(intentId);
      if (!made) return json({ message: 'No such payment intent' }, 404);
      if (input.data.cardNumber !== TEST_CARDS.success)
        return json({
          status: 'requires_payment_method',
          paymentIntentId: intentId,
          error: 'Your card was declined.',
        });
      made.status = 'paid';
      made.cardLast4 = '4242';
      made.paidAt = '2026-11-02T10:01:00.000Z';
      state.cart = [];
      return json({ status: 'succeeded', paymentIntentId: intentId });
    }
    if (method === 'POST' && path === '/api/orders/confirm') {
      const made = pending.get((body as { paymentIntentId: string }).paymentIntentId);
      if (!made) return json({ message: STORE_ERRORS.orderNotFound }, 404);
      return json({ order: made });
    }
    if (method === 'GET' && path === '/api/orders') return json({ orders: state.orders });
    const orderMatch = /^\/api\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && orderMatch) {
      const found = state.orders.find((item) => item.id === orderMatch[1]);
      return found ? json({ order: found }) : json({ message: STORE_ERRORS.orderNotFound }, 404);
    }
    if (method === 'GET' && path === '/api/admin/orders') {
      const status = parsed.searchParams.get('status');
      return json({ orders: state.orders.filter((item) => !status || item.status === status) });
    }
    const moveMatch = /^\/api\/admin\/orders\/([^/]+)\/status$/.exec(path);
    if (method === 'POST' && moveMatch) {
      const input = MoveOrderInputSchema.safeParse(body);
      if (!input.success) return invalid(input.error);
      const found = state.orders.find((item) => item.id === moveMatch[1]);
      if (!found) return json({ message: STORE_ERRORS.orderNotFound }, 404);
      if (!canMoveOrder(found.status, input.data.status))
        return json({ message: STORE_ERRORS.transition(found.status, input.data.status) }, 409);
      found.status = input.data.status;
      if (input.data.status === 'shipped') {
        found.trackingNumber = input.data.trackingNumber ?? null;
        found.carrier = input.data.carrier ?? null;
      }
      return json({ order: found });
    }
    return json({ message: 'Not found' }, 404);
  };

  /** An order waiting for its card payment, made elsewhere (a quote's), with the intent that pays it. */
  const addPendingOrder = (made: Order) => {
    const intentId = `pi_${String(pending.size + 1).padStart(8, '0')}`;
    pending.set(intentId, made);
    if (!state.orders.includes(made)) state.orders.unshift(made);
    return { paymentIntentId: intentId, clientSecret: `${intentId}_secret_abc123` };
  };

  return { state, calls, handle, addPendingOrder };
}
