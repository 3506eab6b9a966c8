import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  canFill,
  FREE_SHIPPING_THRESHOLD_CENTS,
  STORE_CURRENCY,
  STORE_ERRORS,
  shippingFor,
  taxFor,
  variantLabel,
} from '../../../../shared/store';
import type { AddCartItemInput, Cart, Totals } from '../../../../shared/store-orders';
import type { Db, Tx } from '../../../db/client';
import { badRequest, notFound } from '../../../platform/errors';
import type { SessionUser } from '../../../platform/sessions';
import { getSettings as billingSettings } from '../../billing/service';
import { conflict } from '../context';
import * as repository from './repository';

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
  await repository.saveLine(db, { userId: caller.id, variantId: input.variantId, quantity });
  return getCart(db, caller);
}

export async function updateCartItem(
  db: Db,
  caller: SessionUser,
  { id, quantity }: { id: string; quantity: number },
) {
  const line = (await repository.cartLines(db, caller.id)).find((item) => item.id === id);
  if (!line) throw notFound(STORE_ERRORS.cartItemNotFound);
  if (!canFill(line.stock, quantity)) throw conflict(STORE_ERRORS.outOfStock);
  await repository.setLineQuantity(db, { id, userId: caller.id, quantity });
  return getCart(db, caller);
}

export async function removeCartItem(db: Db, caller: SessionUser, id: string) {
  if (!(await repository.deleteLine(db, { id, userId: caller.id })))
    throw notFound(STORE_ERRORS.cartItemNotFound);
  return getCart(db, caller);
}
