import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import {
  type AdminDonationsAnswer,
  AdminDonationsQuerySchema,
  DONATION_EMAIL_MAX,
  DONATION_PERIODS,
  DONATION_STATUSES,
  type Donation,
  type DonationPeriod,
  type DonationStatus,
} from '../../../shared/donations';
import { api } from '../../lib/api-client';
import { CLINIC_ZONE, formatMoney, formatterFor } from '../../lib/format';
import { useUrlFilters } from '../../lib/use-url-filters';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { FigureCards } from '../../ui/figure-cards';
import { DateRangeFilter, FilterBar, optionsOf, SelectFilter } from '../../ui/filter-bar';
import { SearchFilter } from '../../ui/search-filter';
import { LoadingState } from '../../ui/spinner';
import { DonationRefundDialog } from '../transactions';
import type { PeriodBar } from './admin-donations-page-chart';
import { DONATION_QUERIES } from './live';

const DonationPeriodChart = lazy(() => import('./admin-donations-page-chart'));

const STATUS_LABELS: Record<DonationStatus, string> = {
  pending: 'Not completed',
  paid: 'Paid',
  refunded: 'Refunded',
};
const PERIOD_LABELS: Record<DonationPeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
};

const KEYS = ['donor', 'status', 'from', 'to', 'period', 'page'] as const;
type Filters = Record<(typeof KEYS)[number], string>;

const adminDonationsKey = (filters: Filters) => [DONATION_QUERIES[1][0], filters] as const;

