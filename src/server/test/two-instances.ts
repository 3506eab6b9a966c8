import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed';
import { openTestDatabase } from './database';

export type Instance = Awaited<ReturnType<typeof buildApp>>;

/**
 * Two instances of the clinic, each with its own connection pool, on one PostgreSQL database (the demo
 * accounts seeded) and one Redis, for the `*.scale.test.ts` files. Built, not yet ready or listening: each
 * test decides how it reaches them.
 */
export async function twoInstances() {
  const shared = await openTestDatabase();
  if (!shared.url) throw new Error('the scale tests need TEST_DATABASE_URL');
  await seedDemo(shared.db, { clinic: false });
  const secondPool = await openDatabase({ url: shared.url });
  const config = testConfig({
    redisUrl: process.env.REDIS_URL,
    authRateLimitPerMinute: 100_000,
    authAccountFailuresPer15Minutes: 1000,
  });
  const a = await buildApp({ config, database: shared });
  const b = await buildApp({ config, database: secondPool });
  return {
    a,
    b,
    async close() {
      await a.app.close();
      await b.app.close();
      await secondPool.close();
      await shared.drop();
    },
  };
}
