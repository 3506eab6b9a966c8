import type { QueryClient } from '@tanstack/react-query';
import { eventOfType } from '../../../shared/realtime';
import type { OrdersChangedEvent } from '../../../shared/store-orders';

/**
 * Kept apart from api.ts so the notification socket, which every page loads, reaches only this: the
 * contract's event by type, with no schemas behind it.
 */
const ORDERS_CHANGED: OrdersChangedEvent['type'] = 'orders_changed';

/** The buyer's orders and one order, the clinic's list, and stock shown in the catalogue. */
export const ORDER_QUERIES = [['/api/orders'], ['/api/admin/orders'], ['/api/products']] as const;

export const isOrdersChanged = eventOfType<OrdersChangedEvent>(ORDERS_CHANGED);

export const invalidateOrders = (queryClient: QueryClient) =>
  Promise.all(ORDER_QUERIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