/** The clinic's donations, one page at a time, with totals by period; under DONATION_QUERIES, so it stays live. */
function useAdminDonations(filters: Filters) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  return useQuery({
    queryKey: adminDonationsKey(filters),
    queryFn: ({ signal }) => api.get<AdminDonationsAnswer>(`/api/admin/donations?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

const clinicTime = (at: string) => formatterFor(CLINIC_ZONE).dateTime(at);
const dayOf = (day: string) => formatterFor().day(day);

/** '2026-11-16' as '16 Nov 2026' (a week: 'Week of 16 Nov 2026'), '2026-11' as 'Nov 2026', '2026' as is. */
export function periodLabel(period: string, kind: DonationPeriod) {
  if (kind === 'year') return period;
  if (kind === 'month') return formatterFor().monthOfYear(period);
  return kind === 'week' ? `Week of ${dayOf(period)}` : dayOf(period);
}

/**
 * /admin/donations: every donation, newest first, 25 a page; donor search, status and days; totals of paid
 * and refunded gifts by day, week, month or year as a chart and a table; a paid donation refunded whole after
 * confirming. Live: any donation made, paid or refunded makes it ask again.
 */
export function AdminDonationsPage() {
  const [filters, change] = useUrlFilters(KEYS, AdminDonationsQuerySchema, { pageKey: 'page' });
  const period = (filters.period || 'month') as DonationPeriod;
  const list = useAdminDonations(filters);
  const [refunding, setRefunding] = useState<Donation | null>(null);

  const onDonor = useCallback((donor: string) => change({ donor }), [change]);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Donations</h2>
      <FilterBar label="Filter donations">
        <SearchFilter
          label="Donor"
          hint="Name or email"
          value={filters.donor}
          maxLength={DONATION_EMAIL_MAX}
          onChange={onDonor}
        />
        <SelectFilter
          label="Status"
          emptyLabel="All statuses"
          value={filters.status as DonationStatus | ''}
          onChange={(status) => change({ status })}
          options={optionsOf(DONATION_STATUSES, STATUS_LABELS)}
        />
        <DateRangeFilter range={{ from: filters.from, to: filters.to }} onChange={change} />
        <SelectFilter
          label="Totals by"
          value={period}
          onChange={(value) => change({ period: value === 'month' ? '' : value })}
          options={optionsOf(DONATION_PERIODS, PERIOD_LABELS)}
        />
      </FilterBar>
      <DonationsBody
        list={list}
        period={period}
        onRefund={setRefunding}
        onPage={(page) => change({ page: page === 1 ? '' : String(page) })}
        filtered={Boolean(filters.donor || filters.status || filters.from || filters.to)}
      />
      {refunding ? (
        <DonationRefundDialog
          donation={{
            donationId: refunding.id,
            amountCents: refunding.amountCents,
            donorName: `${refunding.firstName} ${refunding.lastName}`.trim(),
          }}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </div>
  );
}

type BodyProps = {
  list: ReturnType<typeof useAdminDonations>;
  period: DonationPeriod;
  filtered: boolean;
  onRefund: (donation: Donation) => void;
  onPage: (page: number) => void;
};

function DonationsBody({ list, period, filtered, onRefund, onPage }: BodyProps) {
  if (list.isError)
    return (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{list.error.message || 'Could not load the donations.'}</span>
        <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!list.data) return <LoadingState label="Loading donations…" />;
  const { donations, totals, byPeriod, page, pageSize, total } = list.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <FigureCards
        label={filtered ? 'Totals of the filtered donations' : 'Totals of all donations'}
        figures={[
          { term: 'Paid donations', value: totals.count },
          { term: 'Paid', value: formatMoney(totals.amountCents) },
          { term: 'Refunded donations', value: totals.refundedCount },
          { term: 'Refunded', value: formatMoney(totals.refundedCents) },
        ]}
      />
      <PeriodTotals rows={byPeriod} period={period} />
      {donations.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted-foreground">
          {filtered ? 'No donations match these filters.' : 'No donations yet.'}
        </p>
      ) : (
        <>
          <DonationTable donations={donations} onRefund={onRefund} />
          <nav aria-label="Donation pages" className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted-foreground text-sm" aria-live="polite">
              Page {page} of {pages} ({total === 1 ? '1 donation' : `${total} donations`})
            </p>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                Previous page
              </Button>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                Next page
              </Button>
            </div>
          </nav>
        </>
      )}
    </>
  );
}

function PeriodTotals({ rows, period }: { rows: AdminDonationsAnswer['byPeriod']; period: DonationPeriod }) {
  if (rows.length === 0) return null;
  // Oldest on the left, as a reader expects time to run.
  const bars: PeriodBar[] = [...rows].reverse().map((row) => ({
    label: periodLabel(row.period, period),
    paid: row.amountCents / 100,
    refunded: row.refundedCents / 100,
  }));
  const summary = rows
    .slice(0, 3)
    .map((row) => `${periodLabel(row.period, period)}: ${formatMoney(row.amountCents)} paid`)
    .join('; ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Totals by {PERIOD_LABELS[period].toLowerCase()}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div
          role="img"
          aria-label={`Donations by ${period}, latest first: ${summary}`}
          className="min-h-[240px]"
        >
          <Suspense fallback={<LoadingState label="Drawing the chart…" />}>
            <DonationPeriodChart bars={bars} />
          </Suspense>
        </div>
        <DataTable
          caption={`Donation totals by ${period}, newest first`}
          columns={[PERIOD_LABELS[period], 'Paid donations', 'Paid', 'Refunded donations', 'Refunded']}
        >
          {rows.map((row) => (
            <tr key={row.period} className="border-border border-t">
              <th scope="row" className="px-3 py-2 font-normal">
                {periodLabel(row.period, period)}
              </th>
              <td className="px-3 py-2">{row.count}</td>
              <td className="px-3 py-2">{formatMoney(row.amountCents)}</td>
              <td className="px-3 py-2">{row.refundedCount}</td>
              <td className="px-3 py-2">{formatMoney(row.refundedCents)}</td>
            </tr>
          ))}
        </DataTable>
      </CardContent>
    </Card>
  );
}

function DonationTable({
  donations,
  onRefund,
}: {
  donations: Donation[];
  onRefund: (donation: Donation) => void;
}) {
  return (
    <DataTable
      caption={`Donations: ${donations.length} on this page, newest first`}
      columns={['Made', 'Donor', 'For', 'Amount', 'Status', 'Card', 'Actions']}
    >
      {donations.map((donation) => {
        const name = `${donation.firstName} ${donation.lastName}`.trim();
        return (
          <tr key={donation.id} className="border-border border-t align-top">
            <th scope="row" className="whitespace-nowrap px-3 py-2 font-normal">
              <time dateTime={donation.createdAt}>{clinicTime(donation.createdAt)}</time>
            </th>
            <td className="px-3 py-2">
              <span className="block font-medium">{name}</span>
              <span className="block break-all text-muted-foreground text-xs">{donation.email}</span>
            </td>
            <td className="px-3 py-2">{donation.description}</td>
            <td className="whitespace-nowrap px-3 py-2 font-medium">{formatMoney(donation.amountCents)}</td>
            <td className="px-3 py-2">
              <Badge variant={donation.status === 'paid' ? 'secondary' : 'outline'}>
                {STATUS_LABELS[donation.status]}
              </Badge>
              {donation.refundedAt ? (
                <span className="block text-muted-foreground text-xs">
                  on <time dateTime={donation.refundedAt}>{clinicTime(donation.refundedAt)}</time>
                </span>
              ) : null}
            </td>
            <td className="px-3 py-2">{donation.cardLast4 ? `•••• ${donation.cardLast4}` : '—'}</td>
            <td className="px-3 py-2">
              {donation.status === 'paid' ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onRefund(donation)}
                  aria-label={`Refund: ${formatMoney(donation.amountCents)} from ${name}`}
                >
                  Refund
                </Button>
              ) : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
