import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type AddCartItemInput,
  CARRIER_MAX,
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type Cart,
  type CheckoutAnswer,
  type CreateProductInput,
  canFill,
  canMoveOrder,
  FREE_SHIPPING_THRESHOLD_CENTS,
  type MoveOrderInput,
  ORDER_UNPAID_NOTE,
  ORDER_UNPAID_TTL_MS,
  type Order,
  type OrderStatus,
  orderNumberText,
  type Product,
  type ShippingAddress,
  STORE_CURRENCY,
  STORE_ERRORS,
  shippingFor,
  type Totals,
  TRACKING_NUMBER_MAX,
  taxFor,
  type UpdateProductInput,
  type UpdateVariantInput,
  variantLabel,
} from '../../../shared/store';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cartItems, orderItems, orders, products, productVariants, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { getSettings as billingSettings } from '../billing/service';
import type { ProviderIntent } from '../payments/provider';
import { isRecorded, type Payments, recordFullRefund, recordPayment } from '../payments/service';
import { refundMovedOrder } from './order-refund';
import * as repository from './repository';

export { hideSyncedProducts, type SyncedProductInput, saveSyncedProduct } from './synced-catalogue';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'events'>;
const conflict = (message: string) => new AppError('CONFLICT', message);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// ---------------------------------------------------------------------------------------------- catalogue

export async function listProducts(
  db: Db,
  caller: SessionUser,
  query: { search?: string; category?: string },
) {
  return {
    products: await repository.listProducts(db, { ...query, includeInactive: caller.role === 'admin' }),
  };
}

async function productOrNotFound(db: Db | Tx, caller: SessionUser, id: string): Promise<Product> {
  const [product] = await repository.listProducts(db, {
    ids: [id],
    includeInactive: caller.role === 'admin',
  });
  if (!product) throw notFound(STORE_ERRORS.productNotFound);
  return product;
}

export async function getProduct(db: Db, caller: SessionUser, id: string) {
  return { product: await productOrNotFound(db, caller, id) };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function createProduct(
  ctx: Ctx,
  caller: SessionUser,
  input: Omit<CreateProductInput, 'description' | 'active'> & { description: string; active: boolean },
  meta: RequestMeta,
) {
  const skus = input.variants.map((variant) => variant.sku.toUpperCase());
  if (new Set(skus).size !== skus.length)
    throw badRequest(STORE_ERRORS.skuTaken, { variants: STORE_ERRORS.skuTaken });
  const slug = `${input.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)}-${randomBytes(3).toString('hex')}`;
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [product] = await tx
        .insert(products)
        .values({
          slug,
          name: input.name,
          description: input.description,
          category: input.category,
          imageUrl: input.imageUrl ?? '',
          active: input.active,
        })
        .returning({ id: products.id });
      await tx.insert(productVariants).values(
        input.variants.map((variant, position) => ({
          productId: product.id,
          sku: variant.sku,
          size: variant.size ?? null,
          colour: variant.colour ?? null,
          priceCents: variant.priceCents,
          stock: variant.stock,
          position,
        })),
      );
      await recordActivity(tx, {
        actorId: caller.id,
        action: 'product.created',
        entityType: 'product',
        entityId: product.id,
        ipAddress: meta.ipAddress,
      });
      return product.id;
    });
    return { product: await productOrNotFound(ctx.db, caller, id) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(STORE_ERRORS.skuTaken);
    throw error;
  }
}

export async function updateProduct(
  ctx: Ctx,
  caller: SessionUser,
  id: string,
  input: UpdateProductInput,
  meta: RequestMeta,
) {
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    if (!row) return false;
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'product.updated',
      entityType: 'product',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { fields: Object.keys(input).join(',') },
    });
    return true;
  });
  if (!updated) throw notFound(STORE_ERRORS.productNotFound);
  return { product: await productOrNotFound(ctx.db, caller, id) };
}

