import { randomBytes } from 'node:crypto';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import {
  type AddCartItemInput,
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  type Cart,
  type CheckoutAnswer,
  type CreateProductInput,
  canMoveOrder,
  FREE_SHIPPING_THRESHOLD_CENTS,
  type MoveOrderInput,
  type Order,
  type OrderStatus,
  orderNumberText,
  type Product,
  type ShippingAddress,
  STORE_CURRENCY,
  STORE_ERRORS,
  shippingFor,
  type Totals,
  taxFor,
  type UpdateProductInput,
  type UpdateVariantInput,
  variantLabel,
} from '../../../shared/store';
import type { Db, Tx } from '../../db/client';
import {
  cartItems,
  orderItems,
  orders,
  payments as paymentRecords,
  paymentRefunds,
  products,
  productVariants,
  users,
} from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as billing from '../billing/repository';
import type { ProviderIntent } from '../payments/provider';
import { type Payments, recordPayment } from '../payments/service';
import * as repository from './repository';

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
  const { taxRateBasisPoints } = await billing.settings(db);
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
  if (quantity > found.variant.stock) throw conflict(STORE_ERRORS.outOfStock);
  await db
    .insert(cartItems)
    .values({ userId: caller.id, variantId: input.variantId, quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.variantId], set: { quantity } });
  return getCart(db, caller);
}

export async function updateCartItem(db: Db, caller: SessionUser, id: string, quantity: number) {
  const line = (await repository.cartLines(db, caller.id)).find((item) => item.id === id);
  if (!line) throw notFound(STORE_ERRORS.cartItemNotFound);
  if (quantity > line.stock) throw conflict(STORE_ERRORS.outOfStock);
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
  if (lines.some((line) => !line.active || line.quantity > line.stock))
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
      await markPaymentRefunded(
        tx,
        payment.id,
        order.totalCents,
        'Sold out: order could not be filled',
        null,
        now,
      );
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

async function markPaymentRefunded(
  tx: Tx,
  paymentId: string,
  amountCents: number,
  reason: string,
  by: string | null,
  now: Date,
) {
  await tx
    .update(paymentRecords)
    .set({ status: 'refunded', refundedCents: amountCents, refundedAt: now })
    .where(eq(paymentRecords.id, paymentId));
  await tx.insert(paymentRefunds).values({ paymentId, amountCents, reason, createdBy: by, createdAt: now });
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
 * An admin moves an order on. Only ORDER_TRANSITIONS are allowed (409 otherwise). Cancelling or refunding an
 * order that was paid refunds the whole payment through the provider first (safe to ask again), then puts
 * the stock back, marks the ledger's payment refunded and the order, in one transaction.
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
  if (givesMoneyBack)
    await payments.provider.refund(found.order.paymentIntentId, found.order.totalCents, `order-${id}-refund`);
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
        ...(to === 'cancelled' || to === 'refunded' ? { stockTaken: false } : {}),
      })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (!updated) return false;
    if ((to === 'cancelled' || to === 'refunded') && found.order.stockTaken)
      await repository.putStockBack(tx, found.items);
    if (givesMoneyBack) {
      const [payment] = await tx
        .select({ id: paymentRecords.id, status: paymentRecords.status })
        .from(paymentRecords)
        .where(eq(paymentRecords.providerIntentId, found.order.paymentIntentId));
      if (payment && payment.status !== 'refunded')
        await markPaymentRefunded(
          tx,
          payment.id,
          found.order.totalCents,
          input.reason || (to === 'cancelled' ? 'Order cancelled' : 'Order refunded'),
          caller.id,
          now,
        );
    }
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
  ctx.events.publish('order.changed', { orderId: id, userId: found.order.userId, status: to });
  const order = await loadOrder(ctx.db, eq(orders.id, id));
  if (!order) throw notFound(STORE_ERRORS.orderNotFound);
  await sendOrderEmail(ctx, order, to);
  return { order };
}
