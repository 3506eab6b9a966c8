import { FULFILMENT_STATE_LABELS, type Fulfilment } from '../../../shared/printful';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useFulfilments } from './api';
import { momentOf } from './connection-card';

const NEEDS_A_PERSON: ReadonlySet<Fulfilment['state']> = new Set(['failed', 'canceled']);

function FulfilmentRow({ fulfilment }: { fulfilment: Fulfilment }) {
  const { state } = fulfilment;
  return (
    <tr className="border-border border-t align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        {fulfilment.orderNumber}
      </th>
      <td className="px-3 py-2">{fulfilment.printfulOrderId ?? '—'}</td>
      <td className="px-3 py-2">
        <Badge variant={NEEDS_A_PERSON.has(state) ? 'outline' : 'default'}>
          {FULFILMENT_STATE_LABELS[state]}
        </Badge>
        {fulfilment.printfulStatus ? (
          <span className="block text-muted-foreground text-xs">Printful: {fulfilment.printfulStatus}</span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        {fulfilment.trackingNumber ? `${fulfilment.carrier ?? ''} ${fulfilment.trackingNumber}`.trim() : '—'}
      </td>
      <td className="px-3 py-2">
        {fulfilment.lastError
          ? `${fulfilment.lastError}${state === 'retry' ? ` (tried ${fulfilment.attempts} times)` : ''}`
          : '—'}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{momentOf(fulfilment.updatedAt)}</td>
    </tr>
  );
}

/** Store orders sent to Printful, newest first: Printful's order, where it stands, tracking and problems. */
export function FulfilmentList() {
  const fulfilments = useFulfilments();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Orders sent to Printful</CardTitle>
        <CardDescription>
          Paid store orders holding Printful products, newest first. This list follows Printful as it reports
          progress. A failed or cancelled order needs you: look into it in Printful, or cancel and refund it
          under Store Orders.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {fulfilments.isError ? (
          <LoadError
            message="The orders sent to Printful could not be loaded."
            retry={() => void fulfilments.refetch()}
          />
        ) : !fulfilments.data ? (
          <LoadingState label="Loading the orders sent to Printful…" />
        ) : fulfilments.data.fulfilments.length === 0 ? (
          <p className="text-sm">No orders have been sent to Printful yet.</p>
        ) : (
          <DataTable
            caption="Orders sent to Printful"
            columns={['Order', 'Printful order', 'Status', 'Tracking', 'Problem', 'Updated']}
          >
            {fulfilments.data.fulfilments.map((fulfilment) => (
              <FulfilmentRow key={fulfilment.orderId} fulfilment={fulfilment} />
            ))}
          </DataTable>
        )}
      </CardContent>
    </Card>
  );
}
