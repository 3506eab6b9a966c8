import { Package } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Order, Totals } from '../../../shared/store-orders';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/vocabulary/store';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { Badge } from '../../ui/badge';

/**
 * A product's picture, or a plain placeholder for a product added without one; the placeholder says nothing
 * to a screen reader, since the product's name is always beside it.
 */
export function ProductImage({ src, alt, className }: { src: string; alt: string; className: string }) {
  if (src) return <img src={src} alt={alt} className={className} />;
  return (
    <div
      aria-hidden="true"
      className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
    >
      <Package aria-hidden="true" className="size-1/3 max-h-16 max-w-16" />
    </div>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const quiet = status === 'cancelled' || status === 'refunded' || status === 'pending';
  return <Badge variant={quiet ? 'outline' : 'default'}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-semibold' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Subtotal, tax, shipping and total as the server computed them. */
export function TotalsList({ totals }: { totals: Totals }) {
  return (
    <dl className="flex flex-col gap-1 text-sm">
      <Row label="Subtotal">{formatMoney(totals.subtotalCents)}</Row>
      <Row label={`Tax (${(totals.taxRateBasisPoints / 100).toFixed(2)}%)`}>
        {formatMoney(totals.taxCents)}
      </Row>
      <Row label="Shipping">{totals.shippingCents === 0 ? 'Free' : formatMoney(totals.shippingCents)}</Row>
      <Row label="Total" strong>
        {formatMoney(totals.totalCents)}
      </Row>
    </dl>
  );
}

/** One order's lines, address, status and tracking; the status is left out where the card above says it. */
export function OrderDetails({ order, showStatus = true }: { order: Order; showStatus?: boolean }) {
  const address = order.shippingAddress;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2">
        {showStatus ? (
          <span>
            Status: <StatusBadge status={order.status} />
          </span>
        ) : null}
        {order.trackingNumber ? (
          <span>
            Shipped with {order.carrier}, tracking number <strong>{order.trackingNumber}</strong>
          </span>
        ) : null}
      </p>
      {order.statusNote ? <p className="text-muted-foreground text-sm">{order.statusNote}</p> : null}
      <ul className="flex flex-col gap-1 text-sm">
        {order.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-2">
            <span>
              {item.quantity} × {item.productName}
              {item.variantLabel ? ` (${item.variantLabel})` : ''}
            </span>
            <span>{formatMoney(item.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <TotalsList totals={order.totals} />
      <p className="text-sm">
        Ships to {address.name}, {address.line1}
        {address.line2 ? `, ${address.line2}` : ''}, {address.city}, {address.region} {address.postalCode},{' '}
        {address.country}
      </p>
    </div>
  );
}
