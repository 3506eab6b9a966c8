import { AGEING_LABELS, type ReportAnswer } from '../../../shared/reports';
import { APPOINTMENT_STATUSES } from '../../../shared/vocabulary/scheduling';
import { formatMoney, formatterFor } from '../../lib/format';
import { APPOINTMENT_STATUS_LABELS as STATUS_LABELS } from '../appointments';

/**
 * What each report shows, worked out from its answer alone: a few headline figures, the table of every figure
 * (also the CSV), and the chart's data. The chart only repeats the table, which is what screen readers read.
 */

export type Cell = string | number;
export type ReportTable = { columns: string[]; rows: Cell[][] };
export type ChartSeries = { key: string; name: string; colour: string };
export type ReportChart = {
  data: Record<string, string | number>[];
  xKey: string;
  series: ChartSeries[];
  /** Values are cents, drawn as dollars. */
  money: boolean;
  stacked?: boolean;
};
export type ReportView = {
  summary: { label: string; value: string }[];
  table: ReportTable;
  chart: ReportChart | null;
};

const COLOURS = ['#0f766e', '#2563eb', '#b45309', '#7c3aed', '#b91c1c', '#475569'];
const dollars = (cents: number) => Math.round(cents) / 100;
const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
const hours = (minutes: number) => `${(minutes / 60).toFixed(1)} h`;

/** The label of a bucket's first day: '2026-03-02' for a day or a week, 'Mar 2026' for a month. */
export function bucketLabel(bucket: string, kind: ReportAnswer['bucket']) {
  if (kind !== 'month') return bucket;
  const [year, month] = bucket.split('-').map(Number);
  return formatterFor().monthOfYear(`${year}-${String(month).padStart(2, '0')}`);
}

const periodColumn = (kind: ReportAnswer['bucket']) =>
  kind === 'day' ? 'Day' : kind === 'week' ? 'Week of' : 'Month';