export async function updateVariant(
  ctx: Ctx,
  caller: SessionUser,
  productId: string,
  variantId: string,
  input: UpdateVariantInput,
  meta: RequestMeta,
) {
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(productVariants)
      .set(input)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
      .returning({ id: productVariants.id });
    if (!row) return false;
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'product.variant_updated',
      entityType: 'product',
      entityId: productId,
      ipAddress: meta.ipAddress,
      details: {
        variantId,
        ...(input.priceCents !== undefined ? { priceCents: input.priceCents } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
      },
    });
    return true;
  });
  if (!updated) throw notFound(STORE_ERRORS.variantNotFound);
  return { product: await productOrNotFound(ctx.db, caller, productId) };
}

// ---------------------------------------------------------------------------------------------- cart

/** Subtotal, tax (the billing settings' rate), shipping and total: always computed here, never taken from the browser. */
export async function totalsOf(db: Db | Tx, subtotalCents: number): Promise<Totals> {
  const { taxRateBasisPoints } = (await billingSettings(db)).settings;
  const taxCents = taxFor(subtotalCents, taxRateBasisPoints);
  const shippingCents = shippingFor(subtotalCents);
  return {
    subtotalCents,
    taxRateBasisPoints,
    taxCents,
    shippingCents,
    totalCents: subtotalCents + taxCents + shippingCents,
  };
}

export async function getCart(db: Db, caller: SessionUser): Promise<Cart> {
  const lines = await repository.cartLines(db, caller.id);
  const items = lines.map((line) => ({
    id: line.id,
    productId: line.productId,
    variantId: line.variantId,
    productName: line.productName,
    variantLabel: variantLabel(line),
    imageUrl: line.imageUrl,
    unitPriceCents: line.priceCents,
    quantity: line.quantity,
    lineTotalCents: line.priceCents * line.quantity,
    stock: line.active ? line.stock : 0,
  }));
  const subtotal = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  return {
    items,
    currency: STORE_CURRENCY,
    totals: await totalsOf(db, subtotal),
    freeShippingThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
  };
}

export async function addToCart(db: Db, caller: SessionUser, input: Required<AddCartItemInput>) {
  const found = await repository.findVariant(db, input.variantId);
  if (!found?.active) throw notFound(STORE_ERRORS.variantNotFound);
  const lines = await repository.cartLines(db, caller.id);
  const existing = lines.find((line) => line.variantId === input.variantId);
  if (!existing && lines.length >= CART_MAX_LINES) throw badRequest(STORE_ERRORS.tooManyLines);
  const quantity = (existing?.quantity ?? 0) + input.quantity;
  if (quantity > CART_MAX_QUANTITY)
    throw badRequest(STORE_ERRORS.quantity, { quantity: STORE_ERRORS.quantity });
  if (!canFill(found.variant.stock, quantity)) throw conflict(STORE_ERRORS.outOfStock);
  await db
    .insert(cartItems)
    .values({ userId: caller.id, variantId: input.variantId, quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.variantId], set: { quantity } });
  return getCart(db, caller);
}

export async function updateCartItem(db: Db, caller: SessionUser, id: string, quantity: number) {
  const line = (await repository.cartLines(db, caller.id)).find((item) => item.id === id);
  if (!line) throw notFound(STORE_ERRORS.cartItemNotFound);
  if (!canFill(line.stock, quantity)) throw conflict(STORE_ERRORS.outOfStock);
  await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, caller.id)));
  return getCart(db, caller);
}

export async function removeCartItem(db: Db, caller: SessionUser, id: string) {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, caller.id)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound(STORE_ERRORS.cartItemNotFound);
  return getCart(db, caller);
}

// ---------------------------------------------------------------------------------------------- orders

