import { Link, useSearchParams } from 'react-router';
import type { Order } from '../../../shared/store-orders';
import { CLINIC_ZONE, formatMoney, formatterFor } from '../../lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useMyOrders, useOrder } from './api';
import { OrderDetails, StatusBadge } from './parts';

export const dayOf = (at: string) => formatterFor(CLINIC_ZONE).date(at);

function OrderCard({ order, open }: { order: Order; open?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order {order.number}</CardTitle>
        <CardDescription>
          {dayOf(order.createdAt)} · {formatMoney(order.totals.totalCents)} ·{' '}
          <StatusBadge status={order.status} />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <OrderDetails order={order} showStatus={false} />
        ) : (
          <details>
            <summary className="cursor-pointer">Details of order {order.number}</summary>
            <div className="pt-3">
              <OrderDetails order={order} showStatus={false} />
            </div>
          </details>
        )}
      </CardContent>
    </Card>
  );
}

/** /orders and /member/orders: the signed-in buyer's own orders, newest first; live as their status moves. */
export function MyOrdersPage() {
  const orders = useMyOrders();
  if (orders.isError)
    return <LoadError message="Your orders could not be loaded." retry={() => void orders.refetch()} />;
  if (!orders.data) return <LoadingState label="Loading your orders…" />;
  const shown = orders.data.orders.filter((order) => order.status !== 'pending');
  if (shown.length === 0)
    return (
      <p>
        You have no orders yet.{' '}
        <Link to="/store" className="underline">
          Visit the store
        </Link>
      </p>
    );
  return (
    <ul className="flex flex-col gap-4" aria-label="Your orders">
      {shown.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}

/** /checkout/success?order=…: the order just paid. */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const order = useOrder(id);
  if (!id)
    return (
      <p>
        No order to show.{' '}
        <Link to="/orders" className="underline">
          Your orders
        </Link>
      </p>
    );
  if (order.isError)
    return (
      <LoadError
        message={order.error.message || 'The order could not be loaded.'}
        retry={() => void order.refetch()}
      />
    );
  if (!order.data) return <LoadingState label="Loading your order…" />;
  return (
    <div className="flex flex-col gap-4">
      <p>
        Thank you! A confirmation has been emailed to {order.data.order.email}. Follow it under{' '}
        <Link to="/orders" className="underline">
          your orders
        </Link>
        .
      </p>
      <OrderCard order={order.data.order} open />
    </div>
  );
}
