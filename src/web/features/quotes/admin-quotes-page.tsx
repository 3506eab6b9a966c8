import { useState } from 'react';
import { AdminQuotesQuerySchema, type Quote } from '../../../shared/quotes';
import {
  QUOTE_KIND_LABELS,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUSES,
  type QuoteStatus,
} from '../../../shared/vocabulary/quotes';
import { formatMoney } from '../../lib/format';
import { useUrlFilters } from '../../lib/use-url-filters';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { LoadingState } from '../../ui/spinner';
import { AdminNav } from '../admin';
import { AnswerQuoteDialog } from './answer-quote-dialog';
import { useAdminQuotes } from './api';
import { day, QuoteAnswerLines, QuoteRequest, QuoteStatusBadge } from './quote-parts';

const KEYS = ['status'] as const;
const STATUS_OPTIONS = optionsOf(QUOTE_STATUSES, QUOTE_STATUS_LABELS);

function QuoteDetail({ quote }: { quote: Quote }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer underline-offset-4 hover:underline">
        Details of {quote.title}
      </summary>
      <div className="mt-2 flex flex-col gap-3">
        <QuoteRequest quote={quote} />
        <QuoteAnswerLines quote={quote} />
      </div>
    </details>
  );
}

/**
 * /admin/quotes: every member's quote request, newest first, filtered by status (kept in the address); a
 * request answered with priced lines, a message and an expiry. Live: a change anywhere makes it ask again.
 */
export function AdminQuotesPage() {
  const [filters, change] = useUrlFilters(KEYS, AdminQuotesQuerySchema);
  const status = filters.status as QuoteStatus | '';
  const list = useAdminQuotes(status);
  const [answering, setAnswering] = useState<Quote | null>(null);

  let body: React.ReactNode;
  if (list.isError)
    body = (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{list.error.message || 'Quotes could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (!list.data) body = <LoadingState label="Loading quotes…" />;
  else if (list.data.quotes.length === 0)
    body = (
      <p className="text-muted-foreground">
        {status ? `No ${QUOTE_STATUS_LABELS[status].toLowerCase()} quotes.` : 'No quote requests yet.'}
      </p>
    );
  else
    body = (
      <DataTable
        caption="Quotes"
        columns={['Quote', 'Member', 'Asked on', 'Status', 'Total', 'Actions']}
        scrolls
      >
        {list.data.quotes.map((quote) => (
          <tr key={quote.id} className="border-border border-t align-top">
            <th scope="row" className="px-3 py-2 font-normal">
              <span className="font-medium">{quote.title}</span>
              <span className="block text-muted-foreground text-xs">{QUOTE_KIND_LABELS[quote.kind]}</span>
              <QuoteDetail quote={quote} />
            </th>
            <td className="px-3 py-2">{quote.memberName}</td>
            <td className="px-3 py-2">
              <time dateTime={quote.createdAt}>{day(quote.createdAt)}</time>
            </td>
            <td className="px-3 py-2">
              <QuoteStatusBadge status={quote.status} />
            </td>
            <td className="px-3 py-2">{quote.totalCents === null ? '—' : formatMoney(quote.totalCents)}</td>
            <td className="px-3 py-2">
              {quote.status === 'requested' ? (
                <Button size="sm" onClick={() => setAnswering(quote)} aria-label={`Answer ${quote.title}`}>
                  Answer
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    );

  return (
    <div className="flex flex-col gap-4">
      <AdminNav />
      <h2 className="sr-only">Quotes</h2>
      <FilterBar label="Filter quotes">
        <SelectFilter
          label="Status"
          value={status}
          onChange={(value) => change({ status: value })}
          options={STATUS_OPTIONS}
          emptyLabel="All statuses"
        />
      </FilterBar>
      {body}
      {answering ? (
        <AnswerQuoteDialog key={answering.id} quote={answering} onClose={() => setAnswering(null)} />
      ) : null}
    </div>
  );
}
