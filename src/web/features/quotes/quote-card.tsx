import { Link } from 'react-router';
import type { Quote } from '../../../shared/quotes';
import type { Order } from '../../../shared/store-orders';
import { ORDER_STATUS_LABELS } from '../../../shared/vocabulary/store';
import { formatMoney } from '../../lib/format';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { day, QuoteAnswerLines, QuoteRequest, QuoteStatusBadge } from './quote-parts';

/** One of the member's quotes: what was asked, the clinic's answer, and what the member can do with it now. */
export function QuoteCard({
  quote,
  order,
  busy,
  onAccept,
  onDecline,
  onPay,
}: {
  quote: Quote;
  order: Order | undefined;
  busy: boolean;
  onAccept: (quote: Quote) => void;
  onDecline: (quote: Quote) => void;
  onPay: (quote: Quote) => void;
}) {
  const headingId = `quote-${quote.id}`;
  const waitingToPay = quote.status === 'accepted' && order?.status === 'pending';
  return (
    <Card>
      <article aria-labelledby={headingId}>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id={headingId}>{quote.title}</CardTitle>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <CardDescription>
            Asked on <time dateTime={quote.createdAt}>{day(quote.createdAt)}</time>
            {quote.totalCents !== null ? ` · ${formatMoney(quote.totalCents)}` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <QuoteRequest quote={quote} />
          {quote.status === 'requested' ? (
            <p className="text-muted-foreground text-sm">Waiting for the clinic to answer.</p>
          ) : null}
          <QuoteAnswerLines quote={quote} />
          {quote.status === 'answered' ? (
            <div className="flex flex-wrap gap-2">
              <Button disabled={busy} onClick={() => onAccept(quote)}>
                Accept and pay {formatMoney(quote.totalCents ?? 0)}
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => onDecline(quote)}>
                Decline
              </Button>
            </div>
          ) : null}
          {quote.status === 'expired' ? (
            <p className="text-sm">This quote has expired. Ask again if you still need it.</p>
          ) : null}
          {waitingToPay ? (
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-sm">Accepted: its order {order.number} is waiting to be paid.</p>
              <Button disabled={busy} onClick={() => onPay(quote)}>
                Pay {formatMoney(order.totals.totalCents)}
              </Button>
            </div>
          ) : null}
          {quote.status === 'accepted' && order && order.status !== 'pending' ? (
            <p className="text-sm">
              Order {order.number}: {ORDER_STATUS_LABELS[order.status]}.{' '}
              <Link to="/member/orders" className="underline">
                See your orders
              </Link>
            </p>
          ) : null}
        </CardContent>
      </article>
    </Card>
  );
}
