import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../../shared/payments';
import type { Product } from '../../../../shared/store';
import type { CheckoutAnswer } from '../../../../shared/store-orders';
import { createTestApp, type TestApp } from '../../../test/app';
import { openSocket, untilConnections } from '../../../test/sockets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('live orders', () => {
  it('tells the buyer and admins, not others, when an order is made, paid and shipped', async () => {
    const created = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/products',
      payload: {
        name: 'Mug',
        category: 'drinkware',
        variants: [{ sku: 'LIVE-MUG', priceCents: 1200, stock: 5 }],
      },
    });
    const product = created.json<{ product: Product }>().product;
    const admin = await openSocket(t, `token=${await t.tokenOf('admin')}&channel=notifications`);
    const member = await openSocket(t, `token=${await t.tokenOf('member')}&channel=notifications`);
    const patient = await openSocket(t, `token=${await t.tokenOf('patient')}&channel=notifications`);
    await untilConnections(t, 3);
    await t.injectAs('member', {
      method: 'POST',
      url: '/api/cart/items',
      payload: { variantId: product.variants[0].id, quantity: 1 },
    });
    const started = await t.injectAs('member', {
      method: 'POST',
      url: '/api/orders/checkout',
      payload: {
        shippingAddress: {
          name: 'M',
          line1: '1 Road',
          city: 'Town',
          region: 'OR',
          postalCode: '97201',
          country: 'US',
        },
      },
    });
    const { clientSecret, orderId } = started.json<CheckoutAnswer>();
    const changed = { type: 'orders_changed', orderId };
    expect(await member.nextMessage()).toEqual(changed);
    expect(await admin.nextMessage()).toEqual(changed);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      payload: { clientSecret, cardNumber: TEST_CARDS.success, expiry: '12/40', cvc: '123' },
    });
    expect(await member.nextMessage()).toEqual(changed);
    expect(await admin.nextMessage()).toEqual(changed);
    const shipped = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status`,
      payload: { status: 'shipped', trackingNumber: '1Z1', carrier: 'UPS' },
    });
    expect(shipped.json().order.status).toBe('shipped');
    expect(await member.nextMessage()).toEqual(changed);
    expect(await admin.nextMessage()).toEqual(changed);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(patient.messages).toEqual([]);
    for (const socket of [admin, member, patient]) socket.socket.close();
  });
});
