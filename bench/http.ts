// Requests per second and latency of an authenticated read and an authenticated write of the built clinic
// under closed-loop load, beside two references measured in the same run: a bare Fastify route (the
// ceiling) and a floor server that does the least an authenticated read can (it verifies a signed token,
// no database, and runs one indexed query on the same driver). Each server runs in its own process; this
// process makes the load.
// Run with `npm run build:server && npm run bench:http` (see bench/README.md for the knobs and the goal).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../src/server/db/demo-accounts';
import { type LoadResult, loadTest } from './support/load-generator';
import { startProcess } from './support/processes';
import { scratchDatabase } from './support/scratch-database';
import { signToken } from './support/signed-token';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3453);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What to measure: any of bare, floor, read, write. */
const TARGETS = new Set((process.env.BENCH_TARGETS ?? 'bare,floor,read,write').split(','));
/** On which databases: any of pglite, postgres. */
const DATABASES = new Set((process.env.BENCH_DATABASES ?? 'pglite,postgres').split(','));
const P99_GOAL_MS = 25;

const origin = `http://127.0.0.1:${PORT}`;
const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

type Row = { target: string; database: string; result: LoadResult; cpuPerRequestUs?: number };
const rows: Row[] = [];

/**
 * The CPU time a process has used (user and system, every thread), in µs, from Linux's /proc; undefined
 * elsewhere. Requests per second move with whatever else the machine runs; the server's CPU time per request
 * moves much less, so it shows a change in the server's own work on a busy host too.
 */
function cpuTimeUs(pid: number | undefined) {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux architecture Node runs on
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

async function measure(
  target: string,
  database: string,
  request: Parameters<typeof loadTest>[0],
  server: { child: { pid?: number } },
) {
  let cpuAtStart: number | undefined;
  const result = await loadTest({
    ...request,
    onMeasureStart: () => (cpuAtStart = cpuTimeUs(server.child.pid)),
  });
  const cpuAtEnd = cpuTimeUs(server.child.pid);
  const cpuPerRequestUs =
    cpuAtStart === undefined || cpuAtEnd === undefined || result.requests.total === 0
      ? undefined
      : (cpuAtEnd - cpuAtStart) / result.requests.total;
  rows.push({ target, database, result, cpuPerRequestUs });
  console.log(
    `${target} on ${database}: ${(result.requests.total / result.duration).toFixed(0)} req/s, p99 ${result.latency.p99} ms` +
      (cpuPerRequestUs === undefined ? '' : `, server CPU ${cpuPerRequestUs.toFixed(0)} µs a request`),
  );
}

const load = { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };

async function signIn(email: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

/**
 * The clinic on one database: it seeds the demo clinic and signs in, then the floor runs on the same data
 * (PGlite admits one process at a time), then the clinic again for the read and the write. The floor and
 * the read are measured next to each other, before the write leaves work behind for the database.
 */
async function measureDatabase(database: string, env: Record<string, string>) {
  const startClinic = () =>
    startProcess({
      // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load.
      args: [...serverNodeArgs, 'dist/server/main.js'],
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        SMTP_URL: '',
        AUTH_RATE_LIMIT: '1000000',
        AUTH_ACCOUNT_RATE_LIMIT: '1000000',
        ...env,
      },
      healthUrl: `${origin}/api/health`,
    });
  let clinic = await startClinic();
  try {
    const patient = await signIn('patient@demo.clinic');
    const staff = await signIn('staff@demo.clinic');
    const reader = { authorization: `Bearer ${patient.token}` };
    if (TARGETS.has('floor')) {
      await clinic.stop();
      // The floor trusts a signature instead of a session: signed here for the same patient, valid an hour.
      const secret = randomBytes(32).toString('base64url');
      const signed = signToken(secret, { sub: patient.id, exp: Math.floor(Date.now() / 1000) + 3600 });
      const floor = await startProcess({
        args: [...serverNodeArgs, '--import', 'tsx', 'bench/support/floor-api.ts'],
        env: { PORT: String(PORT), DATABASE_URL: '', FLOOR_TOKEN_SECRET: secret, ...env },
        healthUrl: `${origin}/health`,
      });
      try {
        const headers = { authorization: `Bearer ${signed}` };
        // A floor that refused the token would answer fast and prove nothing.
        const probe = await fetch(`${origin}/unread-count`, { headers });
        if (probe.status !== 200) throw new Error(`the floor answered ${probe.status} to its signed token`);
        await measure(
          'floor: signed token + one indexed query',
          database,
          { ...load, url: `${origin}/unread-count`, headers },
          floor,
        );
      } finally {
        await floor.stop();
      }
      clinic = await startClinic();
    }
    if (TARGETS.has('read'))
      await measure(
        'clinic read: GET /api/notifications/unread-count',
        database,
        { ...load, url: `${origin}/api/notifications/unread-count`, headers: reader },
        clinic,
      );
    if (TARGETS.has('write')) {
      // Staff may write to any patient (the messaging rules); each message also raises a notification.
      const request = {
        url: `${origin}/api/messages`,
        method: 'POST',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ recipientId: patient.id, content: 'Your exercises for this week are ready.' }),
      };
      const probe = await fetch(request.url, request);
      if (probe.status !== 201) throw new Error(`POST /api/messages answered ${probe.status}`);
      await measure('clinic write: POST /api/messages', database, { ...load, ...request }, clinic);
      // The notifications raised behind the answers finish before the server is asked to stop.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  } finally {
    await clinic.stop();
  }
}

