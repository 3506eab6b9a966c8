import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Tests of the real services run only where they are configured; the server suite's setup names what it left out. */
const serviceTests = [
  ...(process.env.TEST_DATABASE_URL ? [] : ['src/server/**/*.postgres.test.ts']),
  ...(process.env.REDIS_URL ? [] : ['src/server/**/*.redis.test.ts']),
  // Several instances on one PostgreSQL and one Redis: both must be there.
  ...(process.env.TEST_DATABASE_URL && process.env.REDIS_URL ? [] : ['src/server/**/*.scale.test.ts']),
];

export default defineConfig({
  test: {
    // The default (one worker fewer than the cores) leaves one of two cores idle: measured on 2 cores, two
    // workers ran a dozen server files in 55 s instead of 77 s on PGlite, and billing and dashboard web tests
    // in 62 s instead of 94 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...serviceTests],
          globalSetup: ['src/server/test/global-setup.ts'],
          // Each file builds its own app on its own database, so the files of a worker can share its loaded
          // modules: on 2 cores the auth and billing files (29 files, 904 tests) ran in 89 s instead of 177 s,
          // their import time down from 102 s to 18 s.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
          // Screens load on demand and a test walks several; 5 s was too little on a busy machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
