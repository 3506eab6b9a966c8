import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailCapture } from './mail-capture';
import { APP_PORT, BASE_URL, MAIL_API_PORT, SMTP_PORT } from './ports';

/**
 * The end-to-end harness Playwright starts: a fresh data directory, a mail catcher (SMTP plus a JSON
 * endpoint), and the built app (server bundle and web build from `npm run build`) seeded with the demo clinic. Everything is removed on exit.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-e2e-'));
const mail = await startMailCapture({ smtpPort: SMTP_PORT, apiPort: MAIL_API_PORT });

const app: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    APP_URL: BASE_URL,
    DATA_DIR: dataDir,
    SEED: 'demo',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    AUTH_RATE_LIMIT: '10000',
    AUTH_ACCOUNT_RATE_LIMIT: '10000',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (app.exitCode === null) {
    app.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 5000);
      app.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
  }
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

app.once('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void stop(0));
