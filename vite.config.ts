import { readdirSync, readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

/** The browser app carries the version it was built as, so it can ask the server whether a newer one is out. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The schemas: zod and the shared modules built on it. The words and fixed values both sides show live in
 * zod-free modules (src/shared/vocabulary and the like), which go with whatever screen uses them, so the shell and
 * the dashboard render without downloading or running a single schema.
 */
const sharedDir = new URL('./src/shared/', import.meta.url);
const schemaModules = readdirSync(sharedDir)
  .filter((file) => file.endsWith('.ts') && /from 'zod'/.test(readFileSync(new URL(file, sharedDir), 'utf8')))
  .map((file) => `/src/shared/${file}`);
/**
 * Plain data that only schemas and the screens behind them use: with the schemas, so that no chunk of schemas
 * imports back from a screen's chunk (a cycle), and no first screen carries it.
 */
const CONTRACT_DATA = ['/src/shared/exercises.ts'];
const isContract = (id: string) => {
  const path = id.replaceAll('\\', '/');
  return (
    path.includes('/node_modules/zod/') ||
    [...schemaModules, ...CONTRACT_DATA].some((module) => path.endsWith(module))
  );
};

/**
 * Fewer, larger chunks than the bundler's one per set of importers: the server speaks HTTP/1.1, where a browser
 * opens six connections and each further file costs a phone a round trip (bench/lighthouse.ts). What every page
 * runs first is one file (bundle budget: scripts/bundle-budget.ts); the schemas with zod, dates, icons, Radix and
 * the signed-in sockets are one file each; the rest (screens, charts, card payments) stays split by screen.
 */
/** The app's controls built on Radix (dialogs, menus, tabs, switches); they go with Radix. */
const RADIX_CONTROLS = 'dialog|dropdown-menu|radio-group|switch|tabs|tooltip|form-dialog|combobox|row-menu';
/**
 * The date picker, its month grid, the locale rules they share and the list filters built on them use the date
 * library: a file of their own, so that the controls every signed-in page's menus load do not bring the date
 * library with them.
 */
const DATE_CONTROLS = 'date-picker|calendar-grid|date-locale|filter-bar';
/**
 * Controls that validate with zod: with the screens that use them, never in the controls chunk, which the
 * header's menus load on every signed-in page and which would then bring the schemas with it.
 */
const FORM_CONTROLS = 'reason-dialog';

const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 2 },
  { name: 'contract', test: isContract, priority: 1, includeDependenciesRecursively: false },
  { name: 'dates', test: /node_modules[\\/](date-fns|@date-fns)[\\/]/, priority: 1 },
  { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
  // Toasts on their own: every page mounts the toaster, and it should not bring the live channels with it.
  { name: 'toasts', test: /node_modules[\\/]sonner[\\/]/, priority: 1 },
  // The small pieces many screens share (helpers, plain controls, the vocabulary): one file or two rather than a
  // dozen, which on a phone's HTTP/1.1 is a dozen fewer turns for six connections. Forms (zod) stay out: they
  // load with a form (use-zod-form and use-dialog-form); so do the clinic-zone times, which would bring the dates file to every screen using this.
  // The vocabulary is data and plain text functions alone, so the update check of every page can load it by itself.
  // Money and CSV text are plain functions the schemas use too: with the vocabulary, no chunk of schemas imports
  // back from a chunk that imports it (a cycle between chunks leaves one of them half-loaded).
  {
    name: 'vocabulary',
    test: /src[\\/]shared[\\/](vocabulary[\\/]|money\.ts$|csv\.ts$|display-format\.ts$)/,
    priority: 1,
  },
  {
    name: 'common',
    test: new RegExp(
      `src[\\\\/]web[\\\\/](ui|lib)[\\\\/](?!(use-zod-form|use-dialog-form|clinic-time|${RADIX_CONTROLS}|${DATE_CONTROLS}|${FORM_CONTROLS})\\.)`,
    ),
    priority: 1,
    includeDependenciesRecursively: false,
  },
  {
    name: 'date-controls',
    test: new RegExp(`src[\\\\/]web[\\\\/]ui[\\\\/](${DATE_CONTROLS})\\.tsx?$`),
    priority: 1,
    includeDependenciesRecursively: false,
  },
  // Radix with the app's controls built on it: pages that open no menu or dialog load neither.
  {
    name: 'controls',
    test: new RegExp(
      `(node_modules[\\\\/](@radix-ui|radix-ui)[\\\\/]|src[\\\\/]web[\\\\/]ui[\\\\/](${RADIX_CONTROLS})\\.tsx$)`,
    ),
    priority: 1,
  },
  {
    name: 'live',
    test: /src[\\/]web[\\/](lib[\\/]socket-client|features[\\/](notifications[\\/](notification-listener|follow|sound)|[\w-]+[\\/](live|messaging-socket)))\.tsx?$/,
    priority: 1,
  },
];

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // The manifest lets `npm run build` check the bundle budgets (scripts/bundle-budget.ts).
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
