import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './test/database';
import { loginAsDemoAdmin, startServer } from './test/process';

// Included only when TEST_DATABASE_URL is set (vitest.config.ts); the suite says when it is left out.
describe('the server process on a PostgreSQL server', () => {
  it('seeds nothing unless SEED=demo', async () => {
    const database = await openTestDatabase();
    try {
      for (const [seed, expected] of [
        ['', 404],
        ['demo', 200],
      ] as const) {
        const server = await startServer({ DATABASE_URL: database.url as string, SEED: seed });
        try {
          expect((await loginAsDemoAdmin(server.url)).status, `SEED=${seed}`).toBe(expected);
        } finally {
          server.child.kill('SIGTERM');
          await server.exited;
        }
      }
    } finally {
      await database.drop();
    }
  }, 150_000);
});
