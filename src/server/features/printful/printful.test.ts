import { randomBytes } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PRINTFUL_ERRORS, type PrintfulStatus } from '../../../shared/printful';
import type { Product } from '../../../shared/store';
import type { Order } from '../../../shared/store-orders';
import { activityLog, emailOutbox, printfulConnection, products, productVariants } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import type { TestApp } from '../../test/app';
import type { TestPerson } from '../../test/people';
import { externalIdOf, fulfilOrder, sweep } from './fulfilment';
import { printfulJobHandlers, sync } from './service';
import { GOOD_TOKEN, printfulClinic } from './testing';

/**
 * Print on demand through the real app, against a local server that answers like Printful's API v1
 * (fake-printful.ts); the app reaches it through PRINTFUL_API_URL. The steps build on each other: the store
 * without Printful, connecting, syncing, fulfilment, Printful's word back, disconnecting.
 */

const {
  clinic,
  as,
  buy,
  catalogue,
  statusOf,
  connect,
  syncNow,
  webhook,
  orderRow,
  fulfilmentOf,
  printfulProduct,
} = printfulClinic();
const { fake } = clinic;
let t: TestApp;
let buyer: TestPerson;
beforeAll(() => {
  ({ t, buyer } = clinic);
});

let clinicVariantId: string;

