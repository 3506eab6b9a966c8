// The practitioner's list of care-team patients whose home exercises are going worse, over 10,000 patients in
// one practitioner's care team, each with an active programme of two exercises and a year of daily check-ins
// (about seven in ten sessions done; one patient in ten slipped this last week). BENCH_PATIENTS and BENCH_DAYS
// change the shape. Through the real app (sign-in, capability check, query, activity log, answer): GET
// /api/exercise-programmes/worsening as that practitioner. Goal: p99 under 100 ms on PostgreSQL and 200 ms on
// PGlite. p50, p95 and p99 over BENCH_REQUESTS calls after BENCH_WARMUP; exits non-zero when a goal is missed.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (a database of its own there, dropped after).
// Run with `npm run bench:adherence` (BENCH_TARGETS=postgres or pglite for one of them).
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { createAccount } from '../src/server/features/accounts/service';
import { sumAdherenceWindows } from '../src/server/features/exercise-programmes/adherence-windows';
import { windowFiguresQuery } from '../src/server/features/exercise-programmes/repository';
import { WORSENING_THRESHOLDS, worseningWindows } from '../src/server/features/exercise-programmes/service';
import { addDays, clinicToday } from '../src/server/platform/clinic-time';
import { percentile } from './support/processes';
import { scratchDatabase } from './support/scratch-database';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const FILL_DAYS = Number(process.env.BENCH_FILL_DAYS ?? 15);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const REUSE = process.env.BENCH_REUSE_DATABASE;
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR;
const GOALS = { postgres: 100, pglite: 200 } as const;

/**
 * The practitioner, the patients, their programmes and a year of check-ins. The check-ins go in steps of
 * BENCH_FILL_DAYS days, oldest first, each step's check-ins and their per-day summary in one statement: the
 * embedded database (wasm, bounded memory) never holds more than a step in one statement, and the tables are
 * laid out day after day as a clinic's are. The rows are the ones a check-in writes: exercise_logs with the
 * item the patient saw, and exercise_log_days as refreshDay computes it from that day's check-ins.
 */