export function viewOf(answer: ReportAnswer): ReportView {
  const label = (bucket: string) => bucketLabel(bucket, answer.bucket);
  switch (answer.report) {
    case 'appointments':
      return {
        summary: [
          { label: 'Appointments', value: String(answer.total) },
          { label: 'Completed', value: String(answer.byStatus.completed) },
          { label: 'Cancelled', value: String(answer.byStatus.cancelled) },
          { label: 'No-show rate', value: percent(answer.noShowRate) },
        ],
        table: {
          columns: [
            periodColumn(answer.bucket),
            'Total',
            ...APPOINTMENT_STATUSES.map((s) => STATUS_LABELS[s]),
          ],
          rows: answer.series.map((entry) => [
            label(entry.bucket),
            entry.total,
            ...APPOINTMENT_STATUSES.map((status) => entry.byStatus[status]),
          ]),
        },
        chart: {
          xKey: 'period',
          money: false,
          stacked: true,
          data: answer.series.map((entry) => ({ period: label(entry.bucket), ...entry.byStatus })),
          series: APPOINTMENT_STATUSES.map((status, i) => ({
            key: status,
            name: STATUS_LABELS[status],
            colour: COLOURS[i % COLOURS.length],
          })),
        },
      };
    case 'revenue':
      return {
        summary: [
          { label: 'Invoiced', value: formatMoney(answer.invoicedCents) },
          { label: 'Invoices issued', value: String(answer.invoiceCount) },
          { label: 'Collected', value: formatMoney(answer.collectedCents) },
          { label: 'Refunded', value: formatMoney(answer.refundedCents) },
        ],
        table: {
          columns: [periodColumn(answer.bucket), 'Invoiced ($)', 'Collected ($)'],
          rows: answer.series.map((entry) => [
            label(entry.bucket),
            dollars(entry.invoicedCents),
            dollars(entry.collectedCents),
          ]),
        },
        chart: {
          xKey: 'period',
          money: true,
          data: answer.series.map((entry) => ({
            period: label(entry.bucket),
            invoiced: dollars(entry.invoicedCents),
            collected: dollars(entry.collectedCents),
          })),
          series: [
            { key: 'invoiced', name: 'Invoiced', colour: COLOURS[1] },
            { key: 'collected', name: 'Collected', colour: COLOURS[0] },
          ],
        },
      };
    case 'receivables':
      return {
        summary: [
          { label: 'Owed', value: formatMoney(answer.totalCents) },
          { label: 'Open invoices', value: String(answer.invoiceCount) },
          { label: 'Aged on', value: answer.asOf },
        ],
        table: {
          columns: ['Age', 'Invoices', 'Balance ($)'],
          rows: answer.buckets.map((entry) => [
            AGEING_LABELS[entry.bucket],
            entry.count,
            dollars(entry.balanceCents),
          ]),
        },
        chart: {
          xKey: 'age',
          money: true,
          data: answer.buckets.map((entry) => ({
            age: AGEING_LABELS[entry.bucket],
            balance: dollars(entry.balanceCents),
          })),
          series: [{ key: 'balance', name: 'Balance', colour: COLOURS[2] }],
        },
      };
    case 'new-patients':
      return {
        summary: [{ label: 'New patients', value: String(answer.total) }],
        table: {
          columns: [periodColumn(answer.bucket), 'New patients'],
          rows: answer.series.map((entry) => [label(entry.bucket), entry.count]),
        },
        chart: {
          xKey: 'period',
          money: false,
          data: answer.series.map((entry) => ({ period: label(entry.bucket), patients: entry.count })),
          series: [{ key: 'patients', name: 'New patients', colour: COLOURS[0] }],
        },
      };
    case 'utilisation': {
      const booked = answer.practitioners.reduce((sum, row) => sum + row.bookedMinutes, 0);
      const available = answer.practitioners.reduce((sum, row) => sum + row.availableMinutes, 0);
      return {
        summary: [
          { label: 'Booked', value: hours(booked) },
          { label: 'Working hours', value: hours(available) },
          { label: 'Utilisation', value: percent(available === 0 ? null : booked / available) },
        ],
        table: {
          columns: [
            'Practitioner',
            'Working (h)',
            'Booked (h)',
            'Sessions',
            'Completed',
            'No-shows',
            'Utilisation',
          ],
          rows: answer.practitioners.map((row) => [
            row.name,
            Number((row.availableMinutes / 60).toFixed(1)),
            Number((row.bookedMinutes / 60).toFixed(1)),
            row.sessions,
            row.completed,
            row.noShows,
            percent(row.utilisation),
          ]),
        },
        chart: {
          xKey: 'name',
          money: false,
          data: answer.practitioners.map((row) => ({
            name: row.name,
            working: Number((row.availableMinutes / 60).toFixed(1)),
            booked: Number((row.bookedMinutes / 60).toFixed(1)),
          })),
          series: [
            { key: 'working', name: 'Working hours', colour: COLOURS[5] },
            { key: 'booked', name: 'Booked hours', colour: COLOURS[0] },
          ],
        },
      };
    }
    case 'donations':
      return {
        summary: [
          { label: 'Donations', value: String(answer.count) },
          { label: 'Received', value: formatMoney(answer.amountCents) },
          { label: 'Refunded', value: `${answer.refundedCount} (${formatMoney(answer.refundedCents)})` },
        ],
        table: {
          columns: [periodColumn(answer.bucket), 'Donations', 'Amount ($)'],
          rows: answer.series.map((entry) => [label(entry.bucket), entry.count, dollars(entry.amountCents)]),
        },
        chart: {
          xKey: 'period',
          money: true,
          data: answer.series.map((entry) => ({
            period: label(entry.bucket),
            amount: dollars(entry.amountCents),
          })),
          series: [{ key: 'amount', name: 'Donations', colour: COLOURS[3] }],
        },
      };
    case 'store':
      return {
        summary: [
          { label: 'Orders', value: String(answer.orders) },
          { label: 'Items sold', value: String(answer.itemsSold) },
          { label: 'Sales', value: formatMoney(answer.salesCents) },
          { label: 'Refunded', value: formatMoney(answer.refundedCents) },
        ],
        table: {
          columns: [periodColumn(answer.bucket), 'Orders', 'Sales ($)'],
          rows: answer.series.map((entry) => [label(entry.bucket), entry.orders, dollars(entry.salesCents)]),
        },
        chart: {
          xKey: 'period',
          money: true,
          data: answer.series.map((entry) => ({
            period: label(entry.bucket),
            sales: dollars(entry.salesCents),
          })),
          series: [{ key: 'sales', name: 'Sales', colour: COLOURS[2] }],
        },
      };
    case 'events':
      return {
        summary: [
          { label: 'Events', value: String(answer.events) },
          { label: 'Registered', value: String(answer.registered) },
          { label: 'Checked in', value: String(answer.checkedIn) },
          { label: 'Takings', value: formatMoney(answer.takingsCents) },
        ],
        table: {
          columns: ['Event', 'Starts', 'Capacity', 'Registered', 'Waitlist', 'Checked in'],
          rows: answer.rows.map((row) => [
            row.title,
            row.startsAt.slice(0, 10),
            row.capacity,
            row.registered,
            row.waitlisted,
            row.checkedIn,
          ]),
        },
        chart: {
          xKey: 'title',
          money: false,
          data: answer.rows.map((row) => ({
            title: row.title,
            registered: row.registered,
            checkedIn: row.checkedIn,
          })),
          series: [
            { key: 'registered', name: 'Registered', colour: COLOURS[1] },
            { key: 'checkedIn', name: 'Checked in', colour: COLOURS[0] },
          ],
        },
      };
    case 'membership':
      return {
        summary: [
          { label: 'Members', value: String(answer.members) },
          { label: 'Active', value: String(answer.activeMembers) },
          { label: 'Joined in range', value: String(answer.newMembers) },
        ],
        table: {
          columns: [periodColumn(answer.bucket), 'New members'],
          rows: answer.series.map((entry) => [label(entry.bucket), entry.count]),
        },
        chart: {
          xKey: 'period',
          money: false,
          data: answer.series.map((entry) => ({ period: label(entry.bucket), members: entry.count })),
          series: [{ key: 'members', name: 'New members', colour: COLOURS[1] }],
        },
      };
  }
}

/** The CSV of a report: a line naming it and its range, then its table. */
export function csvRowsOf(title: string, answer: ReportAnswer, table: ReportTable) {
  return [
    [title, `${answer.from} to ${answer.to}`, answer.timeZone],
    table.columns,
    ...table.rows,
  ] as Cell[][];
}
