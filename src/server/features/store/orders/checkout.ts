import {
  canFill,
  type ShippingAddress,
  STORE_CURRENCY,
  STORE_ERRORS,
  variantLabel,
} from '../../../../shared/store';
import type { CheckoutAnswer } from '../../../../shared/store-orders';
import type { Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import type { Payments } from '../../payments/service';
import * as cart from '../cart/repository';
import { totalsOf } from '../cart/service';
import { type Ctx, conflict } from '../context';
import * as repository from './repository';
import { settleOrder } from './settle';

/**
 * The cart becomes a pending order priced from the catalogue, and a payment intent for its total is made.
 *
 * Stock: checked here, so that a buyer is refused before paying when the stock is already gone, and taken only
 * when the payment settles, in the same transaction that marks the order paid (a conditional UPDATE ... WHERE
 * stock >= quantity). Nothing is reserved at checkout, so an abandoned checkout holds no stock; the price of
 * that is that two buyers may both pay for the last item: the one whose payment settles second finds the stock
 * gone, and their payment is refunded in full through the provider at once and their order cancelled.
 */
export async function checkout(
  ctx: Ctx,
  {
    payments,
    caller,
    shippingAddress,
    meta,
  }: { payments: Payments; caller: SessionUser; shippingAddress: ShippingAddress; meta: RequestMeta },
): Promise<CheckoutAnswer> {
  const lines = await cart.cartLines(ctx.db, caller.id);
  if (lines.length === 0) throw badRequest(STORE_ERRORS.emptyCart);
  if (lines.some((line) => !line.active || !canFill(line.stock, line.quantity)))
    throw conflict(STORE_ERRORS.outOfStock);
  const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const totals = await totalsOf(ctx.db, subtotal);
  const account = await repository.buyerOf(ctx.db, caller.id);
  const intent = await payments.provider.createIntent(totals.totalCents, STORE_CURRENCY, {
    purpose: 'order',
  });
  const orderId = await ctx.db.transaction(async (tx) => {
    const id = await repository.insertOrder(
      tx,
      {
        userId: caller.id,
        currency: STORE_CURRENCY,
        subtotalCents: totals.subtotalCents,
        taxRateBasisPoints: totals.taxRateBasisPoints,
        taxCents: totals.taxCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        shippingAddress,
        email: account?.email ?? '',
        provider: payments.provider.name,
        paymentIntentId: intent.id,
      },
      lines.map((line) => ({
        variantId: line.variantId,
        productId: line.productId,
        productName: line.productName,
        variantLabel: variantLabel(line),
        unitPriceCents: line.priceCents,
        quantity: line.quantity,
        lineTotalCents: line.priceCents * line.quantity,
      })),
    );
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'order.created',
      entityType: 'order',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { totalCents: totals.totalCents },
    });
    return id;
  });
  ctx.events.publish('order.changed', { orderId, userId: caller.id, status: 'pending' });
  return {
    orderId,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    totalCents: totals.totalCents,
    currency: STORE_CURRENCY,
  };
}

/** A quote's accepted lines and the steps the quote takes inside the order's transaction. */
export type OrderFromLinesInput = {
  userId: string;
  lines: ReadonlyArray<{ description: string; quantity: number; unitPriceCents: number }>;
  claim: (tx: Tx) => Promise<boolean>;
  afterCreate: (tx: Tx, orderId: string) => Promise<void>;
};

/**
 * An order made from given lines (a quote's, priced by an admin), not from the catalogue: pending, its total the
 * sum of the lines (no tax or shipping on top: the lines are the price agreed), with a payment intent for it.
 * Its lines name no product, so paying it takes no stock. `claim` runs first in the order's transaction (the
 * caller's conditional update); when it answers false nothing is made and this answers null. Publishes
 * 'order.changed' once made; paid and followed like any other order.
 */
export async function createOrderFromLines(
  ctx: Ctx,
  { payments, input, meta }: { payments: Payments; input: OrderFromLinesInput; meta: RequestMeta },
): Promise<CheckoutAnswer | null> {
  if (input.lines.length === 0) throw badRequest(STORE_ERRORS.emptyCart);
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const account = await repository.buyerOf(ctx.db, input.userId);
  const intent = await payments.provider.createIntent(subtotalCents, STORE_CURRENCY, { purpose: 'order' });
  const orderId = await ctx.db.transaction(async (tx) => {
    if (!(await input.claim(tx))) return null;
    const id = await repository.insertOrder(
      tx,
      {
        userId: input.userId,
        currency: STORE_CURRENCY,
        subtotalCents,
        taxRateBasisPoints: 0,
        taxCents: 0,
        shippingCents: 0,
        totalCents: subtotalCents,
        shippingAddress: {
          name: `${account?.firstName ?? ''} ${account?.lastName ?? ''}`.trim(),
          line1: '',
          line2: '',
          city: '',
          region: '',
          postalCode: '',
          country: '',
          phone: '',
        },
        email: account?.email ?? '',
        provider: payments.provider.name,
        paymentIntentId: intent.id,
      },
      input.lines.map((line) => ({
        variantId: null,
        productId: null,
        productName: line.description,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.unitPriceCents * line.quantity,
      })),
    );
    await recordActivity(tx, {
      actorId: input.userId,
      action: 'order.created',
      entityType: 'order',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { totalCents: subtotalCents },
    });
    await input.afterCreate(tx, id);
    return id;
  });
  if (!orderId) return null;
  ctx.events.publish('order.changed', { orderId, userId: input.userId, status: 'pending' });
  return {
    orderId,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    totalCents: subtotalCents,
    currency: STORE_CURRENCY,
  };
}

/**
 * A fresh card payment for the buyer's own order still waiting to be paid (say, a quote's order left unpaid when
 * its first payment was abandoned): a new intent for the order's total, swapped in only while the order is
 * pending with the intent it had. Should the old intent have gone through after all, it is settled instead and
 * null answered (the order is paid). Anyone else's order is 404; one not pending is 409.
 */
export async function renewOrderPayment(
  ctx: Ctx,
  { payments, userId, orderId }: { payments: Payments; userId: string; orderId: string },
): Promise<CheckoutAnswer | null> {
  const found = await repository.findOrder(ctx.db, { id: orderId, userId });
  if (!found) throw notFound(STORE_ERRORS.orderNotFound);
  const { order } = found;
  if (order.status !== 'pending') throw conflict(STORE_ERRORS.notPending);
  const previous = await payments.provider.retrieveIntent(order.paymentIntentId);
  if (previous?.status === 'succeeded') {
    await settleOrder(ctx, { payments, intent: previous, actorId: userId });
    return null;
  }
  const intent = await payments.provider.createIntent(order.totalCents, order.currency, { purpose: 'order' });
  const swapped = await repository.swapPaymentIntent(ctx.db, {
    id: order.id,
    from: order.paymentIntentId,
    to: intent.id,
    provider: payments.provider.name,
  });
  if (!swapped) throw conflict(STORE_ERRORS.notPending);
  return {
    orderId: order.id,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    totalCents: order.totalCents,
    currency: order.currency,
  };
}
