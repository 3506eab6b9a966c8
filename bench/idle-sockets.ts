// What idle realtime sockets cost one built instance: it holds BENCH_SOCKETS authenticated sockets opened
// from separate client processes, and the server's RSS and heap are read before and after (through
// bench/support/memory-probe.mjs, after a full garbage collection). At the end every socket must still be
// open and receive the push of a message sent to its account.
// Run with `npm run build:server && npm run bench:sockets` (see bench/README.md for the knobs).
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_PASSWORD } from '../src/server/db/demo-accounts';
import { inBatches, postJson, registerPatients } from './support/clinic-calls';
import { benchServerNodeArgs, clinicArgs, startProcess } from './support/processes';
import { scratchDatabase } from './support/scratch-database';
import type { ClientCommand, ClientReport } from './support/socket-clients';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
/** Accounts the sockets belong to (each holds SOCKETS / USERS sockets, as tabs and devices would). */
const USERS = Math.min(SOCKETS, Number(process.env.BENCH_USERS ?? 100));
const PER_CLIENT_PROCESS = Number(process.env.BENCH_SOCKETS_PER_CLIENT ?? 2500);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3463);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = new Set((process.env.BENCH_DATABASES ?? 'postgres,pglite').split(','));
const DELIVERY_TIMEOUT_MS = 30_000;

const origin = `http://127.0.0.1:${PORT}`;
const serverNodeArgs = benchServerNodeArgs();

type Memory = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
type Result = {
  database: string;
  opened: number;
  openSeconds: number;
  before: Memory;
  after: Memory;
  openAtEnd: number;
  received: number;
  deliverySeconds: number;
  firstError?: string;
};

/** Asks the server (through the memory probe) for its memory after a full collection. */
async function serverMemory(child: ChildProcess, file: string): Promise<Memory> {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Memory;
      } catch {
        // still being written
      }
    }
  }
  throw new Error('the server did not report its memory');
}

function startClients(count: number) {
  return Array.from({ length: count }, () => {
    const child = fork(resolve('bench/support/socket-clients.ts'), [], { execArgv: ['--import', 'tsx'] });
    const next = (type: ClientReport['type']) =>
      new Promise<ClientReport>((resolveReport) => {
        const listener = (message: ClientReport) => {
          if (message.type !== type) return;
          child.off('message', listener);
          resolveReport(message);
        };
        child.on('message', listener);
      });
    const send = (command: ClientCommand) => child.send(command);
    return { child, next, send };
  });
}

