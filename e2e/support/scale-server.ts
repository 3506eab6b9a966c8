import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { startProxy } from '../../scripts/round-robin-proxy';
import { startApp, stopOnSignal, waitForHealth } from './app-process';
import { SCALE_CONTROL_URL, SCALE_PORTS, SCALE_PROXY_URL, SCALE_URLS } from './ports';
import type { ScaleState } from './scale-control';

/**
 * Three instances of the built app on one PostgreSQL database and one Redis, and the round-robin proxy of
 * scripts/ before them, as a load balancer would see them. The two-instance journey talks to two of them
 * directly; the proxy journey goes through the proxy, and kills an instance through the control address
 * (e2e/support/scale-control.ts), which also says what the proxy saw. An instance that exits unasked stops
 * the whole harness, so a crash is not hidden. Started by Playwright only when TEST_DATABASE_URL and
 * REDIS_URL are set.
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

// One key for all, as docs/scale-out.md asks of a deployment: each instance must read what another stored.
const dataEncryptionKey = randomBytes(32).toString('base64');

type Instance = { app: ChildProcess; isKilled: boolean };
const instances: Instance[] = [];
const stop = stopOnSignal(
  () => instances.filter((instance) => !instance.isKilled).map((instance) => instance.app),
  () => admin(`drop database if exists ${name} with (force)`),
);

function start(index: number): Instance {
  const app = startApp(SCALE_PORTS[index], {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: String(redisUrl),
    DATA_ENCRYPTION_KEY: dataEncryptionKey,
    TRUST_PROXY: 'true',
    SMTP_URL: '',
  });
  const instance = { app, isKilled: false };
  app.once('exit', (code) => {
    if (!instance.isKilled) void stop(code ?? 1);
  });
  instances[index] = instance;
  return instance;
}

for (const index of SCALE_PORTS.keys()) start(index);
await Promise.all(SCALE_URLS.map((url) => waitForHealth(url)));

const sockets = new Map<number, { instance: number; channel: string | null; userId: string | null }>();
const proxy = await startProxy({
  port: Number(new URL(SCALE_PROXY_URL).port),
  host: '127.0.0.1',
  upstreams: SCALE_PORTS.map((port) => ({ host: '127.0.0.1', port })),
  onEvent: (event) => {
    if (event.type === 'socket-open') {
      // The socket address carries the session token too; only the channel and the user are kept.
      const params = new URL(event.url, SCALE_PROXY_URL).searchParams;
      sockets.set(event.id, {
        instance: event.upstream,
        channel: params.get('channel'),
        userId: params.get('userId'),
      });
    } else if (event.type === 'socket-close') {
      sockets.delete(event.id);
    }
  },
});

const state = (): ScaleState => ({
  databaseUrl: databaseUrl.toString(),
  instances: instances.map((instance, index) => ({
    port: SCALE_PORTS[index],
    pid: instance.app.pid ?? 0,
    isRunning: !instance.isKilled,
  })),
  proxy: proxy.stats(),
  sockets: [...sockets.values()],
});

async function kill(index: number) {
  const instance = instances[index];
  if (instance.isKilled) return;
  instance.isKilled = true;
  const exited = new Promise((resolve) => instance.app.once('exit', resolve));
  instance.app.kill('SIGKILL');
  await exited;
}

async function restart(index: number) {
  if (!instances[index].isKilled) return;
  start(index);
  await waitForHealth(SCALE_URLS[index]);
}

const control = http.createServer((request, response) => {
  const action = /^\/instances\/(\d)\/(kill|start)$/.exec(request.url ?? '');
  const index = Number(action?.[1]);
  const work =
    request.method === 'POST' && action && index < instances.length
      ? action[2] === 'kill'
        ? kill(index)
        : restart(index)
      : request.method === 'GET' && request.url === '/state'
        ? Promise.resolve()
        : null;
  if (!work) {
    response.writeHead(404).end();
    return;
  }
  work.then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state())),
    (error: Error) => response.writeHead(500).end(error.message),
  );
});
control.listen(Number(new URL(SCALE_CONTROL_URL).port), '127.0.0.1');
