import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { drizzleClientOf } from './pglite-driver';
import { prepared } from './prepared';

const sample = pgTable('sample', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  local: timestamp('local', { mode: 'date' }),
  day: date('day', { mode: 'string' }),
  dayDate: date('day_date', { mode: 'date' }),
  span: interval('span'),
  amounts: numeric('amounts').array(),
  times: timestamp('times', { withTimezone: true, mode: 'string' }).array(),
  note: text('note'),
});

const CREATE = sql`create table sample (id int primary key, at timestamptz, at_text timestamptz,
  local timestamp, day date, day_date date, span interval, amounts numeric[], times timestamptz[], note text)`;
const ROWS = [
  {
    id: 1,
    at: new Date('2026-11-25T10:00:00.123Z'),
    atText: '2026-11-25 10:00:00.123456+00',
    local: new Date('2026-11-25T09:30:00.000Z'),
    day: '2026-02-28',
    dayDate: new Date('2026-02-28T00:00:00.000Z'),
    span: '1 day 02:03:04.5',
    amounts: ['1.50', '12345678901234567890.01'],
    times: ['2026-11-25 10:00:00+00', '2026-12-31 23:59:59.999999+00'],
    note: 'plain',
  },
  {
    id: 2,
    at: null,
    atText: null,
    local: null,
    day: null,
    dayDate: null,
    span: null,
    amounts: null,
    times: null,
    note: null,
  },
];
const RAW = sql`select at, day, span, amounts, times, '{"a":1}'::jsonb as doc, 7::int as n,
  array['2026-01-01'::date] as days, array['1 hour'::interval] as spans from sample order by id`;

/** The same schema and rows through drizzle on a plain PGlite and through the adapter on another. */
let plain: PGlite;
let adapted: PGlite;
const optionsSeen: (QueryOptions | undefined)[] = [];

async function open(client: PGlite, withAdapter: boolean) {
  await client.waitReady;
  let driverClient: PGlite = client;
  if (withAdapter) {
    // Records what reaches PGlite, to show drizzle's per-query parsers no longer do.
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      optionsSeen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
    driverClient = drizzleClientOf(client) as unknown as PGlite;
  }
  const db = drizzle({ client: driverClient, schema: { sample } });
  await db.execute(CREATE);
  await db.insert(sample).values(ROWS);
  return db;
}

let plainDb: Awaited<ReturnType<typeof open>>;
let adaptedDb: Awaited<ReturnType<typeof open>>;

beforeAll(async () => {
  plain = new PGlite();
  adapted = new PGlite();
  plainDb = await open(plain, false);
  adaptedDb = await open(adapted, true);
}, 60_000);
afterAll(async () => {
  await plain.close();
  await adapted.close();
});

