import { useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '../../../shared/money';
import { ORDER_TRANSITIONS, type Order } from '../../../shared/store';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../shared/vocabulary/store';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { LoadError } from '../../ui/load-error';
import { Select } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { AdminNav } from '../admin';
import { AdminStockPanel } from './admin-stock';
import { useAdminOrders, useMoveOrder } from './api';
import { dayOf } from './orders-pages';
import { OrderDetails, StatusBadge } from './parts';

function MoveForm({ order }: { order: Order }) {
  const next = ORDER_TRANSITIONS[order.status];
  const [status, setStatus] = useState<OrderStatus | ''>(next[0] ?? '');
  const [trackingNumber, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const move = useMoveOrder();
  if (next.length === 0) return null;
  const submit = async () => {
    if (!status) return;
    setErrors({});
    try {
      await move.mutateAsync({
        id: order.id,
        status,
        ...(status === 'shipped' ? { trackingNumber, carrier } : {}),
        ...(reason.trim() && (status === 'cancelled' || status === 'refunded') ? { reason } : {}),
      });
      toast.success(`Order ${order.number} is now ${ORDER_STATUS_LABELS[status].toLowerCase()}`);
    } catch (caught) {
      if (isApiRequestError(caught) && caught.fields) setErrors(caught.fields);
      toast.error('Order not updated', { description: (caught as Error).message });
    }
  };
  const selectId = `move-${order.id}`;
  return (
    <form
      noValidate
      aria-label={`Move order ${order.number}`}
      className="flex flex-wrap items-end gap-3 border-border border-t pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="font-medium text-sm">
          New status
        </label>
        <Select
          id={selectId}
          value={status}
          onChange={(event) => setStatus(event.target.value as OrderStatus)}
        >
          {next.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      {status === 'shipped' ? (
        <>
          <FormField label="Tracking number" error={errors.trackingNumber}>
            <Input value={trackingNumber} onChange={(event) => setTracking(event.target.value)} />
          </FormField>
          <FormField label="Carrier" error={errors.carrier}>
            <Input value={carrier} onChange={(event) => setCarrier(event.target.value)} />
          </FormField>
        </>
      ) : null}
      {status === 'cancelled' || status === 'refunded' ? (
        <FormField label="Reason (optional)" error={errors.reason}>
          <Input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </FormField>
      ) : null}
      <Button type="submit" disabled={move.isPending}>
        Update status
      </Button>
    </form>
  );
}

/** /admin/orders: every order, filtered by status, moved on through fulfilment; live as orders change. */
export function AdminOrdersPage() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const orders = useAdminOrders(status);
  return (
    <div className="flex flex-col gap-6">
      <AdminNav />
      <FilterBar label="Filter orders">
        <SelectFilter
          label="Status"
          value={status}
          onChange={setStatus}
          options={optionsOf(ORDER_STATUSES, ORDER_STATUS_LABELS)}
          emptyLabel="All statuses"
        />
      </FilterBar>
      {orders.isError ? (
        <LoadError message="The orders could not be loaded." retry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <LoadingState label="Loading orders…" />
      ) : orders.data.orders.length === 0 ? (
        <p>No orders.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Orders">
          {orders.data.orders.map((order) => (
            <li key={order.id}>
              <Card>
                <CardHeader>
                  <CardTitle>
                    Order {order.number} · {order.buyerName}
                  </CardTitle>
                  <CardDescription>
                    {dayOf(order.createdAt)} · {formatMoney(order.totals.totalCents)} ·{' '}
                    <StatusBadge status={order.status} />
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  <details>
                    <summary className="cursor-pointer">Details of order {order.number}</summary>
                    <div className="pt-3">
                      <OrderDetails order={order} />
                    </div>
                  </details>
                  <MoveForm key={order.status} order={order} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <AdminStockPanel />
    </div>
  );
}
