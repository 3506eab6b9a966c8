import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';
import { lazy, Suspense, useId } from 'react';
import { useSearchParams } from 'react-router';
import {
  ADMIN_ONLY_REPORTS,
  PRACTITIONER_REPORTS,
  REPORT_MAX_DAYS,
  REPORT_NAMES,
  REPORT_TITLES,
  type ReportName,
} from '../../../shared/reports';
import { CLINIC_TIME_ZONE } from '../../../shared/vocabulary/scheduling';
import { downloadCsv } from '../../lib/csv';
import { isId } from '../../lib/ids';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { DateRangeFilter, FilterBar } from '../../ui/filter-bar';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { OutcomeReportSection } from '../check-ins';
import { PractitionerFilter } from '../patients';
import { type ReportRange, useReport } from './api';
import { csvRowsOf, viewOf } from './report-views';

const ReportChartDrawing = lazy(() => import('./report-chart-drawing'));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const clinicToday = () => format(new TZDate(Date.now(), CLINIC_TIME_ZONE), 'yyyy-MM-dd');

/** The range in the address, or the last 30 days of the clinic's calendar. */
function rangeFrom(params: URLSearchParams): ReportRange {
  const to = params.get('to');
  const from = params.get('from');
  const today = clinicToday();
  const end = to && DAY.test(to) ? to : today;
  const start =
    from && DAY.test(from) ? from : format(subDays(new Date(`${end}T12:00:00Z`), 29), 'yyyy-MM-dd');
  const practitioner = params.get('practitioner');
  return { from: start, to: end, practitionerId: isId(practitioner) ? practitioner.toLowerCase() : '' };
}

/**
 * /reports and /admin/reports: the clinic's figures for a range of days, each report a chart with its table and
 * a CSV export. Practitioners see their own figures; staff and admin the clinic's, narrowed to a practitioner
 * if they like; /admin/reports adds the admin's own (membership).
 */
export function ReportsPage({ admin = false }: { admin?: boolean }) {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const range = rangeFrom(params);
  const isStaff = user.role === 'staff' || user.role === 'admin';
  const names = REPORT_NAMES.filter((name) =>
    user.role === 'practitioner'
      ? PRACTITIONER_REPORTS.includes(name)
      : admin || !ADMIN_ONLY_REPORTS.includes(name),
  );
  const change = (changes: Partial<ReportRange>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const merged = rangeFrom(current);
        if (changes.from) merged.from = changes.from;
        if (changes.to) merged.to = changes.to;
        if (changes.practitionerId !== undefined) merged.practitionerId = changes.practitionerId;
        next.set('from', merged.from);
        next.set('to', merged.to);
        if (merged.practitionerId) next.set('practitioner', merged.practitionerId);
        else next.delete('practitioner');
        return next;
      },
      { replace: true },
    );
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  const valid = range.from <= range.to && days <= REPORT_MAX_DAYS;

  return (
    <div className="flex flex-col gap-6">
      <FilterBar label="Report range">
        <DateRangeFilter
          range={range}
          onChange={(changes) => change({ from: changes.from || undefined, to: changes.to || undefined })}
        />
        {isStaff ? (
          <PractitionerFilter
            value={range.practitionerId}
            onChange={(id) => change({ practitionerId: id })}
          />
        ) : null}
      </FilterBar>
      <p className="text-muted-foreground text-sm">
        {user.role === 'practitioner' ? 'Your own figures. ' : null}
        Days are the clinic's ({CLINIC_TIME_ZONE}); the range includes both ends.
      </p>
      {valid ? (
        <div className="grid gap-6 xl:grid-cols-2">
          {names.map((name) => (
            <ReportCard key={name} name={name} range={range} />
          ))}
          {isStaff ? <OutcomeReportSection range={range} onRangeChange={change} /> : null}
        </div>
      ) : (
        <Alert variant="error">
          Choose a range of at most {REPORT_MAX_DAYS} days whose start is not after its end.
        </Alert>
      )}
    </div>
  );
}

function ReportCard({ name, range }: { name: ReportName; range: ReportRange }) {
  const headingId = useId();
  const report = useReport(name, range);
  const title = REPORT_TITLES[name];
  const view = report.data ? viewOf(report.data) : null;
  return (
    <Card aria-labelledby={headingId} aria-busy={report.isFetching}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>{title}</CardTitle>
        {view && report.data ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Export ${title} as CSV`}
            onClick={() =>
              downloadCsv(
                `${name}-${range.from}-to-${range.to}.csv`,
                csvRowsOf(title, report.data, view.table),
              )
            }
          >
            Export CSV
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {report.isError ? (
          <Alert variant="error">This report could not be loaded. {report.error.message}</Alert>
        ) : !view ? (
          <LoadingState label={`Loading ${title.toLowerCase()}…`} />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {view.summary.map((item) => (
                <div key={item.label} className="flex flex-col">
                  <dt className="text-muted-foreground text-sm">{item.label}</dt>
                  <dd className="font-semibold text-xl tabular-nums">{item.value}</dd>
                </div>
              ))}
            </dl>
            {view.chart && view.table.rows.length > 0 ? (
              <div aria-hidden="true">
                <Suspense fallback={<div className="h-[260px]" />}>
                  <ReportChartDrawing chart={view.chart} />
                </Suspense>
              </div>
            ) : null}
            {view.table.rows.length === 0 ? (
              <p className="text-muted-foreground">Nothing to show for this range.</p>
            ) : (
              // The chart repeats this table, which is what screen readers and keyboards use.
              <DataTable caption={`${title}, ${range.from} to ${range.to}`} columns={view.table.columns}>
                {view.table.rows.map((row) => (
                  <tr key={String(row[0])} className="border-border border-t">
                    <th scope="row" className="whitespace-nowrap px-3 py-2 font-medium">
                      {row[0]}
                    </th>
                    {row.slice(1).map((cell, i) => (
                      <td key={view.table.columns[i + 1]} className="px-3 py-2 tabular-nums">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