describe('the PGlite client given to drizzle', () => {
  it('reads every column type back exactly as drizzle does on PGlite itself', async () => {
    const expected = await plainDb.select().from(sample).orderBy(sample.id);
    expect(expected[0].at).toEqual(ROWS[0].at);
    expect(expected[0].amounts).toEqual(ROWS[0].amounts);
    expect(await adaptedDb.select().from(sample).orderBy(sample.id)).toEqual(expected);
  });

  it('returns raw queries, with dates, intervals and arrays as text, exactly as drizzle does', async () => {
    const expected = await plainDb.execute(RAW);
    expect(expected.rows[0]).toMatchObject({ day: '2026-02-28', doc: { a: 1 }, n: 7 });
    expect((await adaptedDb.execute(RAW)).rows).toEqual(expected.rows);
  });

  it('leaves drizzle’s per-query parsers out of what reaches PGlite', async () => {
    optionsSeen.length = 0;
    await adaptedDb.select().from(sample);
    await adaptedDb.execute(RAW);
    expect(optionsSeen).toHaveLength(2);
    for (const options of optionsSeen) {
      expect(options).toBeDefined();
      expect(options).not.toHaveProperty('parsers');
    }
    expect(optionsSeen.map((options) => options?.rowMode)).toEqual(['array', 'object']);
  });

  it('keeps a parser it does not set on the instance', async () => {
    const client = drizzleClientOf(adapted);
    const result = await client.query<{ n: unknown }>('select 7::int as n', [], {
      parsers: { [types.INT4]: () => 'seven' },
    });
    expect(result.rows).toEqual([{ n: 'seven' }]);
  });

  it('commits a transaction and rolls one back through the same client', async () => {
    await adaptedDb.transaction(async (tx) => {
      await tx.insert(sample).values({ id: 3, at: ROWS[0].at, note: 'kept' });
      const [row] = await tx.select().from(sample).where(sql`id = 3`);
      expect(row.at).toEqual(ROWS[0].at);
    });
    await expect(
      adaptedDb.transaction(async (tx) => {
        await tx.insert(sample).values({ id: 4, note: 'dropped' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = (await adaptedDb.select({ id: sample.id }).from(sample).orderBy(sample.id)).map(
      (row) => row.id,
    );
    expect(ids).toEqual([1, 2, 3]);
  });
});

describe('a statement named by db/prepared.ts on PGlite', () => {
  let client: PGlite;
  let db: Db;
  let plainQueries = 0;
  const byId = () =>
    prepared(db, 'sample_by_id', (database) =>
      database
        .select()
        .from(sample)
        .where(eq(sample.id, sql.placeholder('id')))
        .prepare('sample_by_id'),
    )!;
  const count = () =>
    prepared(db, 'sample_count', (database) =>
      database.select({ n: sql<number>`count(*)::int` }).from(sample).prepare('sample_count'),
    )!;

  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      plainQueries += 1;
      return query(text, params, options);
    }) as PGlite['query'];
    db = drizzle({
      client: drizzleClientOf(client) as unknown as PGlite,
      schema: { sample },
    }) as unknown as Db;
    await db.execute(CREATE);
    await db.insert(sample).values(ROWS);
  }, 60_000);
  afterAll(() => client.close());

  it('answers exactly as drizzle does on PGlite itself, parsed once under its name', async () => {
    const before = plainQueries;
    expect(await byId().execute({ id: 1 })).toEqual(
      await plainDb.select().from(sample).where(eq(sample.id, 1)),
    );
    expect(await byId().execute({ id: 2 })).toEqual(
      await plainDb.select().from(sample).where(eq(sample.id, 2)),
    );
    expect(await byId().execute({ id: 99 })).toEqual([]);
    // Neither call went through PGlite's query, which parses every time.
    expect(plainQueries).toBe(before);
    const named = await client.query<{ name: string }>(
      'select name from pg_prepared_statements order by name',
    );
    expect(named.rows.map((row) => row.name)).toEqual(['sample_by_id']);
  });

  it('parses the statement again when the session has dropped it', async () => {
    expect(await count().execute()).toEqual([{ n: 2 }]);
    await client.exec('deallocate all');
    expect(await count().execute()).toEqual([{ n: 2 }]);
    expect((await byId().execute({ id: 1 }))[0].note).toBe('plain');
  });

  it('rejects with the database error and leaves the session usable', async () => {
    const insert = prepared(db, 'sample_insert', (database) =>
      database
        .insert(sample)
        .values({ id: sql.placeholder('id'), note: sql.placeholder('note') })
        .prepare('sample_insert'),
    )!;
    await insert.execute({ id: 5, note: 'five' });
    const failure = await insert.execute({ id: 5, note: 'again' }).catch((error: unknown) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('23505');
    expect((await byId().execute({ id: 5 }))[0].note).toBe('five');
    await db.delete(sample).where(eq(sample.id, 5));
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rolledBack = db
      .transaction(async (tx) => {
        await tx.insert(sample).values({ id: 9, note: 'never committed' });
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await insertedInside;
    const counted = count().execute();
    release();
    expect(await rolledBack).toBe('roll back');
    // Had it run inside the transaction, it would have counted the row that was rolled back.
    expect(await counted).toEqual([{ n: 2 }]);
  });
});
