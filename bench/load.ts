// Proof under load: BENCH_USERS real accounts (mostly patients; practitioners, staff, an admin, members) each
// hold their sockets and do what their role does, with think time, for BENCH_SECONDS against the built app
// on a fresh database of its own. Every request is timed by action; every write the clinic acknowledged is
// read back from the database at the end, and every message sent must have reached its recipient's socket.
// Run with `npm run build && npm run bench:load` (see bench/README.md for the knobs).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../src/server/db/client';
import { inBatches } from './support/clinic-calls';
import { assembleCast, castOf, closeSockets, openSockets, type VirtualUser } from './support/load-cast';
import { Ledger } from './support/load-ledger';
import { pause, Recorder } from './support/load-record';
import { nextAction, type World } from './support/load-roles';
import { benchServerNodeArgs, clinicArgs, startProcess } from './support/processes';
import { scratchDatabase } from './support/scratch-database';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const THINK_MIN_MS = Number(process.env.BENCH_THINK_MIN_MS ?? 1000);
const THINK_MAX_MS = Number(process.env.BENCH_THINK_MAX_MS ?? 3000);
const PORT = Number(process.env.BENCH_PORT ?? 3441);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Which databases to run on: postgres, pglite, or both. */
const TARGETS = (process.env.BENCH_TARGETS ?? 'postgres').split(',').filter(Boolean);
const REDIS_URL = process.env.REDIS_URL ?? '';
/** A request slower than this marks its 5-second window in the stall list. */
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 2000);
const origin = `http://127.0.0.1:${PORT}`;

type Query = (text: string, params: unknown[]) => Promise<Array<{ id: string; status: string }>>;
type Target = {
  name: string;
  env: Record<string, string>;
  readBack: (work: (query: Query) => Promise<void>) => Promise<void>;
  cleanup: () => Promise<void>;
};

/** What the run shares: the service patients book, an item in the store, events to register for. */
async function prepareWorld(cast: VirtualUser[], ledger: Ledger): Promise<World> {
  const admin = cast.find((user) => user.role === 'admin') as VirtualUser;
  const call = (path: string, body?: unknown) =>
    admin.client.call<Record<string, unknown>>('setup.world', body ? 'POST' : 'GET', path, { body });
  const services = (await call('/api/service-types')).body as unknown as Array<{
    id: string;
    active: boolean;
    durationMinutes: number;
  }>;
  const [service] = services
    .filter((item) => item.active)
    .sort((a, b) => a.durationMinutes - b.durationMinutes);
  const product = await call('/api/products', {
    name: 'Load bench resistance band',
    category: 'equipment',
    variants: [{ sku: `BENCH-LOAD-${process.pid}`, priceCents: 1500, stock: 100_000 }],
  });
  if (product.status !== 201) throw new Error(`creating a product answered ${product.status}`);
  const variantId = (product.body.product as { variants: Array<{ id: string }> }).variants[0].id;
  const startsAt = Date.now() + 30 * 86_400_000;
  for (const [title, priceCents] of [
    ['Load bench open day', 0],
    ['Load bench workshop', 1500],
  ] as const) {
    const made = await call('/api/events', {
      title,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 2 * 3_600_000).toISOString(),
      place: 'Clinic hall',
      capacity: 100_000,
      priceCents,
    });
    if (made.status !== 201) throw new Error(`creating an event answered ${made.status}`);
  }
  const events = (await call('/api/events')).body.events as Array<{ id: string }>;
  return { cast, ledger, serviceTypeId: service.id, variantId, eventIds: events.map((item) => item.id) };
}

async function runUser(user: VirtualUser, world: World, until: number) {
  const think = () => THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS);
  await pause(Math.random() * THINK_MAX_MS);
  while (performance.now() < until) {
    try {
      await nextAction(user.role)(user, world);
    } catch (error) {
      world.ledger.benchFaults.push(`${user.role} ${user.email}: ${(error as Error).stack}`);
    }
    await pause(think());
  }
}

