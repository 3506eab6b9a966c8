import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

/** The browser app carries the version it was built as, so it can ask the server whether a newer one is out. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Fewer, larger chunks than the bundler's one per set of importers: the server speaks HTTP/1.1, where a browser
 * opens six connections and each further file costs a phone a round trip (bench/lighthouse.ts). What every page
 * runs first is one file (bundle budget: scripts/bundle-budget.ts); the contract with zod, dates, icons, Radix and
 * the signed-in sockets are one file each; the rest (screens, charts, card payments) stays split by screen.
 */
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 2 },
  { name: 'contract', test: /(src[\\/]shared[\\/]|node_modules[\\/]zod[\\/])/, priority: 1 },
  { name: 'dates', test: /node_modules[\\/](date-fns|@date-fns)[\\/]/, priority: 1 },
  { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
  { name: 'radix', test: /node_modules[\\/](@radix-ui|radix-ui)[\\/]/, priority: 1 },
  {
    name: 'live',
    test: /src[\\/]web[\\/](lib[\\/]socket-client|features[\\/](notifications[\\/](notification-listener|follow|sound)|[\w-]+[\\/](live|messaging-socket|account-status-listener)))\.tsx?$/,
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