if (!existsSync('dist/pglite-template.tar.gz') || !existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first: the bench runs the server bundle and its database template.');
  process.exit(1);
}

if (TARGETS.has('bare')) {
  const bare = await startProcess({
    args: ['--import', 'tsx', 'bench/support/bare-api.ts'],
    env: { PORT: String(PORT) },
    healthUrl: `${origin}/health`,
  });
  try {
    await measure('bare Fastify route', 'none', { ...load, url: `${origin}/unread-count` }, bare);
  } finally {
    await bare.stop();
  }
}

const clinicTargets = ['floor', 'read', 'write'].some((target) => TARGETS.has(target));
if (clinicTargets && DATABASES.has('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-http-'));
  try {
    await measureDatabase('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (clinicTargets && DATABASES.has('postgres')) {
  const database = await scratchDatabase(POSTGRES_URL, 'http');
  if (database) {
    try {
      await measureDatabase('PostgreSQL', { DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  }
}

// autocannon keeps latencies in whole milliseconds.
const ms = (value: number) => `${value} ms`;
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up\n`);
console.log('| target | database | req/s | p50 | p99 | errors / non-2xx | server CPU a request |');
console.log('|---|---|---|---|---|---|---|');
for (const { target, database, result, cpuPerRequestUs } of rows)
  console.log(
    `| ${target} | ${database} | ${(result.requests.total / result.duration).toFixed(0)} | ${ms(result.latency.p50)} | ${ms(result.latency.p99)} | ${result.errors + result.timeouts} / ${result.non2xx} | ${cpuPerRequestUs === undefined ? 'n/a' : `${cpuPerRequestUs.toFixed(0)} µs`} |`,
  );

// The goal: the clinic's read keeps up with the floor and answers within 25 ms at p99, on every database.
const failures: string[] = [];
const rate = (row: Row) => row.result.requests.total / row.result.duration;
for (const database of new Set(rows.map((row) => row.database))) {
  const read = rows.find((row) => row.database === database && row.target.startsWith('clinic read'));
  const floor = rows.find((row) => row.database === database && row.target.startsWith('floor'));
  if (!read) continue;
  if (read.result.latency.p99 >= P99_GOAL_MS)
    failures.push(`${database}: read p99 ${ms(read.result.latency.p99)} (goal under ${P99_GOAL_MS} ms)`);
  // A run without the floor cannot say the read keeps up with it.
  if (!floor)
    failures.push(`${database}: the floor was not measured (BENCH_TARGETS), so the read was not judged`);
  else if (rate(read) < rate(floor))
    failures.push(
      `${database}: read ${rate(read).toFixed(0)} req/s below the floor's ${rate(floor).toFixed(0)}`,
    );
  if (read.result.non2xx + read.result.errors + read.result.timeouts > 0)
    failures.push(`${database}: the read had errors or non-2xx answers`);
}
// A run without the read (BENCH_TARGETS=bare, say) judges nothing and says so.
const judged = rows.some((row) => row.target.startsWith('clinic read'));
console.log(
  failures.length
    ? `\nGoal missed:\n${failures.map((f) => `- ${f}`).join('\n')}`
    : judged
      ? '\nGoal met: the read is at or above the floor with p99 under 25 ms.'
      : '\nThe read was not measured (BENCH_TARGETS), so the goal was not judged.',
);
process.exit(failures.length ? 1 : 0);
