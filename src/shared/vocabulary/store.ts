// The statuses of store orders, and how they are shown.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

/**
 * An order's life: pending until its card payment settles, then paid; an admin moves it to in_production,
 * shipped (with a tracking number and carrier), delivered; or cancels or refunds it (money back through the
 * provider and stock put back). A pending order whose payment never happens stays pending and is never shown
 * as bought.
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
