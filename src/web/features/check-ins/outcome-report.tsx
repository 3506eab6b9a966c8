import { useId, useState } from 'react';
import { OUTCOME_REPORT_DEFAULT_DAYS } from '../../../shared/check-ins';
import { OUTCOME_MEASURE_CODES, OUTCOME_MEASURES } from '../../../shared/outcome-measures';
import { downloadCsv } from '../../lib/csv';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { SelectFilter } from '../../ui/filter-bar';
import { LoadingState } from '../../ui/spinner';
import { useOutcomeReport } from './api';
import {
  cellsOf,
  GROUPING_LABELS,
  headlineOf,
  mcidNote,
  OUTCOME_REPORT_TITLE,
  type OutcomeGrouping,
  outcomeCsvRows,
  TABLE_COLUMNS,
} from './outcome-report-view';
import type { OutcomeMeasureCode } from './types';

export type OutcomeReportSectionProps = {
  range: { from: string; to: string };
  /** Moves the page's range (the empty state offers a longer one: outcomes take months). */
  onRangeChange: (range: { from: string; to: string }) => void;
};

const MEASURE_OPTIONS = OUTCOME_MEASURE_CODES.map((code) => ({
  value: code,
  label: `${OUTCOME_MEASURES[code].title} (${OUTCOME_MEASURES[code].shortTitle})`,
}));

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The reports page's outcomes (staff and admin, while the clinic has care between visits on): per measure,
 * patients with two scores in the range, their mean first and latest scores and the share past the MCID, by
 * practitioner and by service, with a CSV of both.
 */
export function OutcomeReportSection({ range, onRangeChange }: OutcomeReportSectionProps) {
  const headingId = useId();
  const [measure, setMeasure] = useState<OutcomeMeasureCode | ''>('');
  const report = useOutcomeReport({ from: range.from, to: range.to, measure });
  const answer = report.data;
  const empty = answer && answer.byPractitioner.length === 0;
  const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  return (
    <Card aria-labelledby={headingId} aria-busy={report.isFetching} className="xl:col-span-2">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>{OUTCOME_REPORT_TITLE}</CardTitle>
        {answer && !empty ? (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Export ${OUTCOME_REPORT_TITLE} as CSV`}
            onClick={() =>
              downloadCsv(
                `outcomes${answer.measure ? `-${answer.measure}` : ''}-${answer.from}-to-${answer.to}.csv`,
                outcomeCsvRows(answer),
              )
            }
          >
            Export CSV
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CardDescription>
          Patients with at least two scores of a measure in the range: their first (baseline) and last
          (latest) scores, and how many improved by at least the measure's minimal clinically important
          difference (MCID).
        </CardDescription>
        <div className="max-w-sm">
          <SelectFilter<OutcomeMeasureCode>
            label="Measure"
            value={measure}
            onChange={setMeasure}
            options={MEASURE_OPTIONS}
            emptyLabel="All measures"
          />
        </div>
        {report.isError ? (
          <Alert variant="error">The outcomes report could not be loaded. {report.error.message}</Alert>
        ) : !answer ? (
          <LoadingState label="Loading outcomes…" />
        ) : empty ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-muted-foreground">
              No patient has two scores of {measure ? OUTCOME_MEASURES[measure].shortTitle : 'a measure'}{' '}
              between {answer.from} and {answer.to}.
            </p>
            {days < OUTCOME_REPORT_DEFAULT_DAYS ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  onRangeChange({ from: dayBefore(range.to, OUTCOME_REPORT_DEFAULT_DAYS - 1), to: range.to })
                }
              >
                Show the {OUTCOME_REPORT_DEFAULT_DAYS} days to {range.to}
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {headlineOf(answer).map((item) => (
                <div key={item.label} className="flex flex-col">
                  <dt className="text-muted-foreground text-sm">{item.label}</dt>
                  <dd className="font-semibold text-xl tabular-nums">{item.value}</dd>
                </div>
              ))}
            </dl>
            <div className="grid gap-6 2xl:grid-cols-2">
              {(['byPractitioner', 'byService'] as const).map((grouping) => (
                <OutcomeTable key={grouping} grouping={grouping} answer={answer} />
              ))}
            </div>
            <p className="text-muted-foreground text-sm">
              MCID: {mcidNote()}. Each patient counts under the practitioner and service of their last
              appointment up to their latest score (else their next one); cancelled and missed visits are left
              out.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function OutcomeTable({
  grouping,
  answer,
}: {
  grouping: OutcomeGrouping;
  answer: NonNullable<ReturnType<typeof useOutcomeReport>['data']>;
}) {
  const headingId = useId();
  const name = GROUPING_LABELS[grouping];
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="font-medium">
        By {name.toLowerCase()}
      </h3>
      <DataTable
        caption={`Outcomes by ${name.toLowerCase()}, ${answer.from} to ${answer.to}`}
        columns={[name, ...TABLE_COLUMNS]}
      >
        {answer[grouping].map((row) => (
          <tr key={`${row.key ?? 'none'}-${row.measure}`} className="border-border border-t">
            <th scope="row" className="px-3 py-2 font-medium sm:whitespace-nowrap">
              {row.label}
            </th>
            {cellsOf(row).map((cell, i) => (
              <td key={TABLE_COLUMNS[i]} className="whitespace-nowrap px-3 py-2 tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