async function measureDatabase(database: string, env: Record<string, string>): Promise<Result> {
  const memoryDir = mkdtempSync(join(tmpdir(), 'clinic-bench-memory-'));
  const memoryFile = join(memoryDir, 'memory.json');
  const server = await startProcess({
    args: clinicArgs('--expose-gc', '--import', resolve('bench/support/memory-probe.mjs'), ...serverNodeArgs),
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SMTP_URL: '',
      AUTH_RATE_LIMIT: '1000000',
      AUTH_ACCOUNT_RATE_LIMIT: '1000000',
      BENCH_MEMORY_FILE: memoryFile,
      ...env,
    },
    healthUrl: `${origin}/api/health`,
  });
  const clients = startClients(Math.ceil(SOCKETS / PER_CLIENT_PROCESS));
  server.child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`${database}: the server exited (code ${code}, signal ${signal}) during the run`);
  });
  let stopping = false;
  try {
    const staff = await postJson(origin, '/api/auth/login', {
      email: 'staff@demo.clinic',
      password: DEMO_PASSWORD,
    });
    const staffToken = String(staff.body.token);
    const users = await registerPatients(origin, USERS, 'idle');
    const before = await serverMemory(server.child, memoryFile);

    // Sockets alternate between the two channels a signed-in browser keeps open; a message reaches both.
    const urls = Array.from({ length: SOCKETS }, (_, i) => {
      const user = users[i % USERS];
      const channel = i % 2 === 0 ? 'notifications' : 'messaging';
      return `ws://127.0.0.1:${PORT}/ws?token=${user.token}&userId=${user.id}&channel=${channel}`;
    });
    const started = performance.now();
    const opened = await Promise.all(
      clients.map((client, c) => {
        const report = client.next('opened');
        client.send({ type: 'open', urls: urls.filter((_, i) => i % clients.length === c) });
        return report;
      }),
    );
    const openSeconds = (performance.now() - started) / 1000;
    const openCount = opened.reduce((sum, r) => sum + (r.type === 'opened' ? r.open : 0), 0);
    const firstError = opened.map((r) => (r.type === 'opened' ? r.firstError : undefined)).find(Boolean);
    console.log(`${database}: ${openCount} of ${SOCKETS} sockets open in ${openSeconds.toFixed(1)} s`);

    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const after = await serverMemory(server.child, memoryFile);

    for (const client of clients) client.send({ type: 'arm' });
    const sentAt = performance.now();
    await inBatches(users, 4, async (user) => {
      const sent = await postJson(
        origin,
        '/api/messages',
        { recipientId: user.id, content: 'Idle check' },
        staffToken,
      );
      if (sent.status !== 201) throw new Error(`POST /api/messages answered ${sent.status}`);
    });
    const check = async () => {
      const reports = await Promise.all(
        clients.map((client) => {
          const report = client.next('checked');
          client.send({ type: 'check' });
          return report;
        }),
      );
      let open = 0;
      let received = 0;
      for (const r of reports)
        if (r.type === 'checked') {
          open += r.open;
          received += r.received;
        }
      return { open, received };
    };
    let state = await check();
    while (state.received < openCount && performance.now() - sentAt < DELIVERY_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = await check();
    }
    return {
      database,
      opened: openCount,
      openSeconds,
      before,
      after,
      openAtEnd: state.open,
      received: state.received,
      deliverySeconds: (performance.now() - sentAt) / 1000,
      firstError,
    };
  } finally {
    for (const client of clients) if (client.child.connected) client.send({ type: 'close' });
    stopping = true;
    await server.stop();
    rmSync(memoryDir, { recursive: true, force: true });
  }
}

if (!existsSync('dist/pglite-template.tar.gz') || !existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first: the bench runs the server bundle and its database template.');
  process.exit(1);
}

const results: Result[] = [];
if (DATABASES.has('postgres')) {
  const database = await scratchDatabase(POSTGRES_URL, 'sockets');
  if (database) {
    try {
      results.push(await measureDatabase('PostgreSQL', { DATABASE_URL: database.url }));
    } finally {
      await database.drop();
    }
  }
}
if (DATABASES.has('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-sockets-'));
  try {
    results.push(await measureDatabase('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kbPer = (bytes: number, count: number) => `${(bytes / 1024 / Math.max(count, 1)).toFixed(1)} KB`;
console.log(
  `\n${SOCKETS} sockets of ${USERS} accounts, idle ${IDLE_SECONDS} s, from ${Math.ceil(SOCKETS / PER_CLIENT_PROCESS)} client processes\n`,
);
console.log(
  '| database | sockets open | opened in | RSS before → after | heap before → after | per socket (RSS / heap) | open at end | got the push |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.database} | ${r.opened} of ${SOCKETS} | ${r.openSeconds.toFixed(1)} s | ${mb(r.before.rss)} → ${mb(r.after.rss)} | ${mb(r.before.heapUsed)} → ${mb(r.after.heapUsed)} | ${kbPer(r.after.rss - r.before.rss, r.opened)} / ${kbPer(r.after.heapUsed - r.before.heapUsed, r.opened)} | ${r.openAtEnd} | ${r.received} in ${r.deliverySeconds.toFixed(1)} s |`,
  );
for (const r of results)
  if (r.firstError) console.log(`${r.database}: the first failed socket said "${r.firstError}"`);

// The goal: every socket opened, stayed open while idle, and received the push at the end.
const missed = results.filter((r) => r.opened < SOCKETS || r.openAtEnd < SOCKETS || r.received < SOCKETS);
console.log(
  missed.length
    ? `\nGoal missed on ${missed.map((r) => r.database).join(', ')}: not every socket stayed open and got the push.`
    : `\nGoal met: all ${SOCKETS} sockets stayed open and got the push on every database.`,
);
process.exit(missed.length || results.length === 0 ? 1 : 0);
