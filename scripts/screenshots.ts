// `npm run screenshots [-- role…]`: full-page pictures of every route of the route table, for a visitor and for
// each demo role (or only the roles named; 'newcomer' adds the home of a new patient and member, welcome and
// all), at 1440, 768 and 390 px wide, into screenshots/ (kept out of git) as
// <role>-<route>-<width>.png. It builds what is missing, then runs the app on a fresh embedded database with the
// demo clinic on a free port, and stops it when done. Not part of `npm test`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, chromium, request } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, demoAccount } from '../e2e/support/accounts';
import { startApp, stopApp, waitForHealth } from '../e2e/support/app-process';
import {
  routeParamsFor,
  signedInTour,
  signedOutTour,
  type TourStop,
  waitForMainContent,
} from '../e2e/support/route-tour';
import { ROLES, type Role } from '../src/shared/roles';

const WIDTHS = [1440, 768, 390] as const;
const HEIGHT = { 1440: 900, 768: 1024, 390: 844 } as const;
const OUT_DIR = 'screenshots';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

type Visit = { browser: Browser; baseURL: string; who: Role | 'visitor' | string; token?: string };

/** Accounts made for the run, whose dashboards still show the first-run welcome (the demo accounts' do not). */
const NEWCOMERS = ['patient', 'member'] as const;

async function registerNewcomer(api: APIRequestContext, role: (typeof NEWCOMERS)[number]) {
  const response = await api.post('/api/auth/register', {
    data: {
      email: `new-${role}-${Date.now()}@example.com`,
      password: 'Screenshots!2026',
      firstName: 'Wren',
      lastName: 'Newcomer',
      role,
    },
  });
  if (!response.ok()) throw new Error(`registering a new ${role}: ${response.status()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Opens each stop once, then draws it at every width. */
async function photograph(visit: Visit, stops: TourStop[]): Promise<void> {
  const context = await visit.browser.newContext({ baseURL: visit.baseURL });
  const page = await context.newPage();
  if (visit.token) {
    await page.goto('/login');
    await page.evaluate((token) => window.localStorage.setItem('token', token), visit.token);
  }
  for (const stop of stops) {
    for (const [index, width] of WIDTHS.entries()) {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      if (index === 0) await page.goto(stop.path);
      const file = join(OUT_DIR, `${visit.who}-${stop.name}-${width}.png`);
      try {
        await waitForMainContent(page);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      } catch (error) {
        console.warn(`${stop.path} at ${width} px: ${error instanceof Error ? error.message : error}`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      }
    }
  }
  await context.close();
  console.log(`${visit.who}: ${stops.length} routes`);
}

async function main() {
  const asked = process.argv.slice(2);
  const known = ['visitor', 'newcomer', ...ROLES];
  const unknown = asked.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown role: ${unknown.join(', ')} (${known.join(', ')})`);
  const wanted = (who: string) => asked.length === 0 || asked.includes(who);

  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-screenshots-'));
  const app = startApp(port, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const api = await request.newContext({ baseURL });
  try {
    await waitForHealth(baseURL, 120_000);
    if (wanted('visitor')) await photograph({ browser, baseURL, who: 'visitor' }, signedOutTour());
    for (const role of ROLES.filter(wanted)) {
      const { token } = await apiLogin(api, demoAccount(role).email, DEMO_PASSWORD);
      const stops = signedInTour(role, await routeParamsFor(api, token));
      await photograph({ browser, baseURL, who: role, token }, stops);
    }
    if (wanted('newcomer')) {
      for (const role of NEWCOMERS) {
        const token = await registerNewcomer(api, role);
        const home = role === 'member' ? '/member' : '/';
        await photograph({ browser, baseURL, who: `new-${role}`, token }, [{ name: 'home', path: home }]);
      }
    }
    console.log(`Screenshots in ${OUT_DIR}/`);
  } finally {
    await api.dispose();
    await browser.close();
    await stopApp(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
