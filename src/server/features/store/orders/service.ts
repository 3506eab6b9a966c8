import { randomUUID } from 'node:crypto';
import {
  canMoveOrder,
  ORDER_UNPAID_NOTE,
  ORDER_UNPAID_TTL_MS,
  type OrderStatus,
  STORE_ERRORS,
} from '../../../../shared/store';
import type { MoveOrderInput } from '../../../../shared/store-orders';
import type { Db } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { type Payments, recordFullRefund } from '../../payments/service';
import { type Ctx, conflict } from '../context';
import { sendOrderEmail } from './order-email';
import { loadOrder, toOrder } from './order-rows';
import { refundMovedOrder } from './refund';
import * as repository from './repository';

export async function listMine(db: Db, caller: SessionUser) {
  return { orders: (await repository.listOrders(db, { userId: caller.id })).map(toOrder) };
}

/** One order: the buyer's own, or any for an admin; anyone else's answers 404 as if it did not exist. */
export async function getOrder(db: Db, caller: SessionUser, id: string) {
  const order = await loadOrder(db, caller.role === 'admin' ? { id } : { id, userId: caller.id });
  if (!order) throw notFound(STORE_ERRORS.orderNotFound);
  return { order };
}

export async function listForAdmin(db: Db, query: { status?: OrderStatus }) {
  return { orders: (await repository.listOrders(db, { status: query.status })).map(toOrder) };
}

type MoveOrderOptions = {
  payments: Payments;
  caller: SessionUser;
  id: string;
  input: Omit<MoveOrderInput, 'status'> & { status: OrderStatus };
  meta: RequestMeta;
};

/**
 * An admin moves an order on. Only ORDER_TRANSITIONS are allowed (409 otherwise), and the move is a
 * conditional update from where the order stood, so of two racing changes exactly one wins. Cancelling or
 * refunding an order that was paid marks the ledger's payment refunded in that same transaction, and only
 * then asks the provider for the money (refundMovedOrder), which puts the stock back once it is returned.
 */
export async function moveOrder(ctx: Ctx, { payments, caller, id, input, meta }: MoveOrderOptions) {
  const found = await repository.findOrder(ctx.db, { id });
  if (!found) throw notFound(STORE_ERRORS.orderNotFound);
  const from = found.order.status;
  const to = input.status;
  if (!canMoveOrder(from, to)) throw conflict(STORE_ERRORS.transition(from, to));
  const now = new Date();
  const givesMoneyBack = (to === 'cancelled' || to === 'refunded') && from !== 'pending';
  const refundId = givesMoneyBack ? randomUUID() : null;
  const moved = await ctx.db.transaction(async (tx) => {
    const updated = await repository.moveOrderFrom(tx, {
      id,
      from,
      values: {
        status: to,
        updatedAt: now,
        ...(to === 'shipped'
          ? { shippedAt: now, trackingNumber: input.trackingNumber, carrier: input.carrier }
          : {}),
        ...(to === 'delivered' ? { deliveredAt: now } : {}),
        ...(to === 'cancelled' ? { cancelledAt: now } : {}),
        ...(to === 'refunded' ? { refundedAt: now } : {}),
        ...(input.reason ? { statusNote: input.reason } : {}),
      },
    });
    if (!updated) return false;
    if (refundId)
      await recordFullRefund(tx, {
        id: refundId,
        providerIntentId: found.order.paymentIntentId,
        amountCents: found.order.totalCents,
        reason: input.reason || (to === 'cancelled' ? 'Order cancelled' : 'Order refunded'),
        by: caller.id,
        at: now,
      });
    await recordActivity(tx, {
      actorId: caller.id,
      action: `order.${to}`,
      entityType: 'order',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { from, to },
    });
    return true;
  });
  if (!moved) throw conflict(STORE_ERRORS.transition(from, to));
  if (refundId) await refundMovedOrder(ctx, payments, { found, to, refundId, caller, meta });
  ctx.events.publish('order.changed', { orderId: id, userId: found.order.userId, status: to });
  const order = await loadOrder(ctx.db, { id });
  if (!order) throw notFound(STORE_ERRORS.orderNotFound);
  await sendOrderEmail(ctx, order, to);
  return { order };
}

/**
 * Cancels the catalogue checkouts left unpaid for ORDER_UNPAID_TTL_MS, in one statement that moves each order
 * once, however many instances sweep at once; each is announced once. A pending order took no stock, so there
 * is nothing to put back; a card payment that still goes through later is refunded (refundAfterCancel). An
 * order made from a quote (its lines name no catalogue variant) is left for the member to pay.
 */
export async function sweepUnpaid(ctx: Pick<Ctx, 'db' | 'events'>, now = new Date()) {
  const before = new Date(now.getTime() - ORDER_UNPAID_TTL_MS);
  const rows = await repository.cancelUnpaid(ctx.db, { before, now, note: ORDER_UNPAID_NOTE });
  for (const row of rows)
    ctx.events.publish('order.changed', { orderId: row.id, userId: row.user_id, status: 'cancelled' });
  return rows.map((row) => row.id);
}
