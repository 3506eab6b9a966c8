// The web build's size budgets, checked by `npm run build` right after `vite build`: the JavaScript a visitor
// downloads before the sign-in page shows, and the largest single chunk. Sizes are gzipped (node:zlib at its
// default level, as a server would send them) in kB of 1,000 bytes, the unit Vite prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The part of Vite's `.vite/manifest.json` the budgets read. */
export type ManifestChunk = {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type PageBudget = {
  page: string;
  /** Manifest key of the HTML entry. */
  entry: string;
  /**
   * Source modules of the page's screen (relative to the web root). Loaded on demand, each is a chunk of its
   * own in the manifest and counts with its static imports; bundled into the entry, it is not in the manifest
   * and the entry already counts it.
   */
  routeModules: string[];
  maxKb: number;
};

export type Budgets = { pages: PageBudget[]; maxChunkKb: number };

export type BudgetReport = {
  pages: { page: string; kb: number; maxKb: number; files: { file: string; kb: number }[] }[];
  largestChunk: { file: string; kb: number } | null;
  maxChunkKb: number;
  failures: string[];
};

/**
 * The sign-in page is every visitor's first download (its screen: src/web/app/routes.tsx); the dashboard behind
 * the signed-in shell is what everyone else sees first. The dashboard's budget keeps the schemas (zod, about
 * 43 kB) off it: the shell and the dashboard show words from src/shared/vocabulary, not from the schema modules.
 * It keeps Radix (the controls chunk, about 34 kB, with the toasts) off it too: the Donate button on the member's
 * dashboard loads its dialog when it is first used (features/donations/donate-button.tsx). About 165 kB when
 * set, with some 5% to spare. Raised from 173 to 176 kB when care between visits came: the sidebar entries, the
 * routes and the dashboard cards that follow the clinic's capability switch (2.2 kB, each card loaded on
 * demand) on top of 172.4 kB. Lowered to 170 kB when the date library (12 kB) left it: a list's durations are
 * plain arithmetic and the date picker's locale rules go with the picker (163.3 kB then).
 */
export const CLINIC_BUDGETS: Budgets = {
  pages: [
    { page: '/login', entry: 'index.html', routeModules: ['features/auth/login-page.tsx'], maxKb: 150 },
    {
      page: '/ (signed in)',
      entry: 'index.html',
      routeModules: ['app/shell/app-shell.tsx', 'features/dashboard/dashboard-screen.tsx'],
      maxKb: 170,
    },
  ],
  maxChunkKb: 200,
};

const kb = (bytes: number) => bytes / 1000;
const round = (value: number) => Math.round(value * 10) / 10;

/** Every manifest key a browser fetches for these starting points: each one and its static imports, transitively. */
export function staticClosure(manifest: Manifest, startsFrom: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk '${key}'`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of startsFrom) visit(key);
  return [...seen];
}

/**
 * The manifest key of a route's screen: the module itself when it is a chunk of its own; the chunk of its name
 * that the entry loads on demand when other screens share it (Vite keys such a chunk `_<name>-<hash>.js`); or
 * null when it is bundled into the entry.
 */
export function routeChunk(manifest: Manifest, entry: string, module: string): string | null {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const shared = (manifest[entry]?.dynamicImports ?? []).find((key) => manifest[key]?.name === name);
  return shared ?? null;
}

export function checkBudgets(options: {
  distDir: string;
  manifest: Manifest;
  budgets: Budgets;
}): BudgetReport {
  const { distDir, manifest, budgets } = options;
  const sizes = new Map<string, number>();
  const gzippedKb = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = kb(gzipSync(readFileSync(join(distDir, file))).length);
      sizes.set(file, size);
    }
    return size;
  };
  const failures: string[] = [];

  const pages = budgets.pages.map((budget) => {
    const lazyRoutes = budget.routeModules.flatMap(
      (module) => routeChunk(manifest, budget.entry, module) ?? [],
    );
    const files = staticClosure(manifest, [budget.entry, ...lazyRoutes])
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, kb: gzippedKb(file) }))
      .sort((a, b) => b.kb - a.kb);
    // Summed before rounding, so the figure is the bytes' own and not the sum of rounded parts.
    const total = round(files.reduce((sum, file) => sum + file.kb, 0));
    if (total > budget.maxKb)
      failures.push(
        `${budget.page}: ${total} kB of JavaScript (gzipped) before it renders, over its budget of ${budget.maxKb} kB; ` +
          `largest: ${files
            .slice(0, 3)
            .map((file) => `${file.file} ${round(file.kb)} kB`)
            .join(', ')}`,
      );
    return {
      page: budget.page,
      kb: total,
      maxKb: budget.maxKb,
      files: files.map((file) => ({ file: file.file, kb: round(file.kb) })),
    };
  });

  let largestChunk: BudgetReport['largestChunk'] = null;
  const chunkFiles = new Set(Object.values(manifest).map((chunk) => chunk.file));
  for (const file of [...chunkFiles].filter((name) => name.endsWith('.js')).sort()) {
    const size = round(gzippedKb(file));
    if (!largestChunk || size > largestChunk.kb) largestChunk = { file, kb: size };
    if (size > budgets.maxChunkKb)
      failures.push(`${file}: ${size} kB gzipped, over the budget of ${budgets.maxChunkKb} kB for one chunk`);
  }
  const cycle = chunkCycle(manifest);
  if (cycle)
    failures.push(
      `chunks import each other (${cycle.join(' -> ')}): one of them runs before the other has loaded; ` +
        'group the modules they share into one chunk in vite.config.ts',
    );
  return { pages, largestChunk, maxChunkKb: budgets.maxChunkKb, failures };
}

/** A cycle of static imports between chunks, as file names, or null when there is none. */
export function chunkCycle(manifest: Manifest): string[] | null {
  const done = new Set<string>();
  const visit = (key: string, path: string[]): string[] | null => {
    if (path.includes(key)) return [...path.slice(path.indexOf(key)), key].map((k) => manifest[k]?.file ?? k);
    if (done.has(key)) return null;
    for (const next of manifest[key]?.imports ?? []) {
      const cycle = visit(next, [...path, key]);
      if (cycle) return cycle;
    }
    done.add(key);
    return null;
  };
  for (const key of Object.keys(manifest)) {
    const cycle = visit(key, []);
    if (cycle) return cycle;
  }
  return null;
}

export function describeReport(report: BudgetReport): string {
  const lines = report.pages.map(
    (page) => `${page.page}: ${page.kb} kB of JavaScript before it renders (budget ${page.maxKb} kB)`,
  );
  if (report.largestChunk)
    lines.push(
      `largest chunk: ${report.largestChunk.file} ${report.largestChunk.kb} kB (budget ${report.maxChunkKb} kB)`,
    );
  return lines.join('\n');
}

function main() {
  const distDir = process.argv[2] ?? 'dist/web';
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    console.error(
      `Bundle budgets: no build manifest at ${manifestPath} (vite.config.ts sets build.manifest).`,
    );
    process.exit(1);
  }
  const report = checkBudgets({ distDir, manifest, budgets: CLINIC_BUDGETS });
  console.log(`Bundle budgets (gzipped):\n${describeReport(report)}`);
  if (report.failures.length > 0) {
    console.error(
      `\nBundle budget exceeded:\n${report.failures.map((failure) => `  ${failure}`).join('\n')}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
