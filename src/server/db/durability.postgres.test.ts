import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { openDatabase } from './client';
import { killMidWrites } from './durability-fixtures';

// Included only when TEST_DATABASE_URL is set (vitest.config.ts).
describe('PostgreSQL under a kill -9 of the server', () => {
  it('keeps every message the server answered 201 for, whole, and starts again on the same data', async () => {
    const database = await openTestDatabase();
    const url = database.url as string;
    try {
      const result = await killMidWrites({ DATABASE_URL: url }, () => openDatabase({ url }));
      console.log(`kill -9 on PostgreSQL: ${JSON.stringify(result)}`);
      expect(result.acknowledged).toBeGreaterThanOrEqual(300);
      expect(result.inFlightAtKill).toBeGreaterThan(0);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
