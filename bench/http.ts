// Requests per second and latency of an authenticated read and an authenticated write of the built clinic
// under closed-loop load, beside references measured in the same run: a bare Fastify route (the ceiling) and
// a floor server that does the least an authenticated read or write can (it verifies a signed token, no
// database, then runs one indexed query, or one insert, on the same driver with the same durability). Each
// server runs in its own process; this process makes the load.
// Run with `npm run build:server && npm run bench:http` (see bench/README.md for the knobs and the goal).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../src/server/db/demo-accounts';
import { SERVER_NODE_FLAGS } from '../src/server/node-flags';
import { registerPatients } from './support/clinic-calls';
import { type LoadResult, loadTest } from './support/load-generator';
import { benchServerNodeArgs, clinicArgs, median, startProcess } from './support/processes';
import { scratchDatabase } from './support/scratch-database';
import { signToken } from './support/signed-token';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/**
 * How many times the floor and the read (then the write floor and the write) are measured in turn. On a shared machine one pair can differ by 15%
 * either way; the goal is judged on the medians of the rounds.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/**
 * How many patients make the read (and the floor's): 1, the demo patient alone, or more, with patients
 * registered at the start; each connection asks as each of them in turn.
 */
const READERS = Math.max(1, Number(process.env.BENCH_READERS ?? 1));
const PORT = Number(process.env.BENCH_PORT ?? 3453);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What to measure: any of bare, floor (the read's and, with write, the write's), read, write. */
const TARGETS = new Set((process.env.BENCH_TARGETS ?? 'bare,floor,read,write').split(','));
/** On which databases: any of pglite, postgres. */
const DATABASES = new Set((process.env.BENCH_DATABASES ?? 'pglite,postgres').split(','));
const P99_GOAL_MS = 25;

const origin = `http://127.0.0.1:${PORT}`;
const serverNodeArgs = benchServerNodeArgs();

