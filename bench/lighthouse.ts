// Lighthouse's performance category in Chromium for the sign-in page and a signed-in dashboard of the built app
// on a fresh demo clinic (embedded database): the default (mobile) preset, which the goal of 90 applies to,
// and the desktop preset for reference. Each figure is the median of BENCH_RUNS runs.
// Run with `npm run build && npm run bench:lighthouse`.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Flags } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/db/demo-accounts';
import { STORAGE_KEYS } from '../src/shared/constants';
import { clinicArgs, median, startProcess } from './support/processes';

const PORT = Number(process.env.BENCH_PORT ?? 3461);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROLE = process.env.BENCH_ROLE ?? 'practitioner';
/** A folder to keep each run's full Lighthouse report in (JSON), to see why a score is what it is. */
const REPORT_DIR = process.env.BENCH_REPORT_DIR;
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GOAL = 90;
const origin = `http://127.0.0.1:${PORT}`;

type Preset = { name: 'mobile' | 'desktop'; config?: Config };
type Target = { name: string; path: string; token: string | null };
type Figures = { score: number; fcp: number; lcp: number; tbt: number; cls: number };
type Row = { preset: Preset['name']; page: string } & Figures;

const PRESETS: Preset[] = [
  { name: 'mobile' as const },
  { name: 'desktop' as const, config: desktopConfig },
].filter((preset) => (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',').includes(preset.name));

async function signIn(email: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return String(((await response.json()) as { token: string }).token);
}

/**
 * The web app keeps its session token in localStorage (src/web/lib/token-store.ts). A signed-in page gets it
 * put there on the origin first, and Lighthouse is told to leave storage alone (it clears it by default);
 * a visitor's page starts with nothing stored. A signed-in page is then opened once, so the browser holds what
 * the app keeps beside the token after a session check (the role hint), as a returning user's does. Either way
 * the HTTP cache is emptied, as Lighthouse would: every run is a first load of the files.
 */
async function prepare(page: Page, target: Target) {
  await page.goto(`${origin}/login`, { waitUntil: 'load' });
  await page.evaluate(
    (key, token) => {
      window.localStorage.clear();
      if (token) window.localStorage.setItem(key, token);
    },
    STORAGE_KEYS.token,
    target.token,
  );
  if (target.token) {
    await page.goto(`${origin}${target.path}`, { waitUntil: 'load' });
    await page.waitForFunction(
      (key) => window.localStorage.getItem(key) !== null,
      {},
      STORAGE_KEYS.sessionRole,
    );
  }
  await page.goto('about:blank');
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.detach();
}

/** Lighthouse's own failure to record a run (NO_NAVSTART and the like, seen on a busy machine). */
class LighthouseRunError extends Error {}

async function measure(page: Page, target: Target, preset: Preset): Promise<Figures> {
  await prepare(page, target);
  const flags: Flags = {
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
    disableStorageReset: target.token !== null,
  };
  // lighthouse types its page with its own copy of puppeteer-core's types.
  const result = await lighthouse(`${origin}${target.path}`, flags, preset.config, page as never);
  if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
  if (REPORT_DIR)
    writeFileSync(
      join(REPORT_DIR, `${preset.name}-${target.path.replace(/\W+/g, '') || 'home'}-${Date.now()}.json`),
      String(result.report),
    );
  const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
  if (runtimeError) throw new LighthouseRunError(`Lighthouse on ${target.path}: ${runtimeError.code}`);
  if (new URL(finalDisplayedUrl).pathname !== target.path)
    throw new Error(`${target.path} ended on ${finalDisplayedUrl}: the sign-in did not hold`);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

/** A run Lighthouse failed to record is run once more; a second failure ends the bench. */
async function measureOnce(browser: Browser, target: Target, preset: Preset): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    // A fresh tab each run: a reused one now and then left Lighthouse without a navigation to trace.
    const page = await browser.newPage();
    try {
      return await measure(page, target, preset);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 2) throw error;
      console.log(`${error.message}: running it again`);
    } finally {
      await page.close();
    }
  }
}

if (!existsSync('dist/pglite-template.tar.gz') || !existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first: the bench runs the server bundle and its database template.');
  process.exit(1);
}
const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === ROLE);
if (!account) throw new Error(`No demo account with the role ${ROLE}`);

// Another process answering on the port would be measured in place of this build.
if (
  await fetch(`${origin}/api/health`).then(
    () => true,
    () => false,
  )
) {
  console.error(`Something already answers on port ${PORT}: set BENCH_PORT to a free one.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'clinic-bench-lighthouse-'));
const server = await startProcess({
  args: clinicArgs(),
  env: {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED: 'demo',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    SMTP_URL: '',
  },
  healthUrl: `${origin}/api/health`,
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
const rows: Row[] = [];
try {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const targets: Target[] = [
    { name: '/login', path: '/login', token: null },
    { name: `dashboard (${ROLE}, /)`, path: '/', token: await signIn(account.email) },
  ];
  // One unmeasured load of each page, so the first run does not pay for the server's first answers.
  const page = await browser.newPage();
  for (const target of targets) {
    await prepare(page, target);
    await page.goto(`${origin}${target.path}`, { waitUntil: 'networkidle0' });
  }
  await page.close();
  for (const preset of PRESETS)
    for (const target of targets) {
      const runs: Figures[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(browser, target, preset));
      const scores = runs.map((figures) => figures.score);
      console.log(`${preset.name} ${target.name}: scores ${scores.join(', ')}`);
      const middle = runs.find((figures) => figures.score === median(scores)) ?? runs[0];
      rows.push({ preset: preset.name, page: target.name, ...middle });
    }
  await browser.disconnect();
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (value: number) => `${Math.round(value)} ms`;
console.log(
  `\nLighthouse performance, median of ${RUNS} runs (the goal, ${GOAL}, applies to the default mobile preset)\n`,
);
console.log('| preset | page | score | FCP | LCP | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.preset} | ${row.page} | ${row.score} | ${ms(row.fcp)} | ${ms(row.lcp)} | ${ms(row.tbt)} | ${row.cls.toFixed(3)} |`,
  );
const missed = rows.filter((row) => row.preset === 'mobile' && row.score < GOAL);
if (missed.length > 0) {
  console.error(`\nBelow ${GOAL}: ${missed.map((row) => `${row.page} (${row.score})`).join(', ')}`);
  process.exitCode = 1;
}
