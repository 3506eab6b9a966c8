import { type SQL, sql } from 'drizzle-orm';
import {
  OUTCOME_MEASURE_CODES,
  OUTCOME_MEASURES,
  type OutcomeMeasureCode,
} from '../../../shared/outcome-measures';
import type { ReportBucket } from '../../../shared/reports';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { clinicDayStart } from '../../platform/clinic-time';

/**
 * The aggregate queries behind the reports. Each answers with a handful of rows whatever the size of the clinic:
 * the counting and summing happen in the database, bucketed by the clinic's calendar (CLINIC_TIME_ZONE), so a
 * day that the clocks change on is still one bucket of 23 or 25 hours.
 */

export type Range = {
  /** The first instant of the first day, and the first instant after the last day, in the clinic's zone. */
  start: Date;
  end: Date;
  from: string;
  to: string;
  bucket: ReportBucket;
  /** Each bucket's first day ('YYYY-MM-DD'), in order. */
  labels: string[];
};

export function rangeOf({
  from,
  to,
  bucket,
  labels,
}: Pick<Range, 'from' | 'to' | 'bucket' | 'labels'>): Range {
  return { start: clinicDayStart(from), end: clinicDayStart(to, 1), from, to, bucket, labels };
}

/**
 * The bucket an instant falls in, as the first day of the bucket: a binary search of the buckets' first
 * instants (width_bucket), much cheaper for a quarter's 150,000 rows than converting each to the clinic's zone.
 */
const bucketOf = (range: Range, column: SQL) => {
  const labels = sql.join(
    range.labels.map((label) => sql`${label}`),
    sql`, `,
  );
  const starts = sql.join(
    range.labels.map((label) => sql`${clinicDayStart(label).toISOString()}`),
    sql`, `,
  );
  return sql`(array[${labels}]::text[])[width_bucket(${column}, array[${starts}]::timestamptz[])]`;
};
/** The same for a date column (issue dates): the buckets' first days. */
const dayBucketOf = (range: Range, column: SQL) => {
  const labels = sql.join(
    range.labels.map((label) => sql`${label}`),
    sql`, `,
  );
  return sql`(array[${labels}]::text[])[width_bucket(${column}, array[${labels}]::date[])]`;
};
const within = (column: SQL, range: Range) =>
  sql`${column} >= ${range.start.toISOString()} and ${column} < ${range.end.toISOString()}`;
const practitionerIs = (column: SQL, practitionerId: string | null) =>
  practitionerId ? sql`and ${column} = ${practitionerId}` : sql``;

export async function appointmentsByBucketAndStatus(db: Db, range: Range, practitionerId: string | null) {
  const bucket = bucketOf(range, sql`starts_at`);
  return rowsOf<{ bucket: string; status: string; count: number }>(
    db,
    sql`select ${bucket} as bucket, status, count(*)::int as count
        from appointments
        where ${within(sql`starts_at`, range)} ${practitionerIs(sql`practitioner_id`, practitionerId)}
        group by 1, 2 order by 1`,
  );
}

export async function invoicedByBucket(db: Db, range: Range, practitionerId: string | null) {
  const bucket = dayBucketOf(range, sql`issue_date`);
  return rowsOf<{ bucket: string; cents: number; count: number }>(
    db,
    sql`select ${bucket} as bucket, coalesce(sum(total_cents), 0)::bigint as cents, count(*)::int as count
        from invoices
        where issue_date >= ${range.from}::date and issue_date <= ${range.to}::date
          and status not in ('draft', 'void') ${practitionerIs(sql`practitioner_id`, practitionerId)}
        group by 1 order by 1`,
  );
}

