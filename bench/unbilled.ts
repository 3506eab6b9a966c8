// The unbilled sessions view and "Invoice selected" over 1,000,000 appointments on PostgreSQL (50
// practitioners, 20,000 each, eight a day over about seven years up to yesterday, one in ten cancelled, the rest
// completed; BENCH_PRACTITIONERS and BENCH_PER_PRACTITIONER change the shape). Most are billed: every completed session older than 14 days but one in 50 is on an invoice (one
// draft per patient per 30 days), so the clinic has the last two weeks and a scatter of older ones to bill.
// Through the real app (sign-in, policy, queries, activity log, answer): GET /api/invoices/unbilled as staff
// for the default window (the last 30 days), one practitioner's window, and a week; then POST
// /api/invoices/from-sessions with 500 unbilled sessions of the last week at once (one invoice per patient,
// numbered in one transaction, emailed and notified). Goals: the view's p99 under 100 ms, the batch under 5 s.
// p50, p95 and p99 over BENCH_REQUESTS calls after BENCH_WARMUP; exits non-zero when a goal is missed. Needs
// TEST_DATABASE_URL (a database of its own there, dropped after). Run with `npm run bench:unbilled`.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { createAccount } from '../src/server/features/accounts/service';
import {
  unbilledPage,
  unbilledTotalsQuery,
} from '../src/server/features/billing/invoices/billable-repository';
import { percentile } from './support/processes';
import { scratchDatabase } from './support/scratch-database';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const PRACTITIONERS = Number(process.env.BENCH_PRACTITIONERS ?? 50);
const PER_PRACTITIONER = Number(process.env.BENCH_PER_PRACTITIONER ?? 20_000);
const PATIENTS = 5000;
const BATCH = 500;
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const GOALS = { view: 100, batch: 5000 } as const;
const DAY = 86_400_000;
const SPAN_DAYS = Math.ceil(PER_PRACTITIONER / 8);

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Everyone, every appointment and the invoices that claim most of them, in a few statements. */
async function fill(database: Database) {
  const { db } = database;
  const first = new Date(Date.now() - (SPAN_DAYS + 1) * DAY);
  first.setUTCHours(0, 0, 0, 0);
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role)
    select gen_random_uuid(), 'bench-practitioner-' || i || '@example.test', 'x', 'Bench', 'Practitioner ' || i,
           'practitioner'
    from generate_series(1, ${PRACTITIONERS}) i`);
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role)
    select gen_random_uuid(), 'bench-patient-' || i || '@example.test', 'x', 'Bench', 'Patient ' || i, 'patient'
    from generate_series(1, ${PATIENTS}) i`);
  await db.execute(sql`insert into service_types (name, duration_minutes, price_cents, colour)
    values ('Bench session', 45, 8000, '#2563eb')`);
  await db.execute(sql`create temporary table bench_patients as
    select row_number() over (order by id) as n, id from users where email like 'bench-patient-%'`);
  const practitioners = await rowsOf<{ n: number | string; id: string }>(
    database,
    sql`select row_number() over (order by id) as n, id from users where email like 'bench-practitioner-%'`,
  );
  for (const practitioner of practitioners) {
    const n = Number(practitioner.n);
    await db.execute(sql`insert into appointments
        (patient_id, practitioner_id, service_type_id, starts_at, ends_at, status, cancellation_reason)
      select p.id, ${practitioner.id}::uuid, (select id from service_types where name = 'Bench session'),
             ${first.toISOString()}::timestamptz + (k / 8) * interval '1 day' + (8 + k % 8) * interval '1 hour',
             ${first.toISOString()}::timestamptz + (k / 8) * interval '1 day' + (8 + k % 8) * interval '1 hour' + interval '45 minutes',
             case when k % 10 = 0 then 'cancelled' else 'completed' end,
             case when k % 10 = 0 then 'Bench' end
      from generate_series(0, ${PER_PRACTITIONER - 1}) k
      join bench_patients p on p.n = 1 + (k * 7 + ${n} * 13) % ${PATIENTS}`);
  }
  // The billed ones: one draft per patient and 30 days, with a line claiming each of its sessions.
  await db.execute(sql`create temporary table bench_billed as
    select a.id, a.patient_id, a.starts_at,
           a.patient_id::text || '/' || floor(extract(epoch from a.starts_at) / 2592000)::text as bucket
    from appointments a
    where a.status = 'completed' and a.starts_at < now() - interval '14 days'
      and hashtext(a.id::text) % 50 <> 0`);
  await db.execute(sql`create temporary table bench_buckets as
    select bucket, min(patient_id::text)::uuid as patient_id, gen_random_uuid() as invoice_id
    from bench_billed group by bucket`);
  await db.execute(sql`insert into invoices (id, patient_id, status, due_date)
    select invoice_id, patient_id, 'draft', current_date from bench_buckets`);
  // The claims' trigger would update an appointment per line; a bulk load marks the billed sessions in one
  // statement instead, as migration 0027 did for an existing clinic.
  await db.execute(sql`alter table invoice_line_items disable trigger invoice_line_items_mark_billed`);
  await db.execute(sql`insert into invoice_line_items
      (invoice_id, position, description, quantity, unit_price_cents, amount_cents, appointment_id,
       billed_appointment_id)
    select k.invoice_id, row_number() over (partition by b.bucket order by b.starts_at), 'Bench session', 1, 8000,
           8000, b.id, b.id
    from bench_billed b join bench_buckets k using (bucket)`);
  await db.execute(sql`update appointments set billed = true where id in (select id from bench_billed)`);
  await db.execute(sql`alter table invoice_line_items enable trigger invoice_line_items_mark_billed`);
  await db.execute(sql`insert into billing_settings (id, session_billing) values ('clinic', true)
    on conflict (id) do update set session_billing = true`);
  // As autovacuum leaves tables that have been in use: statistics, hint bits and the visibility map set.
  await db.execute(sql`vacuum analyze`);
  return practitioners.map((row) => row.id);
}

