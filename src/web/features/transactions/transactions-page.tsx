import { Download } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import {
  TRANSACTION_KIND_LABELS,
  TRANSACTION_KINDS,
  TRANSACTION_METHOD_LABELS,
  TRANSACTION_METHODS,
  TRANSACTION_SEARCH_MAX,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  type Transaction,
  TransactionsExportQuerySchema,
} from '../../../shared/transactions';
import { CLINIC_TIME_ZONE } from '../../../shared/vocabulary/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { useUrlFilters } from '../../lib/use-url-filters';
import { Button } from '../../ui/button';
import { FigureCards } from '../../ui/figure-cards';
import { DateRangeFilter, FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { PagedList } from '../../ui/paged-list';
import { SearchFilter } from '../../ui/search-filter';
import { Spinner } from '../../ui/spinner';
import { downloadTransactionsCsv, useTransactions } from './api';
import { asQuery, FILTER_KEYS, type Kind, type Method, type Status } from './filters';
import {
  DonationRefundDialog,
  EventRefundDialog,
  InvoiceRefundDialog,
  OrderRefundDialog,
} from './refund-dialogs';
import { TransactionTable } from './transaction-table';

/**
 * /admin/transactions: every payment the clinic received, donations and invoices, newest first, with their
 * refunds; filtered by kind, method, status, clinic days and payer or invoice number; totals over the whole
 * filter; refunds of what is left; CSV export. Live: a donation or invoice change makes it ask again.
 */
export function TransactionsPage() {
  const [filters, change] = useUrlFilters(FILTER_KEYS, TransactionsExportQuerySchema);
  const query = asQuery(filters);
  const list = useTransactions(query);
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  const [exporting, setExporting] = useState(false);

  const onSearch = useCallback((search: string) => change({ search }), [change]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadTransactionsCsv(query);
    } catch (caught) {
      toast.error(isApiRequestError(caught) ? caught.message : 'Could not export the transactions.');
    } finally {
      setExporting(false);
    }
  };

  const transactions = list.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = list.data?.pages[0]?.totals;
  const filtered = Object.keys(query).length > 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="font-semibold text-lg">Payments received</h2>
          <p className="text-muted-foreground text-sm">
            Days are the clinic's ({CLINIC_TIME_ZONE.replace('_', ' ')} time).
          </p>
        </div>
        <Button size="sm" variant="outline" onClick={exportCsv} disabled={exporting}>
          {exporting ? <Spinner /> : <Download aria-hidden="true" />}
          Export CSV
        </Button>
      </div>
      <FilterBar label="Filter transactions">
        <SearchFilter
          label="Search"
          hint="Payer's name or email, or invoice number"
          value={filters.search}
          maxLength={TRANSACTION_SEARCH_MAX}
          onChange={onSearch}
        />
        <SelectFilter
          label="Kind"
          emptyLabel="Donations and invoices"
          value={filters.kind as Kind | ''}
          onChange={(kind) => change({ kind })}
          options={optionsOf(TRANSACTION_KINDS, TRANSACTION_KIND_LABELS)}
        />
        <SelectFilter
          label="Method"
          emptyLabel="All methods"
          value={filters.method as Method | ''}
          onChange={(method) => change({ method })}
          options={optionsOf(TRANSACTION_METHODS, TRANSACTION_METHOD_LABELS)}
        />
        <SelectFilter
          label="Status"
          emptyLabel="All statuses"
          value={filters.status as Status | ''}
          onChange={(status) => change({ status })}
          options={optionsOf(TRANSACTION_STATUSES, TRANSACTION_STATUS_LABELS)}
        />
        <DateRangeFilter range={{ from: filters.from, to: filters.to }} onChange={change} />
      </FilterBar>
      {totals ? (
        <FigureCards
          label={filtered ? 'Totals of the filtered payments' : 'Totals of all payments'}
          figures={[
            { term: 'Received', value: formatMoney(totals.receivedCents) },
            { term: 'Refunded', value: formatMoney(totals.refundedCents) },
            { term: 'Net', value: formatMoney(totals.netCents) },
            { term: 'Payments', value: totals.count },
          ]}
        />
      ) : null}
      <PagedList
        query={list}
        count={transactions.length}
        loadingLabel="Loading transactions…"
        errorText="Could not load the transactions."
        emptyText={filtered ? 'No payments match these filters.' : 'No payments received yet.'}
        loadMoreErrorText="Could not load more transactions. Please try again."
      >
        <TransactionTable transactions={transactions} onRefund={setRefunding} />
      </PagedList>
      {refunding?.kind === 'donation' ? (
        <DonationRefundDialog
          donation={{
            donationId: refunding.donationId ?? '',
            amountCents: refunding.amountCents,
            donorName: refunding.payerName,
          }}
          onClose={() => setRefunding(null)}
        />
      ) : null}
      {refunding?.kind === 'invoice' ? (
        <InvoiceRefundDialog transaction={refunding} onClose={() => setRefunding(null)} />
      ) : null}
      {refunding?.kind === 'order' ? (
        <OrderRefundDialog transaction={refunding} onClose={() => setRefunding(null)} />
      ) : null}
      {refunding?.kind === 'event' ? (
        <EventRefundDialog transaction={refunding} onClose={() => setRefunding(null)} />
      ) : null}
    </div>
  );
}
