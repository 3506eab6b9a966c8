import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { ORDER_TRANSITIONS } from '../../../shared/store';
import { MoveOrderInputSchema, type Order } from '../../../shared/store-orders';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '../../../shared/vocabulary/store';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
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

const hasReason = (status: string) => status === 'cancelled' || status === 'refunded';
/** Every field is kept while the status changes; only what the chosen status takes is sent and checked. */
const MoveFormSchema = z
  .object({ status: z.string(), trackingNumber: z.string(), carrier: z.string(), reason: z.string() })
  .transform(({ status, trackingNumber, carrier, reason }) => ({
    status,
    ...(status === 'shipped' ? { trackingNumber, carrier } : {}),
    ...(reason.trim() && hasReason(status) ? { reason } : {}),
  }))
  .pipe(MoveOrderInputSchema);
const FIELDS = ['trackingNumber', 'carrier', 'reason'];

function MoveForm({ order }: { order: Order }) {
  const next = ORDER_TRANSITIONS[order.status];
  const form = useZodForm(MoveFormSchema, {
    status: next[0] ?? '',
    trackingNumber: '',
    carrier: '',
    reason: '',
  });
  const status = form.watch('status');
  const { errors } = form.formState;
  const move = useMoveOrder();
  if (next.length === 0) return null;
  const submit = form.handleSubmit(async (input) => {
    try {
      await move.mutateAsync({ id: order.id, ...input });
      toast.success(`Order ${order.number} is now ${ORDER_STATUS_LABELS[input.status].toLowerCase()}`);
    } catch (caught) {
      const message = applyServerErrors(caught, {
        fields: FIELDS,
        setError: form.setError,
        fallback: 'The order could not be updated.',
      });
      toast.error('Order not updated', { description: message });
    }
  });
  return (
    <form
      noValidate
      aria-label={`Move order ${order.number}`}
      className="flex flex-wrap items-end gap-3 border-border border-t pt-4"
      onSubmit={submit}
    >
      <FormField label="New status">
        <Select {...form.register('status')}>
          {next.map((value) => (
            <option key={value} value={value}>
              {ORDER_STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
      </FormField>
      {status === 'shipped' ? (
        <>
          <FormField label="Tracking number" error={errors.trackingNumber?.message}>
            <Input {...form.register('trackingNumber')} />
          </FormField>
          <FormField label="Carrier" error={errors.carrier?.message}>
            <Input {...form.register('carrier')} />
          </FormField>
        </>
      ) : null}
      {hasReason(status) ? (
        <FormField label="Reason (optional)" error={errors.reason?.message}>
          <Input maxLength={500} {...form.register('reason')} />
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
