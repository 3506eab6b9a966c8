import { type ChildProcess, spawn } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../src/server/node-flags';

/** The built app (`npm run build`) on a port, started as `npm start` starts it, seeded with the demo clinic, quiet and without per-address limits. */
export function startApp(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      SEED: 'demo',
      AUTH_RATE_LIMIT: '10000',
      AUTH_ACCOUNT_RATE_LIMIT: '10000',
      // Every journey calls from one address; the limits themselves are proven by the server suite.
      PUBLIC_BOOKING_READS_PER_MINUTE: '10000',
      PUBLIC_BOOKING_REQUESTS_PER_HOUR: '10000',
      PAYMENT_CALLS_PER_MINUTE: '10000',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...env,
    },
  });
}

/** SIGTERM, then wait for the exit (at most 5 s). */
export function stopApp(app: ChildProcess): Promise<void> {
  if (app.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5000);
    app.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    app.kill('SIGTERM');
  });
}

/** Stops everything once, on the first of: an app exiting, or Playwright's signal. */
export function stopTogether(apps: ChildProcess[], cleanUp: () => Promise<void>) {
  const stop = stopOnSignal(() => apps, cleanUp);
  for (const app of apps) app.once('exit', (code) => void stop(code ?? 1));
}

/**
 * On Playwright's signal, stops the apps running then (the harness may have replaced some), cleans up and
 * exits; the answer does the same for the harness's own reasons.
 */
export function stopOnSignal(apps: () => ChildProcess[], cleanUp: () => Promise<void>) {
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(apps().map(stopApp));
    await cleanUp().catch(() => {});
    process.exit(code);
  };
  // `on`, not `once`: Playwright signals the whole process group and tsx relays the signal once more; under
  // tsx a signal that finds no listener ends the process at once, before the clean-up has run.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
  return stop;
}

/** Resolves once url answers /api/health with 200; rejects after timeoutMs. */
export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
}
