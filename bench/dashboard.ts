// GET /api/dashboard for each demo account through the built app: on the embedded database, and on
// PostgreSQL when TEST_DATABASE_URL is set (the bench makes and drops a database of its own on that server).
// Requests go one at a time, so each figure is one dashboard's own time: p50, p95 and p99 over
// BENCH_REQUESTS requests per role after BENCH_WARMUP. Run with `npm run build && npm run bench:dashboard`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/db/demo-accounts';
import { clinicArgs, percentile, startProcess } from './support/processes';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3431);
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const GOAL_MS = 100;
const origin = `http://127.0.0.1:${PORT}`;

type Row = { target: string; role: string; p50: number; p95: number; p99: number; max: number };

async function signIn(email: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return String(((await response.json()) as { token: string }).token);
}

async function timeDashboard(token: string) {
  const started = performance.now();
  const response = await fetch(`${origin}/api/dashboard`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET /api/dashboard answered ${response.status}`);
  return performance.now() - started;
}

async function measure(target: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startProcess({
    args: clinicArgs(),
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
  const rows: Row[] = [];
  try {
    for (const account of DEMO_ACCOUNTS) {
      const token = await signIn(account.email);
      for (let i = 0; i < WARMUP; i++) await timeDashboard(token);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await timeDashboard(token));
      times.sort((a, b) => a - b);
      if (account.role === 'staff') {
        const response = await fetch(`${origin}/api/dashboard`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { activePatients } = (await response.json()) as { activePatients: number };
        console.log(`${target}: the demo clinic has ${activePatients} active patients`);
      }
      rows.push({
        target,
        role: account.role,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: times.at(-1) ?? Number.NaN,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}

if (!existsSync('dist/pglite-template.tar.gz') || !existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first: the bench runs the server bundle and its database template.');
  process.exit(1);
}

const rows: Row[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-dashboard-'));
try {
  rows.push(...(await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (POSTGRES_URL) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const database = `clinic_bench_dashboard_${process.pid}`;
  await admin.query(`create database ${database}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  try {
    rows.push(...(await measure('PostgreSQL', { DATABASE_URL: url.toString() })));
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
} else {
  console.log('TEST_DATABASE_URL is not set: the PostgreSQL run was left out.');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`\nGET /api/dashboard, ${REQUESTS} requests per role one at a time after ${WARMUP} of warm-up\n`);
console.log('| database | account | p50 | p95 | p99 | max | p99 < 100 ms |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.target} | ${row.role} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.p99 < GOAL_MS ? 'met' : 'NOT met'} |`,
  );
if (rows.some((row) => row.p99 >= GOAL_MS)) process.exitCode = 1;