type Row = { target: string; database: string; round: number; result: LoadResult; cpuPerRequestUs?: number };
const rows: Row[] = [];
const rate = (row: Pick<Row, 'result'>) => row.result.requests.total / row.result.duration;

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
  round = 1,
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
  rows.push({ target, database, round, result, cpuPerRequestUs });
  console.log(
    `${ROUNDS > 1 ? `round ${round}: ` : ''}${target} on ${database}: ${rate({ result }).toFixed(0)} req/s, p99 ${result.latency.p99} ms` +
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

type Server = Awaited<ReturnType<typeof startProcess>>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Each connection asks as each token's holder in turn (one token: every request the same). */
const asReaders = (tokens: string[]) => ({ requests: tokens.map((token) => ({ headers: bearer(token) })) });

type FloorKind = 'read' | 'write';

/**
 * A floor on the clinic's database: the read as the same patients, or the write as the same staff member to the
 * same patient. The clinic stops while it runs (PGlite admits one process at a time) and starts again after it.
 * Returns the clinic started again.
 */
async function measureFloor(
  kind: FloorKind,
  at: { database: string; env: Record<string, string>; round: number },
  people: { actorIds: string[]; recipientId: string },
  clinic: { server: Server; start: () => Promise<Server> },
) {
  const { database, env, round } = at;
  await clinic.server.stop();
  // The floor trusts a signature instead of a session: signed here for the same people, valid an hour.
  const secret = randomBytes(32).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const signed = people.actorIds.map((sub) => signToken(secret, { sub, exp }));
  const floor = await startProcess({
    // The clinic's V8 flags too, so the two differ only in what they do for a request.
    args: [...SERVER_NODE_FLAGS, ...serverNodeArgs, '--import', 'tsx', 'bench/support/floor-api.ts'],
    env: { PORT: String(PORT), DATABASE_URL: '', FLOOR_TOKEN_SECRET: secret, ...env },
    healthUrl: `${origin}/health`,
  });
  try {
    const request =
      kind === 'read'
        ? { url: `${origin}/unread-count`, ...asReaders(signed) }
        : {
            url: `${origin}/messages`,
            method: 'POST' as const,
            headers: { ...bearer(signed[0]), 'content-type': 'application/json' },
            body: JSON.stringify({ recipientId: people.recipientId, content: MESSAGE_TEXT }),
          };
    // A floor that refused a token would answer fast and prove nothing.
    const probes = kind === 'read' ? signed.map((token) => ({ headers: bearer(token) })) : [request];
    for (const probe of probes) {
      const answer = await fetch(request.url, { ...request, ...probe });
      if (answer.status !== (kind === 'read' ? 200 : 201))
        throw new Error(`the ${kind} floor answered ${answer.status} to its signed token`);
    }
    await measure(
      kind === 'read' ? 'floor: signed token + one indexed query' : 'write floor: signed token + one insert',
      database,
      { ...load, ...request },
      floor,
      round,
    );
  } finally {
    await floor.stop();
  }
  return clinic.start();
}

const MESSAGE_TEXT = 'Your exercises for this week are ready.';

/**
 * The clinic on one database: it seeds the demo clinic and signs in, then the floor runs on the same data,
 * then the clinic again for the read, BENCH_ROUNDS times, and then the write. The floor and the read are
 * measured next to each other, before the write leaves work behind for the database.
 */
async function measureDatabase(database: string, env: Record<string, string>) {
  const startClinic = () =>
    startProcess({
      args: clinicArgs(...serverNodeArgs),
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
    const readers = [patient, ...(await registerPatients(origin, READERS - 1, `http-${process.pid}`))];
    for (let round = 1; round <= ROUNDS; round++) {
      if (TARGETS.has('floor'))
        clinic = await measureFloor(
          'read',
          { database, env, round },
          { actorIds: readers.map((reader) => reader.id), recipientId: patient.id },
          { server: clinic, start: startClinic },
        );
      if (TARGETS.has('read'))
        await measure(
          'clinic read: GET /api/notifications/unread-count',
          database,
          {
            ...load,
            url: `${origin}/api/notifications/unread-count`,
            ...asReaders(readers.map((reader) => reader.token)),
          },
          clinic,
          round,
        );
    }
    // The writes after the reads: they leave work behind for the database. The write floor and the message
    // write are measured next to each other in each round.
    for (let round = 1; round <= ROUNDS && TARGETS.has('write'); round++) {
      if (TARGETS.has('floor'))
        clinic = await measureFloor(
          'write',
          { database, env, round },
          { actorIds: [staff.id], recipientId: patient.id },
          { server: clinic, start: startClinic },
        );
      // Staff may write to any patient (the messaging rules); each message also raises a notification.
      const request = {
        url: `${origin}/api/messages`,
        method: 'POST',
        headers: { ...bearer(staff.token), 'content-type': 'application/json' },
        body: JSON.stringify({ recipientId: patient.id, content: MESSAGE_TEXT }),
      };
      const probe = await fetch(request.url, request);
      if (probe.status !== 201) throw new Error(`POST /api/messages answered ${probe.status}`);
      await measure('clinic write: POST /api/messages', database, { ...load, ...request }, clinic, round);
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
console.log(
  `\n${CONNECTIONS} connections, ${SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up; the read and the floor as ${READERS === 1 ? 'the demo patient' : `${READERS} patients in turn`}\n`,
);
console.log(
  `| ${ROUNDS > 1 ? 'round | ' : ''}target | database | req/s | p50 | p99 | errors / non-2xx | server CPU a request |`,
);
console.log(`|${ROUNDS > 1 ? '---|' : ''}---|---|---|---|---|---|---|`);
for (const row of rows) {
  const { target, database, round, result, cpuPerRequestUs } = row;
  console.log(
    `| ${ROUNDS > 1 ? `${round} | ` : ''}${target} | ${database} | ${rate(row).toFixed(0)} | ${ms(result.latency.p50)} | ${ms(result.latency.p99)} | ${result.errors + result.timeouts} / ${result.non2xx} | ${cpuPerRequestUs === undefined ? 'n/a' : `${cpuPerRequestUs.toFixed(0)} µs`} |`,
  );
}

// The goal: the clinic's read keeps up with the floor and answers within 25 ms at p99, on every database;
// over several rounds, the median of the read's share of the floor in each round, and the median p99.
const failures: string[] = [];
for (const database of new Set(rows.map((row) => row.database))) {
  const reads = rows.filter((row) => row.database === database && row.target.startsWith('clinic read'));
  const floors = rows.filter((row) => row.database === database && row.target.startsWith('floor'));
  if (reads.length === 0) continue;
  const p99 = median(reads.map((read) => read.result.latency.p99));
  if (p99 >= P99_GOAL_MS)
    failures.push(
      `${database}: read p99 ${ms(p99)}${ROUNDS > 1 ? ' (median)' : ''} (goal under ${P99_GOAL_MS} ms)`,
    );
  // A run without the floor cannot say the read keeps up with it.
  if (floors.length === 0) {
    failures.push(`${database}: the floor was not measured (BENCH_TARGETS), so the read was not judged`);
  } else {
    const shares = reads.map(
      (read) => rate(read) / rate(floors.find((floor) => floor.round === read.round)!),
    );
    const share = median(shares);
    if (ROUNDS > 1)
      console.log(
        `${database}: the read's share of the floor, by round ${shares.map((x) => `${(100 * x).toFixed(0)}%`).join(' · ')}, median ${(100 * share).toFixed(0)}%; read p99 median ${ms(p99)}`,
      );
    if (share < 1)
      failures.push(
        ROUNDS > 1
          ? `${database}: the read's median share of the floor is ${(100 * share).toFixed(0)}%`
          : `${database}: read ${rate(reads[0]).toFixed(0)} req/s below the floor's ${rate(floors[0]).toFixed(0)}`,
      );
  }
  if (reads.some((read) => read.result.non2xx + read.result.errors + read.result.timeouts > 0))
    failures.push(`${database}: the read had errors or non-2xx answers`);
}
// The write's goal: the message write at half the write floor's rate or more, p99 under 50 ms (medians over
// rounds). Judged only when both were measured.
const WRITE_SHARE_GOAL = 0.5;
const WRITE_P99_GOAL_MS = 50;
for (const database of new Set(rows.map((row) => row.database))) {
  const writes = rows.filter((row) => row.database === database && row.target.startsWith('clinic write'));
  const floors = rows.filter((row) => row.database === database && row.target.startsWith('write floor'));
  if (writes.length === 0 || floors.length === 0) continue;
  const shares = writes.map(
    (write) => rate(write) / rate(floors.find((floor) => floor.round === write.round)!),
  );
  const share = median(shares);
  const p99 = median(writes.map((write) => write.result.latency.p99));
  console.log(
    `${database}: the write's share of the write floor, by round ${shares.map((x) => `${(100 * x).toFixed(0)}%`).join(' · ')}, median ${(100 * share).toFixed(0)}%; write p99 median ${ms(p99)}`,
  );
  if (share < WRITE_SHARE_GOAL)
    failures.push(
      `${database}: the write's median share of the write floor is ${(100 * share).toFixed(0)}% (goal 50%)`,
    );
  if (p99 >= WRITE_P99_GOAL_MS)
    failures.push(`${database}: write p99 ${ms(p99)} (goal under ${WRITE_P99_GOAL_MS} ms)`);
  if (writes.some((write) => write.result.non2xx + write.result.errors + write.result.timeouts > 0))
    failures.push(`${database}: the write had errors or non-2xx answers`);
}

// A run without the read (BENCH_TARGETS=bare, say) judges nothing and says so.
const judged = rows.some((row) => row.target.startsWith('clinic read'));
console.log(
  failures.length
    ? `\nGoal missed:\n${failures.map((f) => `- ${f}`).join('\n')}`
    : judged
      ? '\nGoals met: the read is at or above the floor with p99 under 25 ms (and the write, where measured, at half its floor or more with p99 under 50 ms).'
      : '\nThe read was not measured (BENCH_TARGETS), so the goal was not judged.',
);
process.exit(failures.length ? 1 : 0);
