// The reports on a big clinic: 100,000 patients and 1,000,000 appointments (200 practitioners, 5,000 each, eight
// a day over about two years: mostly completed, some cancelled, some no-shows), about 280,000 invoices (those
// older than 90 days paid, but one in twenty overdue) with their payments and 5,000 refunds, 20,000 donations
// and 2,000 members, on PostgreSQL (a database of its own on the server of TEST_DATABASE_URL, dropped after). Each report is asked through the same service the route calls
// (including its activity-log entry), one call at a time, for a month and for a quarter of the data, as staff
// (the whole clinic) and, for a practitioner's reports, as one practitioner. Goal: p99 under 200 ms for the
// month. Knobs: BENCH_REQUESTS (default 40), BENCH_WARMUP (5), BENCH_KEEP_DATABASE=1 (to study the plans after),
// BENCH_REUSE_DATABASE=<kept database> (to measure again without loading). Run with
// `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports`.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/server/db/client';
import { reportFor } from '../src/server/features/reports/service';
import { PRACTITIONER_REPORTS, REPORT_NAMES, type ReportName } from '../src/shared/reports';
import { percentile } from './support/processes';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const PRACTITIONERS = 200;
const PER_PRACTITIONER = 5000;
const PATIENTS = 100_000;
const GOAL_MS = 200;
const BASE = '2030-01-07';

type Row = { report: string; who: string; range: string; p50: number; p95: number; p99: number };

