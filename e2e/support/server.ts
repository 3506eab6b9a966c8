import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, stopTogether } from './app-process';
import { startMailCapture } from './mail-capture';
import { APP_PORT, MAIL_API_PORT, SMTP_PORT } from './ports';

/**
 * The end-to-end harness Playwright starts: a fresh data directory, a mail catcher (SMTP plus a JSON
 * endpoint), and the built app (server bundle and web build from `npm run build`) seeded with the demo
 * clinic. Everything is removed on exit.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-e2e-'));
const mail = await startMailCapture({ smtpPort: SMTP_PORT, apiPort: MAIL_API_PORT });

const app = startApp(APP_PORT, { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` });

stopTogether([app], async () => {
  rmSync(dataDir, { recursive: true, force: true });
  // The catcher waits for its clients to hang up; it must not hold up the exit.
  await Promise.race([mail.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
});
