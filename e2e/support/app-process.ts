import { type ChildProcess, spawn } from 'node:child_process';

/** The built app (`npm run build`) on a port, seeded with the demo clinic, quiet and without per-address limits. */
export function startApp(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['dist/server/main.js'], {
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
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(apps.map(stopApp));
    await cleanUp().catch(() => {});
    process.exit(code);
  };
  for (const app of apps) app.once('exit', (code) => void stop(code ?? 1));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(0));
}
