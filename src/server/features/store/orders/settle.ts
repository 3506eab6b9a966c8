import { STORE_ERRORS } from '../../../../shared/store';
import { recordActivity } from '../../../platform/activity';
import { notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import type { ProviderIntent } from '../../payments/provider';
import { isRecorded, type Payments, recordFullRefund, recordPayment } from '../../payments/service';
import * as cart from '../cart/repository';
import { type Ctx, conflict } from '../context';
import { sendOrderEmail } from './order-email';
import { loadOrder } from './order-rows';
import * as repository from './repository';

/** Thrown inside the settling transaction when the stock ran out, to roll its writes back. */
class OutOfStock extends Error {}

/**
 * A succeeded intent that is an order's: checked against the order's total; then, in one transaction, the
 * order is marked paid, its stock taken and the payment recorded, once however often this runs. When the
 * stock is gone by now (someone else's payment settled first), the whole payment is refunded and the order
 * cancelled.
 */
export async function settleOrder(
  ctx: Ctx,
  {
    payments,
    intent,
    actorId = null,
  }: { payments: Payments; intent: ProviderIntent; actorId?: string | null },
) {
  const found = await repository.findOrder(ctx.db, { paymentIntentId: intent.id });
  if (!found) return false;
  const { order } = found;
  if (intent.amountCents !== order.totalCents || intent.currency !== order.currency) {
    await recordActivity(ctx.db, {
      actorId,
      action: 'order.amount_mismatch',
      entityType: 'order',
      entityId: order.id,
      outcome: 'failure',
      details: { expectedCents: order.totalCents, paidCents: intent.amountCents },
    });
    throw conflict(STORE_ERRORS.amountMismatch);
  }
  // Cancelled while the buyer was still paying: the order stays cancelled and the money goes back.
  if (order.status === 'cancelled' && !order.paidAt) {
    await refundAfterCancel(ctx, { payments, found, intent, actorId });
    return true;
  }
  if (order.status !== 'pending') return true;
  const now = new Date();
  let paid = false;
  try {
    paid = await ctx.db.transaction(async (tx) => {
      const updated = await repository.moveOrderFrom(tx, {
        id: order.id,
        from: 'pending',
        values: {
          status: 'paid',
          paidAt: now,
          updatedAt: now,
          stockTaken: true,
          cardLast4: intent.last4 ?? null,
        },
      });
      if (!updated) return false;
      // Lines made from given prices (a quote's) name neither product nor variant and take no stock.
      const stocked = found.items.filter((item) => item.variantId || item.productId);
      if (!(await repository.takeStock(tx, stocked))) throw new OutOfStock();
      await recordPayment(tx, { provider: order.provider, intent, purpose: 'order', referenceId: order.id });
      const variantIds = found.items.flatMap((item) => (item.variantId ? [item.variantId] : []));
      if (variantIds.length) await cart.removeVariants(tx, { userId: order.userId, variantIds });
      await recordActivity(tx, {
        actorId,
        action: 'order.paid',
        entityType: 'order',
        entityId: order.id,
        details: { totalCents: order.totalCents },
      });
      return true;
    });
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error;
    await refundUnfillable(ctx, { payments, found, intent, now });
    return true;
  }
  if (paid) {
    ctx.events.publish('order.changed', { orderId: order.id, userId: order.userId, status: 'paid' });
    const fresh = await loadOrder(ctx.db, { id: order.id });
    if (fresh) await sendOrderEmail(ctx, fresh, 'paid');
  }
  return true;
}

/**
 * A payment that succeeded for an order cancelled before it was paid: refunded in full through the provider
 * (under a key of its own, so asking again refunds once) and written to the ledger as paid and refunded, once.
 */
export async function refundAfterCancel(
  ctx: Ctx,
  {
    payments,
    found,
    intent,
    actorId,
  }: { payments: Payments; found: repository.OrderRow; intent: ProviderIntent; actorId: string | null },
) {
  const { order } = found;
  if (await isRecorded(ctx.db, intent.id)) return;
  await payments.provider.refund(intent.id, intent.amountCents, `order-${order.id}-after-cancel`);
  const now = new Date();
  const recorded = await ctx.db.transaction(async (tx) => {
    const payment = await recordPayment(tx, {
      provider: order.provider,
      intent,
      purpose: 'order',
      referenceId: order.id,
    });
    if (!payment) return false;
    await recordFullRefund(tx, {
      providerIntentId: intent.id,
      amountCents: intent.amountCents,
      reason: 'Paid after the order was cancelled',
      by: null,
      at: now,
    });
    await recordActivity(tx, {
      actorId,
      action: 'order.refunded_after_cancel',
      entityType: 'order',
      entityId: order.id,
      details: { totalCents: intent.amountCents },
    });
    return true;
  });
  if (recorded)
    ctx.events.publish('order.changed', { orderId: order.id, userId: order.userId, status: 'cancelled' });
}

async function refundUnfillable(
  ctx: Ctx,
  {
    payments,
    found,
    intent,
    now,
  }: { payments: Payments; found: repository.OrderRow; intent: ProviderIntent; now: Date },
) {
  const { order } = found;
  await payments.provider.refund(order.paymentIntentId, order.totalCents, `order-${order.id}-unfilled`);
  const note = 'Sold out before your payment went through; the whole payment was refunded.';
  const cancelled = await ctx.db.transaction(async (tx) => {
    const updated = await repository.moveOrderFrom(tx, {
      id: order.id,
      from: 'pending',
      values: {
        status: 'cancelled',
        cancelledAt: now,
        updatedAt: now,
        statusNote: note,
        cardLast4: intent.last4 ?? null,
      },
    });
    if (!updated) return false;
    const payment = await recordPayment(tx, {
      provider: order.provider,
      intent,
      purpose: 'order',
      referenceId: order.id,
    });
    if (payment)
      await recordFullRefund(tx, {
        providerIntentId: intent.id,
        amountCents: order.totalCents,
        reason: 'Sold out: order could not be filled',
        by: null,
        at: now,
      });
    await recordActivity(tx, {
      actorId: null,
      action: 'order.unfilled_refunded',
      entityType: 'order',
      entityId: order.id,
      details: { totalCents: order.totalCents },
    });
    return true;
  });
  if (cancelled) {
    ctx.events.publish('order.changed', { orderId: order.id, userId: order.userId, status: 'cancelled' });
    const fresh = await loadOrder(ctx.db, { id: order.id });
    if (fresh) await sendOrderEmail(ctx, fresh, 'cancelled');
  }
}

/** The browser's word that the card went through: believed only once the provider says so. */
export async function confirm(
  ctx: Ctx,
  { payments, caller, paymentIntentId }: { payments: Payments; caller: SessionUser; paymentIntentId: string },
) {
  const key = { paymentIntentId, userId: caller.id };
  const existing = await loadOrder(ctx.db, key);
  if (!existing) throw notFound(STORE_ERRORS.orderNotFound);
  if (existing.status === 'pending') {
    const intent = await payments.provider.retrieveIntent(paymentIntentId);
    if (intent?.status !== 'succeeded') throw conflict(STORE_ERRORS.notSucceeded);
    await settleOrder(ctx, { payments, intent, actorId: caller.id });
  }
  return { order: (await loadOrder(ctx.db, key)) ?? existing };
}
