import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PrintfulStatus } from '../../../shared/printful';
import type { Role } from '../../../shared/roles';
import type { Product } from '../../../shared/store';
import type { CheckoutAnswer, Order } from '../../../shared/store-orders';
import { orders, printfulOrders } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { payWithTestCard } from '../../test/test-card';
import { FakePrintful } from './fake-printful';

export const GOOD_TOKEN = `pf-live-${randomBytes(16).toString('hex')}`;

const address = {
  name: 'Sam Member',
  line1: '1 Harbour Road',
  line2: 'Unit 4',
  city: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'us',
  phone: '+1 503 555 0100',
};

type Request = { method: string; url: string; payload?: unknown };

/**
 * The real app reaching a local server that answers like Printful's API v1 (fake-printful.ts) through
 * PRINTFUL_API_URL, with a member who buys, and the calls the tests make. Call it at the top of a test file:
 * the app starts in beforeAll and stops in afterAll.
 */
export function printfulClinic() {
  const fake = new FakePrintful();
  const clinic = { fake, t: undefined as unknown as TestApp, buyer: undefined as unknown as TestPerson };

  beforeAll(async () => {
    fake.tokens.add(GOOD_TOKEN);
    fake.products.set(71, {
      id: 71,
      name: 'Recovery Crew Unisex T-Shirt',
      variants: [
        {
          id: 4001,
          name: 'Recovery Crew Unisex T-Shirt / M',
          size: 'M',
          color: 'Navy',
          retail_price: '29.99',
        },
        {
          id: 4002,
          name: 'Recovery Crew Unisex T-Shirt / L',
          size: 'L',
          color: 'Navy',
          retail_price: '31.50',
        },
        {
          id: 4003,
          name: 'Recovery Crew Unisex T-Shirt / XL',
          size: 'XL',
          color: 'Navy',
          retail_price: null,
        },
      ],
    });
    fake.products.set(72, {
      id: 72,
      name: 'Clinic Logo Mug',
      variants: [{ id: 4101, name: 'Clinic Logo Mug / White / 11 oz', retail_price: '16.00' }],
    });
    const printfulApiUrl = await fake.start();
    clinic.t = await createTestApp({
      printfulApiUrl,
      dataEncryptionKey: randomBytes(32),
      appUrl: 'https://clinic.example',
    });
    clinic.buyer = await createPerson(clinic.t, 'member');
  });
  afterAll(async () => {
    await clinic.t?.close();
    await fake.stop();
  });

  const as = (who: Role | 'visitor' | TestPerson, request: Request) =>
    typeof who === 'string'
      ? clinic.t.injectAs(who, request as never)
      : clinic.t.app.inject({ ...(request as object), headers: bearer(who.token) } as never);
  const catalogue = async (role: Role = 'admin') =>
    (await as(role, { method: 'GET', url: '/api/products' })).json<{ products: Product[] }>().products;

  /** The buyer puts these variants in their cart, checks out and pays with the test card. */
  async function buy(lines: Array<{ variantId: string; quantity: number }>) {
    for (const line of lines) {
      const added = await as(clinic.buyer, { method: 'POST', url: '/api/cart/items', payload: line });
      expect(added.statusCode, added.body).toBe(200);
    }
    const started = await as(clinic.buyer, {
      method: 'POST',
      url: '/api/orders/checkout',
      payload: { shippingAddress: address },
    });
    expect(started.statusCode, started.body).toBe(200);
    const answer = started.json<CheckoutAnswer>();
    const card = await payWithTestCard(clinic.t, answer.clientSecret);
    expect(card.statusCode, card.body).toBe(200);
    const confirmed = await as(clinic.buyer, {
      method: 'POST',
      url: '/api/orders/confirm',
      payload: { paymentIntentId: answer.paymentIntentId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json<{ order: Order }>().order;
  }

  return {
    clinic,
    as,
    buy,
    catalogue,
    statusOf: async () =>
      (await as('admin', { method: 'GET', url: '/api/admin/printful' })).json<PrintfulStatus>(),
    connect: (apiKey: string) =>
      as('admin', { method: 'POST', url: '/api/admin/printful/connect', payload: { apiKey } }),
    syncNow: () => as('admin', { method: 'POST', url: '/api/admin/printful/sync', payload: {} }),
    webhook: (token: string | null, event: unknown) =>
      clinic.t.app.inject({
        method: 'POST',
        url: `/api/printful/webhook${token === null ? '' : `?token=${encodeURIComponent(token)}`}`,
        payload: event as object,
      }),
    orderRow: async (id: string) =>
      (await clinic.t.database.db.select().from(orders).where(eq(orders.id, id)))[0],
    fulfilmentOf: async (orderId: string) =>
      (
        await clinic.t.database.db.select().from(printfulOrders).where(eq(printfulOrders.orderId, orderId))
      )[0],
    printfulProduct: async (name: string, role: Role = 'admin') =>
      (await catalogue(role)).find((product) => product.name === name),
  };
}
