import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { transactionRetrying } from './concurrency';
import { rowsOf } from './rows';

// Two transactions that take two row locks in opposite orders deadlock; PostgreSQL aborts one of them.
describe('transactions retried after a deadlock', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table counters (id int primary key, hits int not null)`);
    await database.db.execute(sql`insert into counters values (1, 0), (2, 0)`);
  });
  afterAll(() => database.drop());

  it('runs the deadlock victim again, so both writes land exactly once', async () => {
    let tries = 0;
    const bump = (first: number, second: number) =>
      transactionRetrying(database.db, async (tx) => {
        tries += 1;
        await tx.execute(sql`update counters set hits = hits + 1 where id = ${first}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`update counters set hits = hits + 1 where id = ${second}`);
      });
    await Promise.all([bump(1, 2), bump(2, 1)]);
    expect(tries).toBe(3);
    const rows = await rowsOf<{ id: number; hits: number }>(
      database.db,
      sql`select id, hits from counters order by id`,
    );
    expect(rows).toEqual([
      { id: 1, hits: 2 },
      { id: 2, hits: 2 },
    ]);
  });

  it('gives up on other errors at once', async () => {
    let tries = 0;
    await expect(
      transactionRetrying(database.db, async (tx) => {
        tries += 1;
        await tx.execute(sql`insert into counters values (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(tries).toBe(1);
  });
});