async function measure(target: Target) {
  const server = await startProcess({
    args: clinicArgs(...benchServerNodeArgs()),
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED: 'demo',
      // BENCH_SERVER_LOG_LEVEL=info logs each request with its server-side responseTime, to tell a slow
      // server from a queue in front of it.
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      REDIS_URL,
      SMTP_URL: '',
      AUTH_RATE_LIMIT: '1000000',
      AUTH_ACCOUNT_RATE_LIMIT: '1000000',
      PAYMENT_CALLS_PER_MINUTE: '1000000',
      ...target.env,
    },
    healthUrl: `${origin}/api/health`,
  });
  const setup = new Recorder();
  const recorder = new Recorder();
  const ledger = new Ledger();
  let cast: VirtualUser[] = [];
  let elapsedSeconds = 0;
  let undelivered = 0;
  try {
    const started = performance.now();
    cast = await assembleCast(origin, setup, USERS);
    const world = await prepareWorld(cast, ledger);
    await inBatches(cast, 20, (user) => openSockets(user, origin));
    console.log(
      `${target.name}: ${cast.length} users signed in with their sockets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (setup.totalErrors > 0) console.log(`setup failures:\n${setup.failures.join('\n')}`);
    for (const user of cast) user.client.recorder = recorder;
    const began = performance.now();
    recorder.began = began;
    await Promise.all(cast.map((user) => runUser(user, world, began + SECONDS * 1000)));
    elapsedSeconds = (performance.now() - began) / 1000;
    // Pushes trail their 201 by a few milliseconds; give the last ones time to land.
    await pause(2000);
    const byId = new Map(cast.map((user) => [user.id, user]));
    for (const [id, recipientId] of ledger.messages)
      if (!byId.get(recipientId)?.received.has(id)) undelivered++;
  } catch (error) {
    console.log(`setup failures:\n${setup.failures.join('\n')}`);
    throw error;
  } finally {
    for (const user of cast) closeSockets(user);
    await server.stop();
  }
  let verified: Awaited<ReturnType<Ledger['verify']>> = { report: [], problems: [] };
  try {
    await target.readBack(async (query) => {
      verified = await ledger.verify(query);
    });
  } catch (error) {
    ledger.benchFaults.push(`reading the ledger back failed: ${(error as Error).message}`);
  }
  return {
    name: target.name,
    rows: recorder.rows(),
    stalls: recorder.stalls(STALL_MS),
    refusalReasons: recorder.refusalReasons,
    failures: recorder.failures,
    errors: recorder.totalErrors,
    elapsedSeconds,
    socketDrops: cast.reduce((sum, user) => sum + user.socketDrops, 0),
    messages: ledger.messages.size,
    undelivered,
    benchFaults: ledger.benchFaults,
    ...verified,
  };
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-load-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    // The embedded database is the server's own; once it has stopped, the bench opens the same files.
    readBack: async (work) => {
      const db = await PGlite.create(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
      try {
        await work(
          async (text, params) => (await db.query<{ id: string; status: string }>(text, params)).rows,
        );
      } finally {
        await db.close();
      }
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target | null> {
  const database = await scratchDatabase(POSTGRES_URL, 'load');
  if (!database) return null;
  const url = database.url;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url },
    readBack: async (work) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await work(
          async (text, params) => (await client.query<{ id: string; status: string }>(text, params)).rows,
        );
      } finally {
        await client.end();
      }
    },
    cleanup: () => database.drop(),
  };
}

if (!existsSync('dist/pglite-template.tar.gz') || !existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first: the bench runs the server bundle and its database template.');
  process.exit(1);
}

const results: Array<Awaited<ReturnType<typeof measure>>> = [];
for (const name of TARGETS) {
  const target = name === 'pglite' ? pgliteTarget() : name === 'postgres' ? await postgresTarget() : null;
  if (!target) continue;
  try {
    results.push(await measure(target));
  } finally {
    await target.cleanup();
  }
}

const counts = castOf(USERS);
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)}`);
console.log(
  `\n${USERS} users (${Object.entries(counts)
    .map(([role, count]) => `${count} ${role}`)
    .join(
      ', ',
    )}) for ${SECONDS} s, ${THINK_MIN_MS / 1000}–${THINK_MAX_MS / 1000} s think time${REDIS_URL ? ', Redis' : ''}\n`,
);
for (const result of results) {
  const requests = result.rows.reduce((sum, row) => sum + row.count, 0);
  const refusals = result.rows.reduce((sum, row) => sum + row.refusals, 0);
  console.log(
    `### ${result.name}: ${requests} requests, ${(requests / result.elapsedSeconds).toFixed(1)}/s\n`,
  );
  console.log('| action | requests | errors | expected refusals | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of result.rows)
    console.log(
      `| ${row.kind} | ${row.count} | ${row.errors} | ${row.refusals} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} |`,
    );
  console.log(`| **all** | ${requests} | ${result.errors} | ${refusals} | | | | |\n`);
  console.log('| written | acknowledged | missing | in the wrong state |');
  console.log('|---|---|---|---|');
  for (const row of result.report)
    console.log(`| ${row.table} | ${row.acknowledged} | ${row.missing} | ${row.wrongState} |`);
  console.log(
    `\nmessages reaching the recipient's socket: ${result.messages - result.undelivered} of ${result.messages}; sockets dropped: ${result.socketDrops}\n`,
  );
  for (const [reason, count] of result.refusalReasons)
    console.log(`refused as expected ×${count}: ${reason}`);
  if (result.stalls.length > 0) {
    console.log(`5-second windows with requests over ${STALL_MS / 1000} s (seconds from the start):\n`);
    console.log('| from s | requests started | over the limit | slowest ms |');
    console.log('|---|---|---|---|');
    for (const stall of result.stalls)
      console.log(`| ${stall.fromSecond} | ${stall.requests} | ${stall.slow} | ${stall.max.toFixed(0)} |`);
    console.log('');
  }
  for (const failure of result.failures) console.log(`failure: ${failure}`);
  for (const problem of result.problems) console.log(`lost: ${problem}`);
  for (const fault of result.benchFaults.slice(0, 5)) console.log(`bench fault: ${fault}`);
}
const failed = results.some(
  (result) =>
    result.errors > 0 ||
    result.undelivered > 0 ||
    result.socketDrops > 0 ||
    result.benchFaults.length > 0 ||
    result.report.some((row) => row.missing > 0 || row.wrongState > 0),
);
if (results.length === 0) console.log('No target ran.');
if (failed || results.length === 0) process.exitCode = 1;
