import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './e2e/support/browser';
import { BASE_URL, SCALE_PROXY_URL } from './e2e/support/ports';
import { UPDATE_INSTANCES } from './e2e/support/update-servers';

const chromium = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };

/** One instance of the harness in e2e/support/server.ts: the built app, its own database and mail catcher. */
function harness(url: string, env: Record<string, string> = {}) {
  return {
    command: 'npx tsx e2e/support/server.ts',
    url: `${url}/api/health`,
    env,
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL) lets the harness remove its data directory and stop its apps.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    timeout: 240_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

/** The scale-out journey needs PostgreSQL and Redis; without them it is left out, and said so. */
const scaleOut = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);
if (!scaleOut) {
  console.log('Left out: the scale-out journey (e2e/scale), which needs TEST_DATABASE_URL and REDIS_URL.');
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Generous: the suite must hold on a host several times slower than a quiet one (a run here once took 35
  // minutes instead of 8 with nothing else running), and a timeout only ever turns a pass into a failure.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // The browser reads as one in the clinic's country, so the dates and times a journey expects do not hang on
    // the language of the machine it runs on (dates and times follow the browser's language: src/web/lib/format.ts).
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['scale/**'],
      use: chromium,
    },
    // One journey at a time here: the proxy journey kills an instance that the two-instance journey talks to.
    ...(scaleOut
      ? [
          {
            name: 'scale-out',
            testMatch: 'scale/**/*.spec.ts',
            workers: 1,
            use: chromium,
          },
        ]
      : []),
  ],
  webServer: [
    harness(BASE_URL),
    // The update journeys need servers that really report a newer version than the build they serve.
    ...Object.values(UPDATE_INSTANCES).map(({ port, env }) =>
      harness(`http://127.0.0.1:${port}`, { E2E_PORT: String(port), ...env }),
    ),
    ...(scaleOut
      ? [
          {
            command: 'npx tsx e2e/support/scale-server.ts',
            // The harness opens its proxy once every instance is healthy.
            url: `${SCALE_PROXY_URL}/api/health`,
            reuseExistingServer: false,
            // The harness drops its database on SIGTERM.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            timeout: 240_000,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
});
