import { orderNumberText } from '../../../../shared/store';
import type { Order } from '../../../../shared/store-orders';
import type { Db, Tx } from '../../../db/client';
import * as repository from './repository';

export function toOrder(row: repository.OrderRow): Order {
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

export const loadOrder = async (db: Db | Tx, key: repository.OrderKey) => {
  const row = await repository.findOrder(db, key);
  return row ? toOrder(row) : null;
};
