import type { Quote } from '../../../shared/quotes';
import { QUOTE_KIND_LABELS, QUOTE_STATUS_LABELS, type QuoteStatus } from '../../../shared/vocabulary/quotes';
import { formatMoney, formatNumber, formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';

export const day = (iso: string) => formatterFor().date(iso);
export const dayAndTime = (iso: string) => formatterFor().dateTime(iso);

const QUIET: QuoteStatus[] = ['declined', 'expired', 'cancelled'];

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <Badge variant={QUIET.includes(status) ? 'outline' : status === 'answered' ? 'default' : 'secondary'}>
      {QUOTE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** What the member asked for: kind, quantity, budget and the details, as written. */
export function QuoteRequest({ quote }: { quote: Quote }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-muted-foreground">For</dt>
      <dd>{QUOTE_KIND_LABELS[quote.kind]}</dd>
      {quote.quantity ? (
        <>
          <dt className="text-muted-foreground">Quantity</dt>
          <dd>{formatNumber(quote.quantity)}</dd>
        </>
      ) : null}
      {quote.budgetCents ? (
        <>
          <dt className="text-muted-foreground">Budget</dt>
          <dd>{formatMoney(quote.budgetCents)}</dd>
        </>
      ) : null}
      <dt className="text-muted-foreground">Details</dt>
      <dd className="whitespace-pre-line">{quote.details}</dd>
    </dl>
  );
}

/** The clinic's answer: its priced lines, the total, the message and until when it holds. */
export function QuoteAnswerLines({ quote }: { quote: Quote }) {
  if (quote.totalCents === null) return null;
  return (
    <div className="flex flex-col gap-2">
      <table className="w-full text-sm">
        <caption className="sr-only">Priced lines of {quote.title}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-medium">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Unit price
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line, index) => (
            // Lines have no id of their own and never change order once answered.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={index} className="border-border border-t">
              <td className="py-1 pr-2">{line.description}</td>
              <td className="py-1 pr-2 text-right">{formatNumber(line.quantity)}</td>
              <td className="py-1 pr-2 text-right">{formatMoney(line.unitPriceCents)}</td>
              <td className="py-1 text-right">{formatMoney(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-border border-t font-semibold">
            <th scope="row" colSpan={3} className="py-1 pr-2 text-left">
              Total
            </th>
            <td className="py-1 text-right">{formatMoney(quote.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {quote.message ? <p className="whitespace-pre-line text-sm">{quote.message}</p> : null}
      {quote.expiresAt ? (
        <p className="text-muted-foreground text-sm">
          {quote.status === 'expired' ? 'Expired' : 'Valid until'}{' '}
          <time dateTime={quote.expiresAt}>{dayAndTime(quote.expiresAt)}</time>
        </p>
      ) : null}
    </div>
  );
}
