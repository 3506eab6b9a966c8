import {
  ADMIN_ONLY_REPORTS,
  AGEING_BUCKETS,
  bucketOf,
  PRACTITIONER_REPORTS,
  REPORT_ERRORS,
  type ReportAnswer,
  type ReportBucket,
  type ReportName,
  type ReportOf,
  type ReportQuery,
} from '../../../shared/reports';
import type { Role } from '../../../shared/roles';
import { APPOINTMENT_STATUSES, CLINIC_TIME_ZONE } from '../../../shared/scheduling';
import type { Db } from '../../db/client';
import { recordReportViewed } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as queries from './repository';

type Caller = { id: string; role: Role };

/** Whether the caller may open the report: staff and admin the clinic's, practitioners their own few. */
function mayOpen(role: Role, report: ReportName) {
  if (role === 'admin') return true;
  if (role === 'staff') return !ADMIN_ONLY_REPORTS.includes(report);
  if (role === 'practitioner') return PRACTITIONER_REPORTS.includes(report);
  return false;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Every bucket of the range, first day of each, so that a chart shows the empty ones too. */
export function bucketsOf(from: string, to: string, bucket: ReportBucket) {
  const start = new Date(`${from}T00:00:00Z`);
  if (bucket === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (bucket === 'month') start.setUTCDate(1);
  const labels: string[] = [];
  for (const at = start; iso(at) <= to; ) {
    labels.push(iso(at));
    if (bucket === 'day') at.setUTCDate(at.getUTCDate() + 1);
    else if (bucket === 'week') at.setUTCDate(at.getUTCDate() + 7);
    else at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return labels;
}

const emptyStatuses = () =>
  Object.fromEntries(APPOINTMENT_STATUSES.map((status) => [status, 0])) as Record<
    (typeof APPOINTMENT_STATUSES)[number],
    number
  >;

const sumBy = <T>(items: readonly T[], pick: (item: T) => number) =>
  items.reduce((sum, item) => sum + pick(item), 0);

/**
 * One report for the caller. A practitioner's figures are always their own, whatever practitionerId says; the
 * reading is written to the activity log (reports summarise patients' data).
 */
export async function reportFor(
  db: Db,
  caller: Caller,
  { report, query, meta }: { report: ReportName; query: ReportQuery; meta: RequestMeta },
): Promise<ReportAnswer> {
  if (!mayOpen(caller.role, report)) throw new AppError('FORBIDDEN', REPORT_ERRORS.notAllowed);
  const practitionerId =
    caller.role === 'practitioner'
      ? caller.id
      : ['donations', 'membership', 'store', 'events'].includes(report)
        ? null
        : (query.practitionerId ?? null);
  const bucket = bucketOf(query.from, query.to);
  const labels = bucketsOf(query.from, query.to, bucket);
  const range = queries.rangeOf({ from: query.from, to: query.to, bucket, labels });
  const base = { from: query.from, to: query.to, timeZone: CLINIC_TIME_ZONE, bucket, practitionerId };
  const answer = await build(db, report, { range, labels, base });
  await recordReportViewed(db, caller, {
    meta,
    details: { report, from: query.from, to: query.to, practitionerId },
  });
  return answer;
}

type Base = Omit<ReportOf<'appointments'>, 'report' | 'total' | 'byStatus' | 'noShowRate' | 'series'>;

async function build(
  db: Db,
  report: ReportName,
  { range, labels, base }: { range: queries.Range; labels: string[]; base: Base },
): Promise<ReportAnswer> {
  const { practitionerId } = base;
  switch (report) {
    case 'appointments': {
      const rows = await queries.appointmentsByBucketAndStatus(db, range, practitionerId);
      const series = labels.map((label) => ({ bucket: label, total: 0, byStatus: emptyStatuses() }));
      const byLabel = new Map(series.map((entry) => [entry.bucket, entry]));
      const byStatus = emptyStatuses();
      for (const row of rows) {
        const count = Number(row.count);
        const status = row.status as keyof typeof byStatus;
        byStatus[status] += count;
        const entry = byLabel.get(row.bucket);
        if (entry) {
          entry.byStatus[status] += count;
          entry.total += count;
        }
      }
      const due = byStatus.completed + byStatus.checked_in + byStatus.no_show;
      return {
        report,
        ...base,
        total: sumBy(Object.values(byStatus), (count) => count),
        byStatus,
        noShowRate: due === 0 ? null : byStatus.no_show / due,
        series,
      };
    }
    case 'revenue': {
      const [invoiced, collected] = await Promise.all([
        queries.invoicedByBucket(db, range, practitionerId),
        queries.collectedByBucket(db, range, practitionerId),
      ]);
      const series = labels.map((label) => ({ bucket: label, invoicedCents: 0, collectedCents: 0 }));
      const byLabel = new Map(series.map((entry) => [entry.bucket, entry]));
      for (const row of invoiced) {
        const entry = byLabel.get(row.bucket);
        if (entry) entry.invoicedCents += Number(row.cents);
      }
      for (const row of collected.received) {
        const entry = byLabel.get(row.bucket);
        if (entry) entry.collectedCents += Number(row.cents);
      }
      for (const row of collected.refunded) {
        const entry = byLabel.get(row.bucket);
        if (entry) entry.collectedCents -= Number(row.cents);
      }
      const refundedCents = sumBy(collected.refunded, (row) => Number(row.cents));
      return {
        report,
        ...base,
        invoicedCents: sumBy(invoiced, (row) => Number(row.cents)),
        invoiceCount: sumBy(invoiced, (row) => Number(row.count)),
        collectedCents: sumBy(collected.received, (row) => Number(row.cents)) - refundedCents,
        refundedCents,
        series,
      };
    }
    case 'receivables': {
      const asOf = base.to;
      const rows = await queries.receivablesAgeing(db, asOf, practitionerId);
      const buckets = AGEING_BUCKETS.map((bucket) => {
        const row = rows.find((candidate) => candidate.bucket === bucket);
        return { bucket, count: Number(row?.count ?? 0), balanceCents: Number(row?.cents ?? 0) };
      });
      return {
        report,
        ...base,
        asOf,
        totalCents: sumBy(buckets, (bucket) => bucket.balanceCents),
        invoiceCount: sumBy(buckets, (bucket) => bucket.count),
        buckets,
      };
    }
    case 'new-patients': {
      const rows = await queries.newPatientsByBucket(db, range, practitionerId);
      const series = fill(labels, rows);
      return { report, ...base, total: sumBy(series, (entry) => entry.count), series };
    }
    case 'utilisation': {
      const rows = await queries.utilisationByPractitioner(db, range, practitionerId);
      return {
        report,
        ...base,
        practitioners: rows.map((row) => {
          const available = Number(row.available);
          const booked = Number(row.booked);
          return {
            practitionerId: row.practitioner_id,
            name: row.name,
            availableMinutes: available,
            bookedMinutes: booked,
            sessions: Number(row.sessions),
            completed: Number(row.completed),
            noShows: Number(row.no_shows),
            utilisation: available === 0 ? null : booked / available,
          };
        }),
      };
    }
    case 'donations': {
      const rows = await queries.donationsByBucket(db, range);
      const series = labels.map((label) => {
        const row = rows.find((candidate) => candidate.bucket === label);
        return { bucket: label, count: Number(row?.count ?? 0), amountCents: Number(row?.cents ?? 0) };
      });
      return {
        report,
        ...base,
        count: sumBy(rows, (row) => Number(row.count)),
        amountCents: sumBy(rows, (row) => Number(row.cents)),
        refundedCount: sumBy(rows, (row) => Number(row.refunded_count)),
        refundedCents: sumBy(rows, (row) => Number(row.refunded_cents)),
        series,
      };
    }
    case 'store': {
      const { series: rows, top } = await queries.storeSales(db, range);
      const series = labels.map((label) => {
        const row = rows.find((candidate) => candidate.bucket === label);
        return { bucket: label, orders: Number(row?.orders ?? 0), salesCents: Number(row?.cents ?? 0) };
      });
      return {
        report,
        ...base,
        orders: sumBy(rows, (row) => Number(row.orders)),
        itemsSold: sumBy(rows, (row) => Number(row.items)),
        salesCents: sumBy(rows, (row) => Number(row.cents)),
        refundedCents: sumBy(rows, (row) => Number(row.refunded)),
        series,
        topProducts: top.map((row) => ({
          name: row.name,
          quantity: Number(row.quantity),
          salesCents: Number(row.cents),
        })),
      };
    }
    case 'events': {
      const rows = await queries.eventFigures(db, range);
      return {
        report,
        ...base,
        events: rows.length,
        registered: sumBy(rows, (row) => Number(row.registered)),
        waitlisted: sumBy(rows, (row) => Number(row.waitlisted)),
        checkedIn: sumBy(rows, (row) => Number(row.checked_in)),
        takingsCents: sumBy(rows, (row) => Number(row.takings)),
        rows: rows.map((row) => ({
          eventId: row.event_id,
          title: row.title,
          startsAt: new Date(row.starts_at).toISOString(),
          capacity: Number(row.capacity),
          registered: Number(row.registered),
          waitlisted: Number(row.waitlisted),
          checkedIn: Number(row.checked_in),
        })),
      };
    }
    case 'membership': {
      const { totals, series: rows } = await queries.membership(db, range);
      const series = fill(labels, rows);
      return {
        report,
        ...base,
        members: Number(totals?.members ?? 0),
        activeMembers: Number(totals?.active ?? 0),
        newMembers: sumBy(series, (entry) => entry.count),
        series,
      };
    }
  }
}

const fill = (labels: string[], rows: { bucket: string; count: number }[]) =>
  labels.map((label) => ({
    bucket: label,
    count: Number(rows.find((row) => row.bucket === label)?.count ?? 0),
  }));

/**
 * The outcomes report's rows (check-ins' outcome report): per measure, by practitioner and by service. Here
 * because it reads across features (scores, appointments, people, services), as every report does.
 */
export const outcomeRows = queries.outcomesForReport;