async function fill(database: Database) {
  const { db } = database;
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role, created_at)
    select gen_random_uuid(), 'bench-practitioner-' || i || '@example.test', 'x', 'Bench', 'Practitioner ' || i,
           'practitioner', ${BASE}::timestamptz
    from generate_series(1, ${PRACTITIONERS}) i`);
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role, created_at)
    select gen_random_uuid(), 'bench-patient-' || i || '@example.test', 'x', 'Bench', 'Patient ' || i, 'patient',
           ${BASE}::timestamptz + (i % 730) * interval '1 day'
    from generate_series(1, ${PATIENTS}) i`);
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role, created_at)
    select gen_random_uuid(), 'bench-member-' || i || '@example.test', 'x', 'Bench', 'Member ' || i, 'member',
           ${BASE}::timestamptz + (i % 730) * interval '1 day'
    from generate_series(1, 2000) i`);
  await db.execute(sql`insert into patients (user_id, created_at)
    select id, created_at from users where email like 'bench-patient-%'
    on conflict (user_id) do update set created_at = excluded.created_at`);
  await db.execute(sql`insert into service_types (name, duration_minutes, price_cents, colour)
    values ('Bench session', 45, 8000, '#2563eb')`);
  await db.execute(sql`create temporary table bench_patients as
    select row_number() over (order by id) as n, id from users where email like 'bench-patient-%'`);
  await db.execute(sql`create temporary table bench_practitioners as
    select row_number() over (order by id) as n, id from users where email like 'bench-practitioner-%'`);
  await db.execute(sql`insert into care_team_assignments (practitioner_id, patient_id)
    select pr.id, p.id from bench_patients p join bench_practitioners pr on pr.n = 1 + p.n % ${PRACTITIONERS}`);
  await db.execute(sql`insert into weekly_hours (practitioner_id, weekday, start_time, end_time)
    select id, d, '08:00', '16:00' from bench_practitioners, generate_series(1, 5) d`);
  const practitioners = (await db.execute(
    sql`select n, id from bench_practitioners order by n`,
  )) as unknown as {
    rows: Array<{ n: number | string; id: string }>;
  };
  for (const practitioner of practitioners.rows) {
    const n = Number(practitioner.n);
    await db.execute(sql`insert into appointments
        (patient_id, practitioner_id, service_type_id, starts_at, ends_at, status, cancellation_reason)
      select p.id, ${practitioner.id}::uuid, (select id from service_types where name = 'Bench session'),
             ${BASE}::timestamptz + (k / 8) * interval '1 day' + (8 + k % 8) * interval '1 hour',
             ${BASE}::timestamptz + (k / 8) * interval '1 day' + (8 + k % 8) * interval '1 hour' + interval '45 minutes',
             case when k % 10 = 0 then 'cancelled' when k % 17 = 0 then 'no_show' else 'completed' end,
             case when k % 10 = 0 then 'Bench' end
      from generate_series(0, ${PER_PRACTITIONER - 1}) k
      join bench_patients p on p.n = 1 + (k * 7 + ${n} * 13) % ${PATIENTS}`);
  }
  // Invoices: one for about every third session, issued the day of it, due 30 days later. As in a clinic that
  // collects, those issued more than 90 days before the end of the data are paid (one in twenty was never paid
  // and is overdue); the recent ones are a mix of sent, partly paid, overdue and paid.
  await db.execute(sql`insert into invoices (number, patient_id, practitioner_id, status, issue_date, due_date,
        subtotal_cents, total_cents, paid_cents, sent_at, created_at)
    select 'INV-B' || lpad(i::text, 7, '0'), a.patient_id, a.practitioner_id, v.status,
           (a.starts_at at time zone 'Europe/London')::date, (a.starts_at at time zone 'Europe/London')::date + 30,
           8000, 8000,
           case v.status when 'paid' then 8000 when 'partially_paid' then 3000 else 0 end,
           a.starts_at, a.starts_at
    from (select row_number() over (order by starts_at, id) as i, * from appointments where status = 'completed') a
    cross join lateral (select case
        when a.starts_at < (select max(starts_at) from appointments) - interval '90 days'
          then case when a.i % 20 = 0 then 'overdue' else 'paid' end
        when a.i % 6 = 0 then 'overdue' when a.i % 6 = 1 then 'sent' when a.i % 6 = 2 then 'partially_paid'
        else 'paid' end as status) v
    where a.i % 3 = 0`);
  await db.execute(sql`insert into payments (method, purpose, reference_id, amount_cents, currency, created_at)
    select case when i % 3 = 0 then 'cash' when i % 3 = 1 then 'cheque' else 'card' end, 'invoice', id, paid_cents,
           'usd', sent_at + interval '3 days'
    from (select row_number() over (order by id) as i, * from invoices where paid_cents > 0) v`);
  await db.execute(sql`insert into payment_refunds (payment_id, amount_cents, reason, created_at)
    select id, 1000, 'Bench', created_at + interval '1 day' from payments where amount_cents = 8000 limit 5000`);
  await db.execute(sql`insert into donations (email, first_name, last_name, description, amount_cents, currency,
        status, provider, payment_intent_id, paid_at, created_at)
    select 'donor-' || i || '@example.test', 'Bench', 'Donor', 'Donation', 500 + (i % 50) * 100, 'usd',
           case when i % 25 = 0 then 'refunded' else 'paid' end, 'test', 'pi_bench' || i,
           ${BASE}::timestamptz + (i % 730) * interval '1 day', ${BASE}::timestamptz + (i % 730) * interval '1 day'
    from generate_series(1, 20000) i`);
  await db.execute(sql`vacuum analyze`);
  return practitioners.rows.map((row) => row.id);
}

async function measure(database: Database, reuse: boolean) {
  const started = performance.now();
  const practitionerIds = reuse
    ? (
        (await database.db.execute(
          sql`select id from users where email like 'bench-practitioner-%'`,
        )) as unknown as { rows: Array<{ id: string }> }
      ).rows.map((row) => row.id)
    : await fill(database);
  console.log(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [staff] = (
    (await database.db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role)
      values (gen_random_uuid(), 'bench-admin-' || gen_random_uuid() || '@example.test', 'x', 'Bench', 'Admin', 'admin')
      returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  const ranges = {
    month: () => {
      const month = 1 + Math.floor(Math.random() * 20);
      const from = new Date(Date.UTC(2030, month, 1));
      const to = new Date(Date.UTC(2030, month + 1, 0));
      return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
    },
    quarter: () => {
      const month = 1 + Math.floor(Math.random() * 18);
      const from = new Date(Date.UTC(2030, month, 1));
      const to = new Date(Date.UTC(2030, month + 3, 0));
      return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
    },
  };
  const meta = { ipAddress: '127.0.0.1', userAgent: 'bench' } as never;
  const rows: Row[] = [];
  const callers = [
    { who: 'admin (clinic)', caller: () => ({ id: staff.id, role: 'admin' as const }), names: REPORT_NAMES },
    {
      who: 'one practitioner',
      caller: () => ({
        id: practitionerIds[Math.floor(Math.random() * practitionerIds.length)],
        role: 'practitioner' as const,
      }),
      names: PRACTITIONER_REPORTS,
    },
  ];
  for (const { who, caller, names } of callers)
    for (const name of names as readonly ReportName[])
      for (const [range, pick] of Object.entries(ranges)) {
        const call = () => reportFor(database.db, caller(), { report: name, query: pick(), meta });
        for (let i = 0; i < WARMUP; i++) await call();
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const begin = performance.now();
          await call();
          times.push(performance.now() - begin);
        }
        times.sort((a, b) => a - b);
        rows.push({
          report: name,
          who,
          range,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
        });
      }
  return rows;
}

if (!POSTGRES_URL) {
  console.error(
    'Set TEST_DATABASE_URL to a PostgreSQL server (the bench makes and drops its own database there).',
  );
  process.exit(2);
}
// BENCH_REUSE_DATABASE names a database an earlier run kept (BENCH_KEEP_DATABASE=1): measured again, not loaded.
const reused = process.env.BENCH_REUSE_DATABASE;
const name = reused ?? `clinic_bench_reports_${Date.now()}`;
const admin = new pg.Client({ connectionString: POSTGRES_URL });
await admin.connect();
if (!reused) await admin.query(`create database ${name}`);
const url = new URL(POSTGRES_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
let results: Row[] = [];
try {
  await database.migrate();
  results = await measure(database, Boolean(reused));
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_DATABASE === '1' || reused) console.log(`kept the database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
console.table(
  results.map((row) => ({
    ...row,
    p50: row.p50.toFixed(1),
    p95: row.p95.toFixed(1),
    p99: row.p99.toFixed(1),
    goal: row.range === 'month' ? `< ${GOAL_MS} ms` : '',
  })),
);
const failed = results.filter((row) => row.range === 'month' && row.p99 >= GOAL_MS);
if (failed.length > 0) {
  console.error(`over the goal: ${failed.map((row) => `${row.report} (${row.who})`).join(', ')}`);
  process.exitCode = 1;
}