type QueryOf = (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, string>> }>;

type Row = { what: string; p50: number; p95: number; p99: number; rows: number; goal: string };

async function main() {
  if (!POSTGRES_URL) {
    console.log('Set TEST_DATABASE_URL to a PostgreSQL server: this bench runs on PostgreSQL only.');
    return;
  }
  const scratch = await scratchDatabase(POSTGRES_URL, 'unbilled');
  if (!scratch) return;
  const database = await openDatabase({ url: scratch.url });
  try {
    await database.migrate();
    const started = performance.now();
    const practitionerIds = await fill(database);
    const [counts] = await rowsOf<{ appointments: number; lines: number; marked: number; unbilled: number }>(
      database,
      sql`select (select count(*)::int from appointments) as appointments,
                 (select count(*)::int from invoice_line_items) as lines,
                 (select count(*)::int from appointments where billed) as marked,
                 (select count(*)::int from appointments a where a.status = 'completed' and not exists
                   (select 1 from invoice_line_items l where l.appointment_id = a.id)) as unbilled`,
    );
    if (counts.marked !== counts.lines)
      throw new Error(`${counts.marked} sessions marked billed for ${counts.lines} claiming lines`);
    console.log(
      `${counts.appointments} appointments, ${counts.lines} billed, ${counts.unbilled} unbilled, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // The plans of the default view's two statements, as PostgreSQL runs them.
    const window = { from: new Date(Date.now() - 30 * DAY), to: new Date(Date.now() + DAY) };
    const client = (database.db as unknown as { $client: { query: QueryOf } }).$client;
    for (const [what, query] of [
      ['page', unbilledPage(database.db, { filter: window, limit: 100, offset: 0 }).toSQL()],
      ['totals', unbilledTotalsQuery(database.db, window).toSQL()],
    ] as const) {
      const plan = await client.query(`explain (analyze, buffers) ${query.sql}`, query.params);
      console.log(`plan of the ${what}:\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }

    const { app } = await buildApp({ config: testConfig({ logLevel: 'silent' }), database });
    await app.ready();
    const password = 'bench-password-2030';
    await createAccount(
      database.db,
      { email: 'bench-staff@example.test', password, firstName: 'Bench', lastName: 'Staff', role: 'staff' },
      { actorId: null },
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench-staff@example.test', password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
    const pick = () => practitionerIds[Math.floor(Math.random() * practitionerIds.length)];
    const views: Record<string, () => string> = {
      'whole clinic, last 30 days (default)': () => '/api/invoices/unbilled',
      'whole clinic, last 30 days, page 5': () => '/api/invoices/unbilled?page=5',
      'one practitioner, last 30 days': () => `/api/invoices/unbilled?practitionerId=${pick()}`,
      'whole clinic, one week': () => `/api/invoices/unbilled?from=${day(7)}&to=${day(1)}`,
    };
    const rows: Row[] = [];
    for (const [what, url] of Object.entries(views)) {
      const get = async () => {
        const response = await app.inject({ method: 'GET', url: url(), headers });
        if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
        return response.json<{ sessions: unknown[]; total: number }>();
      };
      for (let i = 0; i < WARMUP; i++) await get();
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const begin = performance.now();
        total = (await get()).total;
        times.push(performance.now() - begin);
      }
      times.sort((a, b) => a - b);
      rows.push({
        what: `view: ${what}`,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        rows: total,
        goal: `p99 < ${GOALS.view} ms`,
      });
    }

    // 500 unbilled sessions of the last week, spread over patients, invoiced in one call.
    const chosen = await rowsOf<{ id: string }>(
      database,
      sql`select a.id from appointments a
        where a.status = 'completed' and a.starts_at >= now() - interval '7 days'
          and not exists (select 1 from invoice_line_items l where l.appointment_id = a.id)
        order by hashtext(a.id::text) limit ${BATCH}`,
    );
    const begin = performance.now();
    const batch = await app.inject({
      method: 'POST',
      url: '/api/invoices/from-sessions',
      headers,
      payload: { appointmentIds: chosen.map((row) => row.id) },
    });
    const took = performance.now() - begin;
    if (batch.statusCode !== 201) throw new Error(`batch: ${batch.statusCode} ${batch.body}`);
    const made = batch.json<{ invoices: unknown[]; sessions: number }>();
    const [claimed] = await rowsOf<{ lines: number }>(
      database,
      sql`select count(*)::int as lines from invoice_line_items l join invoices i on i.id = l.invoice_id
        where i.number is not null`,
    );
    console.log(
      `batch: ${made.sessions} sessions on ${made.invoices.length} invoices (${claimed.lines} numbered lines) in ${took.toFixed(0)} ms`,
    );
    rows.push({
      what: `invoice selected: ${made.sessions} sessions, ${made.invoices.length} invoices`,
      p50: took,
      p95: took,
      p99: took,
      rows: made.sessions,
      goal: `< ${GOALS.batch} ms`,
    });
    await app.close();

    console.table(
      rows.map((row) => ({
        ...row,
        p50: row.p50.toFixed(2),
        p95: row.p95.toFixed(2),
        p99: row.p99.toFixed(2),
      })),
    );
    const failed = rows.filter((row) =>
      row.what.startsWith('view') ? row.p99 >= GOALS.view : row.p99 >= GOALS.batch,
    );
    if (made.sessions !== chosen.length || claimed.lines !== chosen.length) {
      console.error('the batch did not invoice every chosen session exactly once');
      process.exitCode = 1;
    }
    if (failed.length > 0) {
      console.error(`over the goal: ${failed.map((row) => row.what).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await main();