async function fill(database: Database, practitionerId: string) {
  const { db } = database;
  const today = clinicToday();
  await db.execute(sql`insert into clinic_features (id, care_between_visits) values ('clinic', true)
    on conflict (id) do update set care_between_visits = true`);
  await db.execute(
    sql`insert into exercises (name, body_region) values ('Bench squat', 'knee'), ('Bench bridge', 'hip')`,
  );
  await db.execute(sql`insert into users (id, email, password_hash, first_name, last_name, role)
    select gen_random_uuid(), 'bench-patient-' || i || '@example.test', 'x', 'Bench', 'Patient ' || i, 'patient'
    from generate_series(1, ${PATIENTS}::int) i`);
  await db.execute(sql`insert into care_team_assignments (practitioner_id, patient_id)
    select ${practitionerId}::uuid, id from users where role = 'patient'`);
  await db.execute(sql`insert into exercise_programmes (patient_id, practitioner_id, title, start_date, weekly_sessions)
    select id, ${practitionerId}::uuid, 'Bench programme', ${today}::date - ${DAYS}::int, 14 from users where role = 'patient'`);
  await db.execute(sql`insert into exercise_programme_versions (programme_id, version, created_by)
    select id, 1, ${practitionerId}::uuid from exercise_programmes`);
  await db.execute(sql`insert into exercise_programme_items (version_id, exercise_id, position, sets, reps, times_per_day, days_per_week)
    select v.id, e.id, row_number() over (partition by v.id order by e.name) - 1, 3, 10, 1, 7
    from exercise_programme_versions v cross join exercises e`);
  // Each programme's items with the patient's number (every tenth one slips this last week).
  await db.execute(sql`create temporary table bench_items as
    select p.n, p.id as programme_id, p.patient_id, i.id as item_id, i.exercise_id
    from (select id, patient_id, row_number() over (order by id) as n from exercise_programmes) p
    join exercise_programme_versions v on v.programme_id = p.id
    join exercise_programme_items i on i.version_id = v.id`);
  const started = performance.now();
  let written = 0;
  // d counts days back from today: 1 is yesterday, the last day of the list's windows.
  for (let oldest = DAYS; oldest >= 1; oldest -= FILL_DAYS) {
    const newest = Math.max(1, oldest - FILL_DAYS + 1);
    // Done about seven sessions in ten; every tenth patient did a quarter of them in the last seven days,
    // with more pain. A check-in is logged in the evening of its day.
    const result = (await db.execute(sql`
      with logs as (
        insert into exercise_logs
          (patient_id, programme_id, item_id, exercise_id, clinic_day, done, difficulty, pain, note, logged_at)
        select b.patient_id, b.programme_id, b.item_id, b.exercise_id, ${today}::date - d, true, 3 + (d % 5)::int,
               2 + (d % 3)::int + case when b.n % 10 = 0 and d <= 7 then 3 else 0 end, '',
               (${today}::date - d) + time '18:00'
        from generate_series(${oldest}::int, ${newest}::int, -1) d
        cross join bench_items b
        where abs(hashtext(b.programme_id::text || b.exercise_id::text || d::text)) % 100
              < case when b.n % 10 = 0 and d <= 7 then 25 else 70 end
        order by d desc, b.n
        returning patient_id, clinic_day, done, pain
      ), days as (
        insert into exercise_log_days (patient_id, clinic_day, done_count, pain_sum, pain_count)
        select patient_id, clinic_day, count(*) filter (where done), coalesce(sum(pain), 0), count(pain)
        from logs group by patient_id, clinic_day
        order by clinic_day
        returning 1
      )
      select (select count(*) from logs)::int as logs`)) as unknown as { rows: Array<{ logs: number }> };
    written += Number(result.rows[0].logs);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  days ${addDays(today, -oldest)} to ${addDays(today, -newest)}: ${written.toLocaleString('en')} check-ins in ${seconds.toFixed(0)} s`,
    );
  }
  await db.execute(sql`drop table bench_items`);
  await db.execute(sql`vacuum analyze`);
}

/**
 * The PostgreSQL database of a run: a scratch one, or the one BENCH_REUSE_DATABASE names (kept by an earlier
 * run with BENCH_KEEP_DATABASE=1, to study the plans or measure again without loading).
 */
async function postgresTarget(serverUrl: string) {
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  if (REUSE) {
    const url = new URL(serverUrl);
    url.pathname = `/${REUSE}`;
    return { url: url.toString(), drop: async () => console.log(`kept the database ${REUSE}`) };
  }
  const scratch = await scratchDatabase(serverUrl, 'adherence');
  if (!scratch) return null;
  const name = new URL(scratch.url).pathname.slice(1);
  return {
    url: scratch.url,
    drop: async () => (keep ? console.log(`kept the database ${name}`) : scratch.drop()),
  };
}

async function run(kind: 'pglite' | 'postgres') {
  const target = kind === 'postgres' && POSTGRES_URL ? await postgresTarget(POSTGRES_URL) : null;
  if (kind === 'postgres' && !target) return null;
  // BENCH_PGLITE_DIR keeps the embedded database in that directory; a later run there measures it again.
  const database = await openDatabase({
    url: target?.url,
    dataDir: kind === 'pglite' ? PGLITE_DIR : undefined,
  });
  const password = 'bench-password-2030';
  try {
    await database.migrate();
    const loaded = (
      (await database.db.execute(
        sql`select 1 from users where email = 'bench-practitioner@example.test'`,
      )) as unknown as { rows: unknown[] }
    ).rows.length;
    if (loaded) console.log(`${kind}: measured again on the data of an earlier run`);
    else {
      const practitioner = await createAccount(
        database.db,
        {
          email: 'bench-practitioner@example.test',
          password,
          firstName: 'Bench',
          lastName: 'Practitioner',
          role: 'practitioner',
        },
        { actorId: null },
      );
      const started = performance.now();
      await fill(database, practitioner.id);
      const [counts] = (
        (await database.db.execute(
          sql`select (select count(*)::int from exercise_logs) as logs, (select count(*)::int from exercise_log_days) as days`,
        )) as unknown as { rows: Array<{ logs: number; days: number }> }
      ).rows;
      console.log(
        `${kind}: ${PATIENTS} patients, ${counts.logs} check-ins, ${counts.days} patient-days, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // The night's job: the two windows summed per patient, as every clinic day starts with.
    const summing = performance.now();
    await sumAdherenceWindows(database.db, clinicToday());
    console.log(`${kind}: the night's sums in ${(performance.now() - summing).toFixed(0)} ms`);
    // The plan of the list's statement as the database runs it, with the service's windows.
    const [{ id: practitionerId }] = (
      (await database.db.execute(
        sql`select id from users where email = 'bench-practitioner@example.test'`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    const plan = (await database.db.execute(
      sql`explain (analyze, buffers) ${windowFiguresQuery({ practitionerId, windows: worseningWindows(clinicToday()), thresholds: WORSENING_THRESHOLDS })}`,
    )) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
    console.log(
      `${kind}: plan of the list's statement:\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`,
    );
    const { app } = await buildApp({ config: testConfig({ logLevel: 'silent' }), database });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench-practitioner@example.test', password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const get = async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/exercise-programmes/worsening',
        headers,
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json<{ items: unknown[] }>();
    };
    for (let i = 0; i < WARMUP; i++) await get();
    const times: number[] = [];
    let listed = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const begin = performance.now();
      listed = (await get()).items.length;
      times.push(performance.now() - begin);
    }
    times.sort((a, b) => a - b);
    await app.close();
    return {
      kind,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      listed,
    };
  } finally {
    await database.close();
    await target?.drop();
  }
}

async function main() {
  let missed = false;
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!TARGETS.includes(kind)) continue;
    const result = await run(kind);
    if (!result) continue;
    const goal = GOALS[kind];
    const met = result.p99 < goal;
    missed ||= !met;
    console.log(
      `${kind}: worsening list of ${result.listed} patients: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (goal < ${goal} ms: ${met ? 'met' : 'missed'})`,
    );
  }
  process.exit(missed ? 1 : 0);
}

void main();
