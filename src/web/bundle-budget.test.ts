// The budget logic of `npm run build` (scripts/bundle-budget.ts) on a small fixture build. It sits here, not
// beside the script, because the web project is the one that collects tests of the browser app's build.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Budgets,
  checkBudgets,
  chunkCycle,
  type Manifest,
  staticClosure,
} from '../../scripts/bundle-budget';

const budgets: Budgets = {
  pages: [{ page: '/login', entry: 'index.html', routeModules: ['pages/login.tsx'], maxKb: 10 }],
  maxChunkKb: 8,
};

/** Entry and shared chunk, the login route's lazy chunk and its form chunk; a report route with a chart, lazy. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'pages/login.tsx': { file: 'assets/login.js', imports: ['_shared.js', '_form.js'] },
  '_form.js': { file: 'assets/form.js' },
  'pages/report.tsx': { file: 'assets/report.js', imports: ['_shared.js', '_chart.js'] },
  '_chart.js': { file: 'assets/chart.js', imports: ['_shared.js'] },
  'index.css': { file: 'assets/index.css' },
};

let distDir: string;

/** Random bytes do not compress: a file of n bytes is about n bytes gzipped (plus a header of about 20). */
function writeChunks(sizes: Record<string, number>) {
  for (const [file, bytes] of Object.entries(sizes)) writeFileSync(join(distDir, file), randomBytes(bytes));
}

beforeEach(() => {
  distDir = mkdtempSync(join(tmpdir(), 'clinic-bundle-budget-'));
  mkdirSync(join(distDir, 'assets'));
  writeChunks({
    'assets/index.js': 3000,
    'assets/shared.js': 2000,
    'assets/login.js': 1000,
    'assets/form.js': 1500,
    'assets/report.js': 5000,
    'assets/chart.js': 4000,
    // Stylesheets are not JavaScript: even a large one counts in neither budget.
    'assets/index.css': 20_000,
  });
});

afterEach(() => rmSync(distDir, { recursive: true, force: true }));

describe('bundle budgets', () => {
  it("counts the entry, the login route's chunk and their static imports once each, not other routes", () => {
    expect(staticClosure(manifest, ['index.html', 'pages/login.tsx']).sort()).toEqual([
      '_form.js',
      '_shared.js',
      'index.html',
      'pages/login.tsx',
    ]);
  });

  it('counts a route bundled into the entry once, through the entry', () => {
    const { 'pages/login.tsx': _lazy, ...bundled } = manifest;
    const report = checkBudgets({ distDir, manifest: bundled, budgets });
    expect(report.pages[0].files.map((file) => file.file).sort()).toEqual([
      'assets/index.js',
      'assets/shared.js',
    ]);
  });

  it('counts a route that other screens share, which Vite keys by its name, with its imports', () => {
    const { 'pages/login.tsx': lazy, ...rest } = manifest;
    const shared: Manifest = {
      ...rest,
      'index.html': { ...manifest['index.html'], dynamicImports: ['_login-abc123.js'] },
      '_login-abc123.js': { ...lazy, name: 'login' },
    };
    const report = checkBudgets({ distDir, manifest: shared, budgets });
    expect(report.pages[0].files.map((file) => file.file).sort()).toEqual([
      'assets/form.js',
      'assets/index.js',
      'assets/login.js',
      'assets/shared.js',
    ]);
  });

  it('passes a build within both budgets and reports its figures', () => {
    const report = checkBudgets({ distDir, manifest, budgets });
    expect(report.failures).toEqual([]);
    expect(report.pages[0].kb).toBeGreaterThan(7.5);
    expect(report.pages[0].kb).toBeLessThan(7.7);
    expect(report.largestChunk?.file).toBe('assets/report.js');
  });

  it("fails when the login page's JavaScript passes its budget, naming the page and the figure", () => {
    writeChunks({ 'assets/form.js': 4000 });
    const report = checkBudgets({ distDir, manifest, budgets });
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatch(
      /^\/login: 10\.\d kB of JavaScript \(gzipped\) before it renders, over its budget of 10 kB/,
    );
    expect(report.failures[0]).toContain('assets/form.js 4 kB');
  });

  it('fails when one chunk passes the chunk budget, naming the chunk and its size', () => {
    writeChunks({ 'assets/chart.js': 9000 });
    const report = checkBudgets({ distDir, manifest, budgets });
    expect(report.failures).toEqual([
      expect.stringMatching(
        /^assets\/chart\.js: 9(\.\d)? kB gzipped, over the budget of 8 kB for one chunk$/,
      ),
    ]);
  });

  it('fails when two chunks import each other, naming them', () => {
    const cyclic: Manifest = {
      ...manifest,
      '_shared.js': { file: 'assets/shared.js', imports: ['_chart.js'] },
    };
    expect(chunkCycle(manifest)).toBeNull();
    expect(chunkCycle(cyclic)).toEqual(['assets/shared.js', 'assets/chart.js', 'assets/shared.js']);
    // The cycle also brings the chart into the login page's closure: that page's budget fails as well.
    const report = checkBudgets({ distDir, manifest: cyclic, budgets });
    expect(report.failures).toContainEqual(
      expect.stringMatching(
        /^chunks import each other \(assets\/shared\.js -> assets\/chart\.js -> assets\/shared\.js\)/,
      ),
    );
  });
});