/** Invoice payments received by bucket, and refunds of invoice payments made by bucket. */
export async function collectedByBucket(db: Db, range: Range, practitionerId: string | null) {
  const ofPractitioner = practitionerId
    ? sql`and p.reference_id in (select id from invoices where practitioner_id = ${practitionerId})`
    : sql``;
  const [received, refunded] = await Promise.all([
    rowsOf<{ bucket: string; cents: number }>(
      db,
      sql`select ${bucketOf(range, sql`p.created_at`)} as bucket, coalesce(sum(p.amount_cents), 0)::bigint as cents
          from payments p
          where p.purpose = 'invoice' and ${within(sql`p.created_at`, range)} ${ofPractitioner}
          group by 1`,
    ),
    rowsOf<{ bucket: string; cents: number }>(
      db,
      sql`select ${bucketOf(range, sql`r.created_at`)} as bucket, coalesce(sum(r.amount_cents), 0)::bigint as cents
          from payment_refunds r join payments p on p.id = r.payment_id
          where p.purpose = 'invoice' and ${within(sql`r.created_at`, range)} ${ofPractitioner}
          group by 1`,
    ),
  ]);
  return { received, refunded };
}

/**
 * Open invoices (sent, partially paid, overdue) with what is left to pay, by how many days past due they are
 * on `asOf`.
 */
export async function receivablesAgeing(db: Db, asOf: string, practitionerId: string | null) {
  return rowsOf<{ bucket: string; count: number; cents: number }>(
    db,
    sql`select case
                 when ${asOf}::date - due_date <= 0 then 'current'
                 when ${asOf}::date - due_date <= 30 then '1-30'
                 when ${asOf}::date - due_date <= 60 then '31-60'
                 when ${asOf}::date - due_date <= 90 then '61-90'
                 else '90+' end as bucket,
               count(*)::int as count, coalesce(sum(total_cents - paid_cents), 0)::bigint as cents
        from invoices
        where status in ('sent', 'partially_paid', 'overdue') ${practitionerIs(sql`practitioner_id`, practitionerId)}
        group by 1`,
  );
}

/** Patient records made in the range; for a practitioner, those now in their care team. */
export async function newPatientsByBucket(db: Db, range: Range, practitionerId: string | null) {
  const ofPractitioner = practitionerId
    ? sql`and user_id in (select patient_id from care_team_assignments where practitioner_id = ${practitionerId})`
    : sql``;
  return rowsOf<{ bucket: string; count: number }>(
    db,
    sql`select ${bucketOf(range, sql`created_at`)} as bucket, count(*)::int as count
        from patients
        where ${within(sql`created_at`, range)} ${ofPractitioner}
        group by 1 order by 1`,
  );
}

const minutesOf = (column: SQL) =>
  sql`(split_part(${column}, ':', 1)::int * 60 + split_part(${column}, ':', 2)::int)`;

/**
 * Each active practitioner's working minutes over the range (their weekly hours on each day of it), the minutes
 * and count of their sessions not cancelled, and how many were completed or missed.
 */
export async function utilisationByPractitioner(db: Db, range: Range, practitionerId: string | null) {
  return rowsOf<{
    practitioner_id: string;
    name: string;
    available: number;
    booked: number;
    sessions: number;
    completed: number;
    no_shows: number;
  }>(
    db,
    sql`with days as (
          select extract(dow from day)::int as weekday, count(*)::int as times
          from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as day
          group by 1
        ),
        available as (
          select w.practitioner_id, sum((${minutesOf(sql`w.end_time`)} - ${minutesOf(sql`w.start_time`)}) * d.times)::bigint as minutes
          from weekly_hours w join days d on d.weekday = w.weekday
          group by 1
        ),
        booked as (
          select practitioner_id,
                 coalesce(sum(extract(epoch from ends_at - starts_at) / 60) filter (where status <> 'cancelled'), 0)::bigint as minutes,
                 count(*) filter (where status <> 'cancelled')::int as sessions,
                 count(*) filter (where status = 'completed')::int as completed,
                 count(*) filter (where status = 'no_show')::int as no_shows
          from appointments
          where ${within(sql`starts_at`, range)} ${practitionerIs(sql`practitioner_id`, practitionerId)}
          group by 1
        )
        select u.id as practitioner_id, u.first_name || ' ' || u.last_name as name,
               coalesce(a.minutes, 0)::bigint as available, coalesce(b.minutes, 0)::bigint as booked,
               coalesce(b.sessions, 0) as sessions, coalesce(b.completed, 0) as completed,
               coalesce(b.no_shows, 0) as no_shows
        from users u
        left join available a on a.practitioner_id = u.id
        left join booked b on b.practitioner_id = u.id
        where u.role = 'practitioner' and (u.is_active or b.sessions > 0)
          ${practitionerIs(sql`u.id`, practitionerId)}
        order by name, u.id`,
  );
}

