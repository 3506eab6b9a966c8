// The calendar's week query over 1,000,000 appointments (200 practitioners, 5,000 each, eight a day over
// about two years, one in ten cancelled): the query behind GET /api/appointments?from&to for one week, as
// staff filtering one practitioner, as a practitioner reading their own calendar (with their reach), and as
// staff reading the whole clinic's week (the first page of 500). On an in-memory embedded database and,
// when TEST_DATABASE_URL is set, on PostgreSQL (a database of its own there, dropped after). Goals: under
// 20 ms on PostgreSQL and 100 ms embedded. Calls go one at a time: p50, p95 and p99 over BENCH_REQUESTS
// calls after BENCH_WARMUP, each on a random practitioner and week; exits non-zero when a p99 misses its goal.
// Run with `npm run bench:calendar`.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../src/server/db/client';
import { listAppointments } from '../src/server/features/appointments/repository';
import { patientIdsInReachOf } from '../src/server/features/patients/service';
import { percentile } from './support/processes';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const PRACTITIONERS = Number(process.env.BENCH_PRACTITIONERS ?? 200);
const PER_PRACTITIONER = Number(process.env.BENCH_PER_PRACTITIONER ?? 5000);
const PATIENTS = 5000;
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const GOALS = { pglite: 100, postgres: 20 } as const;
const DAY = 86_400_000;
const BASE = Date.UTC(2030, 0, 7);
const SPAN_DAYS = Math.ceil(PER_PRACTITIONER / 8);

type Row = { target: string; what: string; p50: number; p95: number; p99: number; rows: number };

/** Everyone and every appointment in a few statements, so the million rows load in reasonable time. */
async function fill(database: Database) {
  const { db } = database;
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
  await db.execute(sql`create temporary table bench_practitioners as
    select row_number() over (order by id) as n, id from users where email like 'bench-practitioner-%'`);
  // One practitioner at a time keeps each statement's memory small on the embedded database.
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
             ${new Date(BASE).toISOString()}::timestamptz + (k / 8) * interval '1 day' + (8 + k % 8) * interval '1 hour',
             ${new Date(BASE).toISOString()}::timestamptz + (k / 8) * interval '1 day' + (8 + k % 8) * interval '1 hour' + interval '45 minutes',
             case when k % 10 = 0 then 'cancelled' else 'confirmed' end,
             case when k % 10 = 0 then 'Bench' end
      from generate_series(0, ${PER_PRACTITIONER - 1}) k
      join bench_patients p on p.n = 1 + (k * 7 + ${n} * 13) % ${PATIENTS}`);
  }
  // As autovacuum leaves a table that has been in use: statistics, and the freshly loaded pages' hint bits and
  // visibility set once, rather than by the first calls that happen to read them.
  await db.execute(sql`vacuum analyze`);
  return practitioners.rows.map((row) => row.id);
}

async function measure(target: 'pglite' | 'postgres', database: Database): Promise<Row[]> {
  const started = performance.now();
  const practitionerIds = await fill(database);
  const count = (await database.db.execute(
    sql`select count(*)::int as count from appointments`,
  )) as unknown as {
    rows: Array<{ count: number }>;
  };
  console.log(
    `${target}: ${count.rows[0].count} appointments loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const now = new Date(BASE + SPAN_DAYS * DAY * 0.5);
  const week = () => {
    const from = new Date(BASE + Math.floor(Math.random() * (SPAN_DAYS / 7 - 1)) * 7 * DAY);
    return { from, to: new Date(from.getTime() + 7 * DAY) };
  };
  const pick = () => practitionerIds[Math.floor(Math.random() * practitionerIds.length)];
  const queries = {
    'staff, one practitioner': () =>
      listAppointments(database.db, { practitionerId: pick(), ...week(), now, limit: 501 }),
    'practitioner, own calendar': () => {
      const id = pick();
      return listAppointments(database.db, {
        reach: { practitionerId: id, patientIdsIn: patientIdsInReachOf(id) },
        practitionerId: id,
        ...week(),
        now,
        limit: 501,
      });
    },
    'staff, whole clinic (first 500)': () => listAppointments(database.db, { ...week(), now, limit: 501 }),
  };
  const rows: Row[] = [];
  for (const [what, query] of Object.entries(queries)) {
    for (let i = 0; i < WARMUP; i++) await query();
    const times: number[] = [];
    let seen = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const begin = performance.now();
      seen += (await query()).length;
      times.push(performance.now() - begin);
    }
    times.sort((a, b) => a - b);
    rows.push({
      target,
      what,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      rows: Math.round(seen / REQUESTS),
    });
  }
  return rows;
}

const results: Row[] = [];
if (process.env.BENCH_SKIP_EMBEDDED !== '1') {
  const embedded = await openDatabase({ pglite: new PGlite({ extensions: PGLITE_EXTENSIONS }) });
  await embedded.migrate();
  results.push(...(await measure('pglite', embedded)));
  await embedded.close();
}

if (POSTGRES_URL) {
  const name = `clinic_bench_calendar_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    results.push(...(await measure('postgres', database)));
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.table(
  results.map((row) => ({
    ...row,
    p50: row.p50.toFixed(2),
    p95: row.p95.toFixed(2),
    p99: row.p99.toFixed(2),
    goal: `< ${GOALS[row.target as 'pglite' | 'postgres']} ms`,
  })),
);
const failed = results.filter((row) => row.p99 >= GOALS[row.target as 'pglite' | 'postgres']);
if (failed.length > 0) {
  console.error(`over the goal: ${failed.map((row) => `${row.target} ${row.what}`).join(', ')}`);
  process.exitCode = 1;
}