function toOrder(row: repository.OrderRow): Order {
  const { order } = row;
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    id: order.id,
    number: orderNumberText(order.number),
    status: order.status,
    currency: order.currency,
    totals: {
      subtotalCents: order.subtotalCents,
      taxRateBasisPoints: order.taxRateBasisPoints,
      taxCents: order.taxCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
    },
    shippingAddress: order.shippingAddress,
    email: order.email,
    buyerName: `${row.buyerFirst} ${row.buyerLast}`.trim(),
    cardLast4: order.cardLast4,
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    statusNote: order.statusNote,
    items: row.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      variantLabel: item.variantLabel,
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      lineTotalCents: item.lineTotalCents,
    })),
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    refundedAt: iso(order.refundedAt),
  };
}

const loadOrder = async (db: Db | Tx, where: SQL) => {
  const row = await repository.findOrder(db, where);
  return row ? toOrder(row) : null;
};

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
  payments: Payments,
  caller: SessionUser,
  shippingAddress: ShippingAddress,
  meta: RequestMeta,
): Promise<CheckoutAnswer> {
  const lines = await repository.cartLines(ctx.db, caller.id);
  if (lines.length === 0) throw badRequest(STORE_ERRORS.emptyCart);
  if (lines.some((line) => !line.active || !canFill(line.stock, line.quantity)))
    throw conflict(STORE_ERRORS.outOfStock);
  const subtotal = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const totals = await totalsOf(ctx.db, subtotal);
  const [account] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, caller.id));
  const intent = await payments.provider.createIntent(totals.totalCents, STORE_CURRENCY, {
    purpose: 'order',
  });
  const orderId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
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
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order.id,
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
      entityId: order.id,
      ipAddress: meta.ipAddress,
      details: { totalCents: totals.totalCents },
    });
    return order.id;
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

/**
 * An order made from given lines (a quote's, priced by an admin), not from the catalogue: pending, its total the
 * sum of the lines (no tax or shipping on top: the lines are the price agreed), with a payment intent for it.
 * Its lines name no product, so paying it takes no stock. `claim` runs first in the order's transaction (the
 * caller's conditional update); when it answers false nothing is made and this answers null. Publishes
 * 'order.changed' once made; paid and followed like any other order.
 */
