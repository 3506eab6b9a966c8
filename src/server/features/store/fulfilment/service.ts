import { CARRIER_MAX, canMoveOrder, orderNumberText, TRACKING_NUMBER_MAX } from '../../../../shared/store';
import type { Db } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { Ctx } from '../context';
import { sendOrderEmail } from '../orders/order-email';
import { loadOrder } from '../orders/order-rows';
import * as orders from '../orders/repository';
import * as repository from './repository';

/** What a fulfiller (print on demand) needs of an order: where it goes and its catalogue lines. */
export async function orderForFulfilment(db: Db, orderId: string) {
  const found = await orders.findOrder(db, { id: orderId });
  if (!found) return null;
  const { order } = found;
  return {
    id: order.id,
    status: order.status,
    email: order.email,
    shippingAddress: order.shippingAddress,
    items: found.items.flatMap((item) =>
      item.variantId
        ? [{ variantId: item.variantId, quantity: item.quantity, unitPriceCents: item.unitPriceCents }]
        : [],
    ),
  };
}

/** Paid orders, not yet moved on, holding any of these variants: those a fulfiller may have missed. */
export const paidOrdersHolding = (db: Db, variantIds: string[], limit = 50) =>
  repository.paidOrdersHolding(db, variantIds, limit);

/** Each order's number as shown (ORD-000123), by id. */
export async function orderNumbersOf(db: Db, ids: string[]) {
  const rows = await repository.orderNumbers(db, ids);
  return new Map(rows.map((row) => [row.id, orderNumberText(row.number)]));
}

/**
 * An order moved on by its fulfiller: in production once accepted, shipped with its tracking. Only the allowed
 * moves (ORDER_TRANSITIONS) from where the order stands now; anything else (already further on, cancelled or
 * refunded meanwhile) changes nothing and answers false. No money moves this way, so no one signed in acts:
 * the activity log names the fulfiller. The buyer and admins hear of it as of any move, and get its email.
 */
export async function moveOrderForFulfilment(
  ctx: Ctx,
  {
    orderId,
    to,
    by,
    shipment = { trackingNumber: null, carrier: null },
  }: {
    orderId: string;
    to: 'in_production' | 'shipped';
    by: string;
    shipment?: { trackingNumber: string | null; carrier: string | null };
  },
) {
  const found = await orders.findOrder(ctx.db, { id: orderId });
  if (!found) return false;
  const from = found.order.status;
  if (!canMoveOrder(from, to)) return false;
  const now = new Date();
  const moved = await ctx.db.transaction(async (tx) => {
    const updated = await orders.moveOrderFrom(tx, {
      id: orderId,
      from,
      values: {
        status: to,
        updatedAt: now,
        ...(to === 'shipped'
          ? {
              shippedAt: now,
              trackingNumber: shipment.trackingNumber?.slice(0, TRACKING_NUMBER_MAX) || null,
              carrier: shipment.carrier?.slice(0, CARRIER_MAX) || null,
            }
          : {}),
      },
    });
    if (!updated) return false;
    await recordActivity(tx, {
      actorId: null,
      action: `order.${to}`,
      entityType: 'order',
      entityId: orderId,
      details: { from, to, by },
    });
    return true;
  });
  if (!moved) return false;
  ctx.events.publish('order.changed', { orderId, userId: found.order.userId, status: to });
  const order = await loadOrder(ctx.db, { id: orderId });
  if (order) await sendOrderEmail(ctx, order, to);
  return true;
}
