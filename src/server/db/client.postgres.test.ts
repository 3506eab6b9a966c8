import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';

// A PostgreSQL restart or failover ends idle connections; the clinic must carry on, not crash.
describe('the PostgreSQL pool', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  it('survives the server ending its idle connections and answers the next query', async () => {
    const db: Database = database;
    expect(await db.ping()).toBe(true);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.ping()).toBe(true);
  });
});