export async function createOrderFromLines(
  ctx: Ctx,
  payments: Payments,
  input: {
    userId: string;
    lines: ReadonlyArray<{ description: string; quantity: number; unitPriceCents: number }>;
    claim: (tx: Tx) => Promise<boolean>;
    afterCreate: (tx: Tx, orderId: string) => Promise<void>;
  },
  meta: RequestMeta,
): Promise<CheckoutAnswer | null> {
  if (input.lines.length === 0) throw badRequest(STORE_ERRORS.emptyCart);
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const [account] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, input.userId));
  const intent = await payments.provider.createIntent(subtotalCents, STORE_CURRENCY, { purpose: 'order' });
  const orderId = await ctx.db.transaction(async (tx) => {
    if (!(await input.claim(tx))) return null;
    const [order] = await tx
      .insert(orders)
      .values({
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
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      input.lines.map((line) => ({
        orderId: order.id,
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
      entityId: order.id,
      ipAddress: meta.ipAddress,
      details: { totalCents: subtotalCents },
    });
    await input.afterCreate(tx, order.id);
    return order.id;
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

class OutOfStock extends Error {}

/**
 * A fresh card payment for the buyer's own order still waiting to be paid (say, a quote's order left unpaid when
 * its first payment was abandoned): a new intent for the order's total, swapped in only while the order is
 * pending with the intent it had. Should the old intent have gone through after all, it is settled instead and
 * null answered (the order is paid). Anyone else's order is 404; one not pending is 409.
 */
export async function renewOrderPayment(
  ctx: Ctx,
  payments: Payments,
  userId: string,
  orderId: string,
): Promise<CheckoutAnswer | null> {
  const found = await repository.findOrder(
    ctx.db,
    and(eq(orders.id, orderId), eq(orders.userId, userId)) as SQL,
  );
  if (!found) throw notFound(STORE_ERRORS.orderNotFound);
  const { order } = found;
  if (order.status !== 'pending') throw conflict(STORE_ERRORS.notPending);
  const previous = await payments.provider.retrieveIntent(order.paymentIntentId);
  if (previous?.status === 'succeeded') {
    await settleOrder(ctx, payments, previous, userId);
    return null;
  }
  const intent = await payments.provider.createIntent(order.totalCents, order.currency, { purpose: 'order' });
  const [swapped] = await ctx.db
    .update(orders)
    .set({ paymentIntentId: intent.id, provider: payments.provider.name, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, 'pending'),
        eq(orders.paymentIntentId, order.paymentIntentId),
      ),
    )
    .returning({ id: orders.id });
  if (!swapped) throw conflict(STORE_ERRORS.notPending);
  return {
    orderId: order.id,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    totalCents: order.totalCents,
    currency: order.currency,
  };
}

/**
 * A succeeded intent that is an order's: checked against the order's total; then, in one transaction, the
 * order is marked paid, its stock taken and the payment recorded, once however often this runs. When the
 * stock is gone by now (someone else's payment settled first), the whole payment is refunded and the order
 * cancelled.
 */
export async function settleOrder(
  ctx: Ctx,
  payments: Payments,
  intent: ProviderIntent,
  actorId: string | null = null,
) {
  const found = await repository.findOrder(ctx.db, eq(orders.paymentIntentId, intent.id));
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
    await refundAfterCancel(ctx, payments, found, intent, actorId);
    return true;
  }
  if (order.status !== 'pending') return true;
  const now = new Date();
  let paid = false;
  try {
    paid = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({
          status: 'paid',
          paidAt: now,
          updatedAt: now,
          stockTaken: true,
          cardLast4: intent.last4 ?? null,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      if (!updated) return false;
      // Lines made from given prices (a quote's) name neither product nor variant and take no stock.
      const stocked = found.items.filter((item) => item.variantId || item.productId);
      if (!(await repository.takeStock(tx, stocked))) throw new OutOfStock();
      await recordPayment(tx, { provider: order.provider, intent, purpose: 'order', referenceId: order.id });
      const variantIds = found.items.flatMap((item) => (item.variantId ? [item.variantId] : []));
      if (variantIds.length)
        await tx
          .delete(cartItems)
          .where(and(eq(cartItems.userId, order.userId), inArray(cartItems.variantId, variantIds)));
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
    await refundUnfillable(ctx, payments, found, intent, now);
    return true;
  }
  if (paid) {
    ctx.events.publish('order.changed', { orderId: order.id, userId: order.userId, status: 'paid' });
    const fresh = await loadOrder(ctx.db, eq(orders.id, order.id));
    if (fresh) await sendOrderEmail(ctx, fresh, 'paid');
  }
  return true;
}

/**
 * A payment that succeeded for an order cancelled before it was paid: refunded in full through the provider
 * (under a key of its own, so asking again refunds once) and written to the ledger as paid and refunded, once.
 */
async function refundAfterCancel(
  ctx: Ctx,
  payments: Payments,
  found: repository.OrderRow,
  intent: ProviderIntent,
  actorId: string | null,
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
  payments: Payments,
  found: repository.OrderRow,
  intent: ProviderIntent,
  now: Date,
) {
  const { order } = found;
  await payments.provider.refund(order.paymentIntentId, order.totalCents, `order-${order.id}-unfilled`);
  const note = 'Sold out before your payment went through; the whole payment was refunded.';
  const cancelled = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        updatedAt: now,
        statusNote: note,
        cardLast4: intent.last4 ?? null,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
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
    const fresh = await loadOrder(ctx.db, eq(orders.id, order.id));
    if (fresh) await sendOrderEmail(ctx, fresh, 'cancelled');
  }
}

async function sendOrderEmail(ctx: Ctx, order: Order, change: OrderStatus) {
  if (!order.email) return;
  const lines = order.items
    .map(
      (item) =>
        `${item.quantity} × ${item.productName}${item.variantLabel ? ` (${item.variantLabel})` : ''}: ${dollars(item.lineTotalCents)}`,
    )
    .join('\n');
  const summary = `${lines}\n\nSubtotal: ${dollars(order.totals.subtotalCents)}\nTax: ${dollars(order.totals.taxCents)}\nShipping: ${dollars(order.totals.shippingCents)}\nTotal: ${dollars(order.totals.totalCents)}`;
  const bodies: Partial<Record<OrderStatus, { subject: string; text: string }>> = {
    paid: {
      subject: `Your order ${order.number} is confirmed`,
      text: `Thank you for your order.\n\nOrder ${order.number}, paid${order.cardLast4 ? ` with the card ending ${order.cardLast4}` : ''}.\n\n${summary}\n\nYou can follow it under My Orders.`,
    },
    shipped: {
      subject: `Your order ${order.number} has shipped`,
      text: `Your order ${order.number} is on its way with ${order.carrier}, tracking number ${order.trackingNumber}.`,
    },
    cancelled: {
      subject: `Your order ${order.number} was cancelled`,
      text: `Your order ${order.number} was cancelled${order.paidAt || order.cardLast4 ? ' and its payment refunded in full' : ''}.${order.statusNote ? `\n\n${order.statusNote}` : ''}`,
    },
    refunded: {
      subject: `Your order ${order.number} was refunded`,
      text: `Your order ${order.number} was refunded: ${dollars(order.totals.totalCents)} goes back to your card.`,
    },
  };
  const mail = bodies[change];
  if (!mail) return;
  try {
    await ctx.mailer.send({ to: order.email, ...mail });
  } catch (error) {
    ctx.log.error({ orderId: order.id, err: { message: (error as Error).message } }, 'order email not sent');
  }
}

/** The browser's word that the card went through: believed only once the provider says so. */
export async function confirm(ctx: Ctx, payments: Payments, caller: SessionUser, paymentIntentId: string) {
  const where = and(eq(orders.paymentIntentId, paymentIntentId), eq(orders.userId, caller.id)) as SQL;
  const existing = await loadOrder(ctx.db, where);
  if (!existing) throw notFound(STORE_ERRORS.orderNotFound);
  if (existing.status === 'pending') {
    const intent = await payments.provider.retrieveIntent(paymentIntentId);
    if (intent?.status !== 'succeeded') throw conflict(STORE_ERRORS.notSucceeded);
    await settleOrder(ctx, payments, intent, caller.id);
  }
  return { order: (await loadOrder(ctx.db, where)) ?? existing };
}

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

// ---------------------------------------------------------------------------------------------- fulfilment

/** What a fulfiller (print on demand) needs of an order: where it goes and its catalogue lines. */
export async function orderForFulfilment(db: Db, orderId: string) {
  const found = await repository.findOrder(db, eq(orders.id, orderId));
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
  orderId: string,
  to: 'in_production' | 'shipped',
  by: string,
  shipment: { trackingNumber: string | null; carrier: string | null } = {
    trackingNumber: null,
    carrier: null,
  },
) {
  const found = await repository.findOrder(ctx.db, eq(orders.id, orderId));
  if (!found) return false;
  const from = found.order.status;
  if (!canMoveOrder(from, to)) return false;
  const now = new Date();
  const moved = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(to === 'shipped'
          ? {
              shippedAt: now,
              trackingNumber: shipment.trackingNumber?.slice(0, TRACKING_NUMBER_MAX) || null,
              carrier: shipment.carrier?.slice(0, CARRIER_MAX) || null,
            }
          : {}),
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, from)))
      .returning({ id: orders.id });
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
  const order = await loadOrder(ctx.db, eq(orders.id, orderId));
  if (order) await sendOrderEmail(ctx, order, to);
  return true;
}
