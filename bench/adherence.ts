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
import { percentile } from './support/processes';
import { scratchDatabase } from './support/scratch-database';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const GOALS = { postgres: 100, pglite: 200 } as const;

/** The practitioner, the patients, their programmes and a year of check-ins, in a few statements. */
async function fill(database: Database, practitionerId: string) {
  const { db } = database;
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
    select id, ${practitionerId}::uuid, 'Bench programme', current_date - ${DAYS}::int, 14 from users where role = 'patient'`);
  await db.execute(sql`insert into exercise_programme_versions (programme_id, version, created_by)
    select id, 1, ${practitionerId}::uuid from exercise_programmes`);
  await db.execute(sql`insert into exercise_programme_items (version_id, exercise_id, position, sets, reps, times_per_day, days_per_week)
    select v.id, e.id, row_number() over (partition by v.id order by e.name) - 1, 3, 10, 1, 7
    from exercise_programme_versions v cross join exercises e`);
  // Done about seven sessions in ten; every tenth patient did a quarter of them in the last seven days.
  await db.execute(sql`insert into exercise_logs (patient_id, programme_id, exercise_id, clinic_day, done, difficulty, pain, note)
    select p.patient_id, p.id, e.id, current_date - d, true, 5, 2 + (d % 3)::int + case when n % 10 = 0 and d <= 7 then 3 else 0 end, ''
    from (select id, patient_id, row_number() over (order by id) as n from exercise_programmes) p
    cross join exercises e
    cross join generate_series(1, ${DAYS}::int) d
    where hashtext(p.id::text || e.id::text || d::text) % 100 < case when p.n % 10 = 0 and d <= 7 then 25 else 70 end`);
  await db.execute(sql`insert into exercise_log_days (patient_id, clinic_day, done_count, pain_sum, pain_count)
    select patient_id, clinic_day, count(*) filter (where done), coalesce(sum(pain), 0), count(pain)
    from exercise_logs group by patient_id, clinic_day`);
  await db.execute(sql`vacuum analyze`);
}

async function run(kind: 'pglite' | 'postgres') {
  const scratch =
    kind === 'postgres' && POSTGRES_URL ? await scratchDatabase(POSTGRES_URL, 'adherence') : null;
  if (kind === 'postgres' && !scratch) return null;
  const database = await openDatabase({ url: scratch?.url });
  try {
    await database.migrate();
    const password = 'bench-password-2030';
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
    await scratch?.drop();
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