export async function donationsByBucket(db: Db, range: Range) {
  return rowsOf<{
    bucket: string;
    count: number;
    cents: number;
    refunded_count: number;
    refunded_cents: number;
  }>(
    db,
    sql`select ${bucketOf(range, sql`paid_at`)} as bucket,
               count(*) filter (where status = 'paid')::int as count,
               coalesce(sum(amount_cents) filter (where status = 'paid'), 0)::bigint as cents,
               count(*) filter (where status = 'refunded')::int as refunded_count,
               coalesce(sum(amount_cents) filter (where status = 'refunded'), 0)::bigint as refunded_cents
        from donations
        where status in ('paid', 'refunded') and ${within(sql`paid_at`, range)}
        group by 1 order by 1`,
  );
}

export async function membership(db: Db, range: Range) {
  const [[totals], series] = await Promise.all([
    rowsOf<{ members: number; active: number }>(
      db,
      sql`select count(*)::int as members, count(*) filter (where is_active)::int as active
          from users where role = 'member'`,
    ),
    rowsOf<{ bucket: string; count: number }>(
      db,
      sql`select ${bucketOf(range, sql`created_at`)} as bucket, count(*)::int as count
          from users where role = 'member' and ${within(sql`created_at`, range)}
          group by 1 order by 1`,
    ),
  ]);
  return { totals, series };
}

/** Orders paid in the range by bucket (refunded ones counted, their refund apart), and the best sellers. */
export async function storeSales(db: Db, range: Range) {
  const paid = sql`o.paid_at is not null and ${within(sql`o.paid_at`, range)}`;
  const [series, top] = await Promise.all([
    rowsOf<{ bucket: string; orders: number; cents: number; refunded: number; items: number }>(
      db,
      sql`select ${bucketOf(range, sql`o.paid_at`)} as bucket, count(*)::int as orders,
                 coalesce(sum(o.total_cents), 0)::bigint as cents,
                 coalesce(sum(o.total_cents) filter (where o.status = 'refunded'), 0)::bigint as refunded,
                 coalesce(sum((select sum(quantity) from order_items i where i.order_id = o.id)), 0)::bigint as items
          from orders o
          where ${paid}
          group by 1 order by 1`,
    ),
    rowsOf<{ name: string; quantity: number; cents: number }>(
      db,
      sql`select i.product_name as name, sum(i.quantity)::bigint as quantity,
                 sum(i.line_total_cents)::bigint as cents
          from order_items i join orders o on o.id = i.order_id
          where ${paid}
          group by 1 order by 2 desc, 1 limit 5`,
    ),
  ]);
  return { series, top };
}

/** Events starting in the range that were not cancelled, with their registrations by status. */
export async function eventFigures(db: Db, range: Range) {
  return rowsOf<{
    event_id: string;
    title: string;
    starts_at: Date | string;
    capacity: number;
    registered: number;
    waitlisted: number;
    checked_in: number;
    takings: number;
  }>(
    db,
    sql`select e.id as event_id, e.title, e.starts_at, e.capacity,
               count(r.id) filter (where r.status = 'registered')::int as registered,
               count(r.id) filter (where r.status = 'waitlisted')::int as waitlisted,
               count(r.id) filter (where r.checked_in_at is not null)::int as checked_in,
               coalesce(sum(r.amount_cents - r.refunded_cents) filter (where r.paid_at is not null), 0)::bigint as takings
        from community_events e left join event_registrations r on r.event_id = e.id
        where e.status <> 'cancelled' and ${within(sql`e.starts_at`, range)}
        group by e.id order by e.starts_at, e.id`,
  );
}

