import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { SCALE_PORTS } from './ports';

/**
 * Two instances of the built app on one PostgreSQL database and one Redis, as a load balancer would see
 * them: the scale-out journey signs one person in on each and proves they reach each other live.
 * Started by Playwright only when TEST_DATABASE_URL and REDIS_URL are set.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl) {
  console.error('The scale-out harness needs TEST_DATABASE_URL and REDIS_URL.');
  process.exit(1);
}

const name = `clinic_e2e_${process.pid}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
await admin(`create database ${name}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;

const instances: ChildProcess[] = SCALE_PORTS.map((port) =>
  spawn(process.execPath, ['dist/server/main.js'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl,
      SEED: 'demo',
      SMTP_URL: '',
      AUTH_RATE_LIMIT: '10000',
      AUTH_ACCOUNT_RATE_LIMIT: '10000',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  }),
);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    instances.map(
      (instance) =>
        new Promise((resolve) => {
          if (instance.exitCode !== null) return resolve(undefined);
          const timer = setTimeout(resolve, 5000);
          instance.once('exit', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
          instance.kill('SIGTERM');
        }),
    ),
  );
  await admin(`drop database if exists ${name} with (force)`).catch(() => {});
  process.exit(code);
}

for (const instance of instances) instance.once('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(0));
