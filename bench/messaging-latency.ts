// Latency from POST /api/messages to the recipient's socket, at a steady send rate with many sockets open,
// on the embedded database and on PostgreSQL, beside a bare WebSocket relay measured in the same run.
// Each server runs in its own process; this process sends, listens and keeps the clock.
// Run with `npm run build && npm run bench:messaging` (see bench/README.md for the knobs).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { DEMO_PASSWORD } from '../src/server/db/demo-accounts';
import { inBatches, postJson, registerPatients } from './support/clinic-calls';
import { benchServerNodeArgs, clinicArgs, percentile, startProcess } from './support/processes';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3421);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Which targets to measure: any of relay, pglite, postgres. */
const TARGETS = new Set((process.env.BENCH_TARGETS ?? 'relay,pglite,postgres').split(','));

type Recipient = { id: string; token: string };
type Target = {
  name: string;
  socketUrl: (recipient: Recipient) => string;
  send: (recipient: Recipient, content: string) => Promise<number>;
  recipients: Recipient[];
  stop: () => Promise<void>;
};

const origin = `http://127.0.0.1:${PORT}`;

async function clinicTarget(name: string, env: Record<string, string>, cleanup: () => Promise<void>) {
  const server = await startProcess({
    // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load.
    args: clinicArgs(...benchServerNodeArgs()),
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
  // Staff may write to any patient; the recipients register themselves as patients, as a clinic's would.
  const staff = await postJson(origin, '/api/auth/login', {
    email: 'staff@demo.clinic',
    password: DEMO_PASSWORD,
  });
  const senderToken = String(staff.body.token);
  const started = performance.now();
  const recipients = await registerPatients(origin, SOCKETS, 'bench');
  console.log(
    `${name}: ${SOCKETS} patients registered in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    name,
    recipients,
    socketUrl: (r) => `ws://127.0.0.1:${PORT}/ws?token=${r.token}&userId=${r.id}&channel=messaging`,
    send: async (r, content) => {
      const response = await fetch(`${origin}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${senderToken}` },
        body: JSON.stringify({ recipientId: r.id, content }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    stop: async () => {
      await server.stop();
      await cleanup();
    },
  } satisfies Target;
}

async function bareRelayTarget(): Promise<Target> {
  const relay = await startProcess({
    args: ['--import', 'tsx', 'bench/support/bare-relay.ts'],
    env: { PORT: String(PORT) },
    healthUrl: `${origin}/health`,
  });
  const recipients = Array.from({ length: SOCKETS }, (_, i) => ({ id: `user-${i}`, token: '' }));
  return {
    name: 'bare ws relay',
    recipients,
    socketUrl: (r) => `ws://127.0.0.1:${PORT}/ws?userId=${r.id}`,
    send: async (r, content) => {
      const response = await fetch(`${origin}/relay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ recipientId: r.id, content }),
      });
      await response.arrayBuffer();
      return response.status;
    },
    stop: relay.stop,
  };
}

async function measure(target: Target) {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let delivered = 0;
  let failure: string | undefined;
  const sockets = await inBatches(target.recipients, 50, (recipient) => {
    const socket = new WebSocket(target.socketUrl(recipient));
    socket.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as { type: string; data?: { content?: string } };
      if (event.type !== 'new_message' || !event.data?.content?.startsWith('bench ')) return;
      const seq = Number(event.data.content.slice(6));
      const start = sentAt.get(seq);
      if (start === undefined) return;
      delivered++;
      if (seq >= WARMUP_SECONDS * RATE) latencies.push(performance.now() - start);
    });
    return new Promise<WebSocket>((resolve, reject) => {
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
    });
  });

  const total = (WARMUP_SECONDS + SECONDS) * RATE;
  const intervalMs = 1000 / RATE;
  const began = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let seq = 0; seq < total; seq++) {
    const due = began + seq * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const recipient = target.recipients[seq % target.recipients.length];
    sentAt.set(seq, performance.now());
    inFlight.push(
      target.send(recipient, `bench ${seq}`).then(
        (status) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
        (error: Error & { cause?: Error }) => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          failure ??= `${error.message}${error.cause ? `: ${error.cause.message}` : ''}`;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const achievedRate = total / ((performance.now() - began) / 1000);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const socket of sockets) socket.close();

  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    sent: total,
    achievedRate,
    delivered,
    statuses: Object.fromEntries(statuses),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    failure,
  };
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
    return client;
  } catch {
    return null;
  }
}

if (!existsSync('dist/pglite-template.tar.gz') || !existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first: the bench runs the server bundle and its database template.');
  process.exit(1);
}

const results: Awaited<ReturnType<typeof measure>>[] = [];
const run = async (make: () => Promise<Target>) => {
  const target = await make();
  try {
    results.push(await measure(target));
  } finally {
    await target.stop();
    // Let the machine settle (the database's own background writes, freed memory) before the next target.
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
};

if (TARGETS.has('relay')) await run(bareRelayTarget);

if (TARGETS.has('pglite'))
  await run(() => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-'));
    return clinicTarget('clinic on PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, async () =>
      rmSync(dataDir, { recursive: true, force: true }),
    );
  });

const admin = TARGETS.has('postgres') ? await postgresReachable() : null;
if (admin) {
  const database = `clinic_bench_${process.pid}`;
  await admin.query(`create database ${database}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  await run(() =>
    clinicTarget('clinic on PostgreSQL', { DATABASE_URL: url.toString() }, async () => {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }),
  );
} else if (TARGETS.has('postgres')) {
  console.log(`PostgreSQL at ${POSTGRES_URL} is not reachable: the PostgreSQL run was left out.`);
}

console.log(
  `\n${SOCKETS} sockets, ${RATE} messages/s for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up\n`,
);
console.log('| target | sent | rate achieved | delivered | HTTP statuses | p50 | p99 | max |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results)
  if (r.failure) console.log(`${r.name}: the first failed request said "${r.failure}"`);
for (const r of results) {
  const statuses = Object.entries(r.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(
    `| ${r.name} | ${r.sent} | ${r.achievedRate.toFixed(0)}/s | ${r.delivered} | ${statuses} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.max.toFixed(1)} ms |`,
  );
}
