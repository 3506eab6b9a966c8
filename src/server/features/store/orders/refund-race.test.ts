import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { Order } from '../../../../shared/store-orders';
import { activityLog, orders, paymentRefunds, payments, testPaymentIntents } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson } from '../../../test/people';
import { TestPaymentProvider } from '../../payments/test-provider';
import { storeCalls } from '../testing';

/**
 * An admin's refund of an order against anything else changing it at the same moment: of two changes from
 * the same status exactly one wins, the money goes back at the provider only when the refund won, and the
 * ledger says what happened. Refunds asked of the provider are counted on the built-in test provider.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const { makeProduct, buyOne, move, stockOf } = storeCalls(() => t);
const { refund: providerRefund } = TestPaymentProvider.prototype;

/** A member's paid order of two of a variant stocked ten (eight left), with its payment intent. */
async function paidOrder() {
  const variantId = (await makeProduct()).variants[0].id;
  const order = await buyOne(await createPerson(t, 'member'), variantId, 2);
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
  return { order, variantId, intentId: row.paymentIntentId };
}

/** Where the money of an order stands: at the provider, in the ledger, and how often the provider was asked. */
async function moneyOf(order: Order, intentId: string, refundsAsked: ReturnType<typeof countRefunds>) {
  const [intent] = await t.database.db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.id, intentId));
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.referenceId, order.id));
  const refunds = await t.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, payment.id));
  const [now] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
  return {
    status: now.status,
    askedOfProvider: refundsAsked(intentId),
    refundedAtProvider: intent.refundedCents,
    ledger: { status: payment.status, refundedCents: payment.refundedCents, refunds: refunds.length },
  };
}

function countRefunds(spy: MockInstance<TestPaymentProvider['refund']>) {
  return (intentId: string) => spy.mock.calls.filter(([id]) => id === intentId).length;
}

const refunded = (order: Order, asked: number) => ({
  status: 'refunded',
  askedOfProvider: asked,
  refundedAtProvider: order.totals.totalCents,
  ledger: { status: 'refunded', refundedCents: order.totals.totalCents, refunds: 1 },
});
const untouched = (status: string) => ({
  status,
  askedOfProvider: 0,
  refundedAtProvider: 0,
  ledger: { status: 'succeeded', refundedCents: 0, refunds: 0 },
});

/**
 * The provider answers a refund only once `release` is called (when a racing request has its answer) or a
 * second refund is asked: a refund that asked the provider before its conditional update would then have
 * the racing change win meanwhile, with the money gone back all the same.
 */
function holdProviderRefunds() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const spy = vi.spyOn(TestPaymentProvider.prototype, 'refund').mockImplementation(async function (
    this: TestPaymentProvider,
    ...args
  ) {
    if (spy.mock.calls.length > 1) release();
    await gate;
    return providerRefund.apply(this, args);
  });
  return { spy, release };
}

/** An admin gives an order's money back (refunded or cancelled) while another admin ships it. */
async function raceShipment(
  moneyBack: { status: 'refunded' | 'cancelled'; reason: string },
  refundFirst: boolean,
) {
  const { order, variantId, intentId } = await paidOrder();
  const { spy, release: shipmentAnswered } = holdProviderRefunds();
  const refund = () => move(order.id, moneyBack);
  const ship = () =>
    move(order.id, { status: 'shipped', trackingNumber: 'TRK-1', carrier: 'Post' }).finally(shipmentAnswered);
  const [refundAnswer, shipAnswer] = refundFirst
    ? await Promise.all([refund(), ship()])
    : await Promise.all([ship(), refund()]).then(([shipped, back]) => [back, shipped]);
  const money = await moneyOf(order, intentId, countRefunds(spy));
  const stock = await stockOf(variantId);
  vi.restoreAllMocks();
  return { order, refundAnswer, shipAnswer, money, stock };
}

describe("an order's refund racing another change", () => {
  it('lets exactly one of a cancellation with refund and a shipment win, with money back only if it won', async () => {
    for (const refundFirst of [true, false, true, false]) {
      const race = await raceShipment({ status: 'cancelled', reason: 'Racing a shipment' }, refundFirst);
      expect([race.refundAnswer.statusCode, race.shipAnswer.statusCode].sort()).toEqual([200, 409]);
      if (race.refundAnswer.statusCode === 200) {
        expect(race.money).toEqual({ ...refunded(race.order, 1), status: 'cancelled' });
        expect(race.stock).toBe(10);
      } else {
        expect(race.money).toEqual(untouched('shipped'));
        expect(race.stock).toBe(8);
      }
    }
  });

  it('gives money back for a refund racing a shipment only when the order ends refunded', async () => {
    for (const refundFirst of [true, false, true, false]) {
      const race = await raceShipment({ status: 'refunded', reason: 'Racing a shipment' }, refundFirst);
      // Shipped and then refunded is a step an admin may take, so both may succeed one after the other;
      // what can never be is an order left shipped with its money gone back.
      if (race.money.status === 'refunded') {
        expect(race.refundAnswer.statusCode).toBe(200);
        expect(race.money).toEqual(refunded(race.order, 1));
        expect(race.stock).toBe(10);
      } else {
        expect([race.refundAnswer.statusCode, race.shipAnswer.statusCode]).toEqual([409, 200]);
        expect(race.money).toEqual(untouched('shipped'));
        expect(race.stock).toBe(8);
      }
    }
  });

  it('lets one of two refunds win, and asks the provider once', async () => {
    const { order, variantId, intentId } = await paidOrder();
    const { spy, release } = holdProviderRefunds();
    const answers = await Promise.all([
      move(order.id, { status: 'refunded', reason: 'First' }).finally(release),
      move(order.id, { status: 'cancelled', reason: 'Second' }).finally(release),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const money = await moneyOf(order, intentId, countRefunds(spy));
    const winner = answers[0].statusCode === 200 ? 'refunded' : 'cancelled';
    expect(money).toEqual({ ...refunded(order, 1), status: winner });
    expect(await stockOf(variantId)).toBe(10);
  });
});

describe('a refund the provider refuses', () => {
  it('leaves the order, its stock and the ledger as they were, and can be asked again', async () => {
    const spy = vi.spyOn(TestPaymentProvider.prototype, 'refund');
    spy.mockRejectedValueOnce(new AppError('CONFLICT', 'The card network is down'));
    const { order, variantId, intentId } = await paidOrder();

    const refused = await move(order.id, { status: 'refunded', reason: 'Buyer asked' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The card network is down');
    expect(await moneyOf(order, intentId, countRefunds(spy))).toEqual({
      ...untouched('paid'),
      askedOfProvider: 1,
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ statusNote: null, refundedAt: null, cancelledAt: null, stockTaken: true });
    expect(await stockOf(variantId)).toBe(8);
    const failures = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, order.id), eq(activityLog.action, 'order.refund_failed')));
    expect(failures).toMatchObject([{ outcome: 'failure' }]);

    const again = await move(order.id, { status: 'refunded', reason: 'Buyer asked' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await moneyOf(order, intentId, countRefunds(spy))).toEqual(refunded(order, 2));
    expect(await stockOf(variantId)).toBe(10);
  });
});
