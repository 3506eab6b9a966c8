import type { OutcomeReport, OutcomeReportRow } from '../../../shared/check-ins';
import { OUTCOME_MEASURES } from '../../../shared/outcome-measures';

/**
 * What the outcomes report shows, from its answer alone: a headline, a table per grouping (by practitioner,
 * by service) and the CSV of both. docs/features/outcome-measures.md, "Outcomes report".
 */

export type OutcomeGrouping = 'byPractitioner' | 'byService';
export const OUTCOME_REPORT_TITLE = 'Outcomes by practitioner and service';
export const GROUPING_LABELS: Record<OutcomeGrouping, string> = {
  byPractitioner: 'Practitioner',
  byService: 'Service',
};

export const TABLE_COLUMNS = [
  'Measure',
  'Patients',
  'Mean baseline',
  'Mean latest',
  'Improved',
  'Share improved',
] as const;

const mean = (value: number) => value.toFixed(1);
const share = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The cells after the row's name, as the table shows them. */
export const cellsOf = (row: OutcomeReportRow) => [
  OUTCOME_MEASURES[row.measure].shortTitle,
  String(row.patients),
  mean(row.baselineMean),
  mean(row.latestMean),
  String(row.improved),
  share(row.improvedShare),
];

/** Outcomes counted (a patient once per measure) and the share of them past the MCID, over the whole clinic. */
export function headlineOf(answer: OutcomeReport) {
  const outcomes = answer.byPractitioner.reduce((sum, row) => sum + row.patients, 0);
  const improved = answer.byPractitioner.reduce((sum, row) => sum + row.improved, 0);
  return [
    { label: 'Outcomes measured', value: String(outcomes) },
    { label: 'Improved by the MCID', value: String(improved) },
    { label: 'Share improved', value: outcomes === 0 ? '—' : share(improved / outcomes) },
  ];
}

/** The measures' MCIDs and better direction, as the note under the tables says them. */
export const mcidNote = () =>
  Object.values(OUTCOME_MEASURES)
    .map(
      (measure) =>
        `${measure.shortTitle} ${measure.mcid.value} ${measure.score.unit === '%' ? 'points' : measure.score.unit}, ${measure.higherIsBetter ? 'higher' : 'lower'} is better`,
    )
    .join('; ');

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** The CSV: a line naming the report, its range and measure, the columns, then both groupings' rows. */
export function outcomeCsvRows(answer: OutcomeReport) {
  const measure = answer.measure ? OUTCOME_MEASURES[answer.measure].shortTitle : 'All measures';
  const rows = (['byPractitioner', 'byService'] as const).flatMap((grouping) =>
    answer[grouping].map((row) => [
      GROUPING_LABELS[grouping],
      row.label,
      OUTCOME_MEASURES[row.measure].shortTitle,
      OUTCOME_MEASURES[row.measure].mcid.value,
      row.patients,
      round(row.baselineMean, 2),
      round(row.latestMean, 2),
      row.improved,
      round(row.improvedShare * 100, 1),
    ]),
  );
  return [
    [OUTCOME_REPORT_TITLE, `${answer.from} to ${answer.to}`, answer.timeZone, measure],
    [
      'Grouping',
      'Name',
      'Measure',
      'MCID',
      'Patients',
      'Mean baseline',
      'Mean latest',
      'Improved by the MCID',
      'Share improved (%)',
    ],
    ...rows,
  ] as (string | number)[][];
}
