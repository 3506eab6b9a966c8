import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleClientOf } from './pglite-driver';

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
    driverClient = drizzleClientOf(client) as PGlite;
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