export type OutcomeReportGroupRow = {
  measure: OutcomeMeasureCode;
  /** 'practitioner' or 'service': which grouping the row belongs to. */
  grouping: 'practitioner' | 'service';
  key: string | null;
  first_name: string | null;
  last_name: string | null;
  service_name: string | null;
  patients: number;
  baseline_mean: number;
  latest_mean: number;
  improved: number;
};

/**
 * The outcomes report in one query: per patient and measure, the first and last score in the window (two at
 * least), whether the change in the measure's better direction reaches its MCID (rounded as the measure's
 * scores are, like the recovery chart), the practitioner and service of the patient's last appointment (not
 * cancelled or missed) that started by the last score, else of their first one after it; then counted and
 * averaged per measure by practitioner and by service (grouping sets). Uses check_in_responses_patient_idx
 * and the appointments' patient index; answers a row per measure and practitioner or service.
 */
export function outcomesForReport(
  db: Db,
  options: { start: Date; end: Date; measure: OutcomeMeasureCode | null },
) {
  const measures = sql.join(
    OUTCOME_MEASURE_CODES.map((code) => {
      const { higherIsBetter, mcid, score } = OUTCOME_MEASURES[code];
      return sql`(${code}::text, ${higherIsBetter}::boolean, ${mcid.value}::numeric, ${score.decimals}::int)`;
    }),
    sql`, `,
  );
  const onlyMeasure = options.measure ? sql`and measure = ${options.measure}` : sql``;
  return rowsOf<OutcomeReportGroupRow>(
    db,
    sql`with scored as (
          select patient_id, measure, score, completed_at,
            first_value(score) over w as baseline,
            last_value(score) over w as latest,
            count(*) over w as scores,
            row_number() over (partition by patient_id, measure order by completed_at desc, id desc) as from_end
          from check_in_responses
          where completed_at >= ${options.start.toISOString()} and completed_at < ${options.end.toISOString()}
            ${onlyMeasure}
          window w as (partition by patient_id, measure order by completed_at, id
                       rows between unbounded preceding and unbounded following)
        ),
        outcomes as (
          select s.patient_id, s.measure, s.baseline, s.latest, s.completed_at as latest_at,
            round((case when m.higher then s.latest - s.baseline else s.baseline - s.latest end)::numeric,
                  m.decimals) >= m.mcid as improved
          from scored s
          join (values ${measures}) as m(code, higher, mcid, decimals) on m.code = s.measure
          where s.scores >= 2 and s.from_end = 1
        ),
        attributed as (
          select o.*, a.practitioner_id, a.service_type_id
          from outcomes o
          left join lateral (
            select practitioner_id, service_type_id
            from appointments
            where patient_id = o.patient_id and status not in ('cancelled', 'no_show')
            order by starts_at <= o.latest_at desc,
              case when starts_at <= o.latest_at then starts_at end desc nulls last,
              starts_at
            limit 1
          ) a on true
        ),
        grouped as (
          select measure,
            case when grouping(practitioner_id) = 0 then 'practitioner' else 'service' end as grouping,
            coalesce(practitioner_id, service_type_id) as key,
            count(*)::int as patients,
            avg(baseline)::float8 as baseline_mean,
            avg(latest)::float8 as latest_mean,
            (count(*) filter (where improved))::int as improved
          from attributed
          group by grouping sets ((measure, practitioner_id), (measure, service_type_id))
        )
        select g.*, u.first_name, u.last_name, st.name as service_name
        from grouped g
        left join users u on g.grouping = 'practitioner' and u.id = g.key
        left join service_types st on g.grouping = 'service' and st.id = g.key`,
  );
}
