import { randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  canMoveOrder,
  type MoveOrderInput,
  ORDER_UNPAID_NOTE,
  ORDER_UNPAID_TTL_MS,
  type OrderStatus,
  STORE_ERRORS,
} from '../../../../shared/store';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { orders } from '../../../db/schema';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { type Payments, recordFullRefund } from '../../payments/service';
import { type Ctx, conflict } from '../context';
import { refundMovedOrder } from '../order-refund';
import * as repository from '../repository';
import { loadOrder, toOrder } from './order-rows';
import { sendOrderEmail } from './settle';

export async function listMine(db: Db, caller: SessionUser) {
  return { orders: (await repository.listOrders(db, eq(orders.userId, caller.id))).map(toOrder) };
}

/** One order: the buyer's own, or any for an admin; anyone else's answers 404 as if it did not exist. */
export async function getOrder(db: Db, caller: SessionUser, id: string) {
  const where =
    caller.role === 'admin'
      ? eq(orders.id, id)
      : (and(eq(orders.id, id), eq(orders.userId, caller.id)) as SQL);
  const order = await loadOrder(db, where);
  if (!order) throw notFound(STORE_ERRORS.orderNotFound);
  return { order };
}

export async function listForAdmin(db: Db, query: { status?: OrderStatus }) {
  return {
    orders: (await repository.listOrders(db, query.status ? eq(orders.status, query.status) : undefined)).map(
      toOrder,
    ),
  };
}

/**
 * An admin moves an order on. Only ORDER_TRANSITIONS are allowed (409 otherwise), and the move is a
 * conditional update from where the order stood, so of two racing changes exactly one wins. Cancelling or
 * refunding an order that was paid marks the ledger's payment refunded in that same transaction, and only
 * then asks the provider for the money (refundMovedOrder), which puts the stock back once it is returned.
 */
export async function moveOrder(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  id: string,
  input: Omit<MoveOrderInput, 'status'> & { status: OrderStatus },
  meta: RequestMeta,
) {
  const found = await repository.findOrder(ctx.db, eq(orders.id, id));
  if (!found) throw notFound(STORE_ERRORS.orderNotFound);
  const from = found.order.status;
  const to = input.status;
  if (!canMoveOrder(from, to)) throw conflict(STORE_ERRORS.transition(from, to));
  const now = new Date();
  const givesMoneyBack = (to === 'cancelled' || to === 'refunded') && from !== 'pending';
  const refundId = givesMoneyBack ? randomUUID() : null;
  const moved = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(to === 'shipped'
          ? { shippedAt: now, trackingNumber: input.trackingNumber, carrier: input.carrier }
          : {}),
        ...(to === 'delivered' ? { deliveredAt: now } : {}),
        ...(to === 'cancelled' ? { cancelledAt: now } : {}),
        ...(to === 'refunded' ? { refundedAt: now } : {}),
        ...(input.reason ? { statusNote: input.reason } : {}),
      })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
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
  const order = await loadOrder(ctx.db, eq(orders.id, id));
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
  const rows = await rowsOf<{ id: string; user_id: string }>(
    ctx.db,
    sql`
    update orders set status = 'cancelled', cancelled_at = ${now.toISOString()},
                      updated_at = ${now.toISOString()}, status_note = ${ORDER_UNPAID_NOTE}
    where status = 'pending' and created_at < ${before.toISOString()}
      and exists (select 1 from order_items i where i.order_id = orders.id and i.variant_id is not null)
    returning id, user_id`,
  );
  for (const row of rows)
    ctx.events.publish('order.changed', { orderId: row.id, userId: row.user_id, status: 'cancelled' });
  return rows.map((row) => row.id);
}