describe('without a Printful key', () => {
  it('says not connected, refuses a sync, and the store sells its own products as before', async () => {
    const status = await statusOf();
    expect(status).toMatchObject({ connected: false, storeName: null, keyLast4: null, lastSyncAt: null });
    const sync = await syncNow();
    expect(sync.statusCode).toBe(400);
    expect(sync.json().message).toBe(PRINTFUL_ERRORS.notConnected);

    const made = await as('admin', {
      method: 'POST',
      url: '/api/products',
      payload: {
        name: 'Clinic Water Bottle',
        category: 'drinkware',
        variants: [{ sku: `BTL-${randomBytes(3).toString('hex')}`, priceCents: 2800, stock: 5 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    clinicVariantId = made.json<{ product: Product }>().product.variants[0].id;
    const order = await buy([{ variantId: clinicVariantId, quantity: 1 }]);
    expect(order.status).toBe('paid');
    const [variant] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, clinicVariantId));
    expect(variant.stock).toBe(4);
    expect(fake.calls).toEqual([]);
    expect(await fulfilmentOf(order.id)).toBeUndefined();
  });
});

describe('who may use it', () => {
  const routes = [
    { method: 'GET', url: '/api/admin/printful' },
    { method: 'POST', url: '/api/admin/printful/connect', payload: { apiKey: GOOD_TOKEN } },
    { method: 'DELETE', url: '/api/admin/printful' },
    { method: 'POST', url: '/api/admin/printful/sync', payload: {} },
    { method: 'GET', url: '/api/admin/printful/orders' },
  ];
  it('answers 401 to a visitor and 403 to every other role', async () => {
    for (const route of routes) {
      expect((await as('visitor', route)).statusCode, `${route.method} ${route.url}`).toBe(401);
      for (const role of ['patient', 'practitioner', 'staff', 'member'] as const)
        expect((await as(role, route)).statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
    }
    expect(fake.calls).toEqual([]);
  });
});

describe('connecting', () => {
  it('refuses a token Printful refuses, with a readable 400, and stays disconnected', async () => {
    const refused = await connect(`pf-revoked-${randomBytes(12).toString('hex')}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PRINTFUL_ERRORS.refused('Malformed OAuth token'));
    expect((await connect('short')).statusCode).toBe(400);
    expect((await connect('has spaces in it but is long enough')).json().fields.apiKey).toBe(
      PRINTFUL_ERRORS.tokenShape,
    );
    expect((await statusOf()).connected).toBe(false);
    expect(await t.database.db.select().from(printfulConnection)).toEqual([]);
  });

  it('takes a token made for one store that may not list stores, once it opens the store’s products', async () => {
    fake.listsStores = false;
    const connected = await connect(GOOD_TOKEN);
    fake.listsStores = true;
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json<PrintfulStatus>()).toMatchObject({ connected: true, storeName: '' });
    expect(fake.callsTo('GET', '/store/products').at(-1)?.path).toBe('/store/products?offset=0&limit=1');
  });

  it('checks a good token with Printful, keeps it encrypted and shows only its last four characters', async () => {
    const connected = await connect(GOOD_TOKEN);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.body).not.toContain(GOOD_TOKEN);
    expect(connected.json<PrintfulStatus>()).toMatchObject({
      connected: true,
      storeName: 'Clinic Merch Store',
      keyLast4: GOOD_TOKEN.slice(-4),
      webhookRegistered: true,
    });
    expect(fake.callsTo('GET', '/stores').at(-1)?.authorization).toBe(`Bearer ${GOOD_TOKEN}`);

    const [row] = await t.database.db.select().from(printfulConnection);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(GOOD_TOKEN);
    expect(Buffer.from(row.apiKeyCiphertext, 'base64').toString('latin1')).not.toContain(GOOD_TOKEN);
    expect(row.apiKeyTag).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The webhook's address carries a secret that is kept only as its hash.
    expect(fake.webhook?.url).toMatch(
      /^https:\/\/clinic\.example\/api\/printful\/webhook\?token=[\w-]{40,}$/,
    );
    expect(fake.webhook?.types).toEqual(
      expect.arrayContaining(['package_shipped', 'order_updated', 'order_failed', 'order_canceled']),
    );
    const secret = new URL(fake.webhook?.url ?? '').searchParams.get('token') ?? '';
    expect(stored).not.toContain(secret);
    const logged = JSON.stringify(await t.database.db.select().from(activityLog));
    expect(logged).not.toContain(GOOD_TOKEN);
    expect(logged).toContain('printful.connected');

    // Connecting again seals the token afresh: a new IV each time, never the same ciphertext.
    expect((await connect(GOOD_TOKEN)).statusCode).toBe(200);
    const [again] = await t.database.db.select().from(printfulConnection);
    expect(again.apiKeyIv).not.toBe(row.apiKeyIv);
    expect(again.apiKeyCiphertext).not.toBe(row.apiKeyCiphertext);
  });
});

describe('syncing', () => {
  it('runs as the job queued at connect: Printful products become made-to-order store products', async () => {
    const worker = new JobWorker(t.database.db, { log: t.app.log, handlers: printfulJobHandlers(t.ctx) });
    // Each of the three connects queued one; the later ones find everything made by the first.
    expect(await worker.drain()).toBe(3);
    const syncs = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'printful.synced'))
      .orderBy(asc(activityLog.createdAt));
    expect(syncs.map((entry) => entry.details)).toEqual([
      { created: 2, updated: 0, hidden: 0, skippedVariants: 1 },
      { created: 0, updated: 2, hidden: 0, skippedVariants: 1 },
      { created: 0, updated: 2, hidden: 0, skippedVariants: 1 },
    ]);
    const status = await statusOf();
    expect(status.lastSyncResult).toEqual({ created: 0, updated: 2, hidden: 0, skippedVariants: 1 });
    expect(status.lastSyncAt).not.toBeNull();
    expect(status.counts).toMatchObject({ products: 2, variants: 3 });
    const tee = await printfulProduct('Recovery Crew Unisex T-Shirt', 'member');
    expect(tee).toMatchObject({ category: 'apparel', inStock: true, active: true, fromPriceCents: 2999 });
    expect(tee?.imageUrl).toBe('https://files.cdn.printful.com/files/71/thumb.png');
    expect(
      tee?.variants.map((variant) => [variant.size, variant.colour, variant.priceCents, variant.stock]),
    ).toEqual([
      ['M', 'Navy', 2999, null],
      ['L', 'Navy', 3150, null],
    ]);
    const mug = await printfulProduct('Clinic Logo Mug');
    expect(mug).toMatchObject({ category: 'drinkware', fromPriceCents: 1600 });
    // No size and colour fields in this answer: read from the variant's name.
    expect(mug?.variants[0]).toMatchObject({ size: '11 oz', colour: 'White', stock: null });
  });

  it('updates on a second sync without adding anything twice, and hides what left Printful', async () => {
    const before = await printfulProduct('Recovery Crew Unisex T-Shirt');
    const tee = fake.products.get(71);
    if (!tee) throw new Error('no tee');
    tee.variants[0].retail_price = '27.00';
    tee.variants[2].retail_price = '33.00';
    const second = await syncNow();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().result).toEqual({ created: 0, updated: 2, hidden: 0, skippedVariants: 0 });
    const after = await printfulProduct('Recovery Crew Unisex T-Shirt');
    expect(after?.id).toBe(before?.id);
    expect(after?.variants.map((variant) => [variant.id, variant.priceCents])).toEqual([
      [before?.variants[0].id, 2700],
      [before?.variants[1].id, 3150],
      [expect.any(String), 3300],
    ]);
    const synced = await t.database.db.select().from(products).where(like(products.slug, 'synced-%'));
    expect(synced).toHaveLength(2);

    fake.products.delete(72);
    const third = await syncNow();
    expect(third.json().result).toMatchObject({ created: 0, updated: 1, hidden: 1 });
    expect((await printfulProduct('Clinic Logo Mug'))?.active).toBe(false);
    expect(await printfulProduct('Clinic Logo Mug', 'member')).toBeUndefined();
    expect(await t.database.db.select().from(products).where(like(products.slug, 'synced-%'))).toHaveLength(
      2,
    );
    expect((await statusOf()).counts.products).toBe(1);
  });

  it('says so, and never fails obscurely, when the token cannot be read with this server’s key', async () => {
    const otherKey = { ...t.ctx, config: { ...t.ctx.config, dataEncryptionKey: randomBytes(32) } };
    await expect(sync(otherKey, null)).rejects.toThrow(PRINTFUL_ERRORS.keyUnreadable);
    expect((await statusOf()).lastSyncError).toBe(PRINTFUL_ERRORS.keyUnreadable);
  });

  it('refuses a second sync while one runs', async () => {
    await t.database.db.update(printfulConnection).set({ syncStartedAt: new Date() });
    const busy = await syncNow();
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(PRINTFUL_ERRORS.syncRunning);
    await t.database.db.update(printfulConnection).set({ syncStartedAt: null });
  });
});

let shippedOrder: Order;

describe('fulfilment', () => {
  it('sends a paid order’s Printful lines once, even when its paid event is handled twice', async () => {
    const tee = await printfulProduct('Recovery Crew Unisex T-Shirt');
    const variantId = tee?.variants[0].id ?? '';
    const order = await buy([
      { variantId, quantity: 2 },
      { variantId: clinicVariantId, quantity: 1 },
    ]);
    await vi.waitFor(async () => expect((await orderRow(order.id)).status).toBe('in_production'));
    t.ctx.events.publish('order.changed', { orderId: order.id, userId: buyer.id, status: 'paid' });
    t.ctx.events.publish('order.changed', { orderId: order.id, userId: buyer.id, status: 'paid' });
    const again = await Promise.all([fulfilOrder(t.ctx, order.id), fulfilOrder(t.ctx, order.id)]);
    expect(again).toEqual([false, false]);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const placed = fake.callsTo('POST', '/orders');
    expect(placed).toHaveLength(1);
    expect(placed[0].path).toBe('/orders?confirm=true');
    expect(placed[0].body).toEqual({
      external_id: externalIdOf(order.id),
      recipient: {
        name: 'Sam Member',
        address1: '1 Harbour Road',
        address2: 'Unit 4',
        city: 'Portland',
        state_code: 'OR',
        country_code: 'US',
        zip: '97201',
        phone: '+1 503 555 0100',
        email: buyer.email,
      },
      items: [{ sync_variant_id: 4001, quantity: 2, retail_price: '27.00' }],
    });
    expect(externalIdOf(order.id)).toHaveLength(32);
    expect(await fulfilmentOf(order.id)).toMatchObject({
      state: 'accepted',
      printfulStatus: 'pending',
      printfulOrderId: String(fake.orders.get(externalIdOf(order.id))?.id),
      attempts: 1,
    });
    // Made to order: paying took no stock.
    const [variant] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, variantId));
    expect(variant.stock).toBeNull();
    const records = await as('admin', { method: 'GET', url: '/api/admin/printful/orders' });
    expect(records.json().fulfilments[0]).toMatchObject({ orderNumber: order.number, state: 'accepted' });
    shippedOrder = order;
  });

  it('answers 404 to a webhook without the connection’s secret, and ships the order on package_shipped', async () => {
    const externalId = externalIdOf(shippedOrder.id);
    const printfulOrder = fake.ship(externalId, '9400111899223197428490');
    const event = {
      type: 'package_shipped',
      created: 1_700_000_000,
      retries: 0,
      store: fake.store.id,
      data: { shipment: printfulOrder.shipments[0], order: printfulOrder },
    };
    for (const token of [null, '', 'not-the-secret', `${'a'.repeat(43)}`]) {
      const refused = await webhook(token, event);
      expect(refused.statusCode, String(token)).toBe(404);
      expect(typeof refused.json().message).toBe('string');
    }
    expect((await orderRow(shippedOrder.id)).status).toBe('in_production');

    const secret = new URL(fake.webhook?.url ?? '').searchParams.get('token') ?? '';
    const taken = await webhook(secret, event);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await orderRow(shippedOrder.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: '9400111899223197428490',
      carrier: 'USPS Ground Advantage',
    });
    expect(await fulfilmentOf(shippedOrder.id)).toMatchObject({
      state: 'shipped',
      printfulStatus: 'fulfilled',
    });
    const emails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, buyer.email), like(emailOutbox.subject, '%has shipped')));
    expect(emails).toHaveLength(1);
    // Printful sends again when unsure: nothing changes twice.
    expect((await webhook(secret, event)).statusCode).toBe(200);
    expect((await webhook(secret, { type: 'stock_updated', data: {} })).statusCode).toBe(200);
  });

  it('retries a send that failed, and polls Printful for shipments the webhook missed', async () => {
    fake.failOrders = 500;
    const tee = await printfulProduct('Recovery Crew Unisex T-Shirt');
    const order = await buy([{ variantId: tee?.variants[1].id ?? '', quantity: 1 }]);
    await vi.waitFor(async () => expect((await fulfilmentOf(order.id))?.state).toBe('retry'));
    expect((await fulfilmentOf(order.id))?.lastError).toBe('Temporarily unavailable');
    expect((await orderRow(order.id)).status).toBe('paid');

    fake.failOrders = null;
    await sweep(t.ctx, new Date());
    expect((await fulfilmentOf(order.id))?.state).toBe('retry');
    await sweep(t.ctx, new Date(Date.now() + 6 * 60_000));
    expect(await fulfilmentOf(order.id)).toMatchObject({ state: 'accepted', attempts: 2, lastError: null });
    expect((await orderRow(order.id)).status).toBe('in_production');
    expect(fake.orders.has(externalIdOf(order.id))).toBe(true);

    fake.ship(externalIdOf(order.id), '1Z999AA10123456784');
    await sweep(t.ctx, new Date(Date.now() + 12 * 60_000));
    expect(await orderRow(order.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
    });
    // The first order, this one's failed send, and its retry (after looking for it at Printful first).
    expect(fake.callsTo('POST', '/orders')).toHaveLength(3);
    expect(fake.callsTo('GET', `/orders/@${externalIdOf(order.id)}`).length).toBeGreaterThanOrEqual(2);
  });
});

describe('disconnecting', () => {
  it('forgets the token, takes Printful products out of the store and stops the webhook', async () => {
    const secret = new URL(fake.webhook?.url ?? '').searchParams.get('token') ?? '';
    const answer = await as('admin', { method: 'DELETE', url: '/api/admin/printful' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<PrintfulStatus>().connected).toBe(false);
    expect(await t.database.db.select().from(printfulConnection)).toEqual([]);
    expect(fake.webhook).toBeNull();
    expect(await printfulProduct('Recovery Crew Unisex T-Shirt', 'member')).toBeUndefined();
    expect((await webhook(secret, { type: 'order_updated', data: {} })).statusCode).toBe(404);
    // The clinic's own products are still for sale.
    expect((await catalogue('member')).some((product) => product.name === 'Clinic Water Bottle')).toBe(true);

    // Connected again, the next sync brings them back as they were, not as new products.
    expect((await connect(GOOD_TOKEN)).statusCode).toBe(200);
    expect((await syncNow()).json().result).toMatchObject({ created: 0, updated: 1 });
    expect((await printfulProduct('Recovery Crew Unisex T-Shirt', 'member'))?.active).toBe(true);
  });
});
