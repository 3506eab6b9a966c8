import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatientPage } from '../../../shared/patients';
import { createTestApp, type TestApp } from '../../test/app';

// Included only when TEST_DATABASE_URL is set (vitest.config.ts): the timing is about PostgreSQL's plans.
const PATIENTS = 100_000;
const BUDGET_MS = 100;
const RUNS = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  // One statement: the accounts and their records together. The record trigger fires too and finds each
  // record already there.
  await t.database.db.execute(sql`
    with source as materialized (
      select gen_random_uuid() as id, g,
        (array['Ava','Ben','Chloe','Dev','Ema','Finn','Grace','Hugo','Isla','Jon','Kemi','Liam','Maya',
               'Noor','Omar','Pia','Quinn','Rosa','Sami','Tara'])[1 + g % 20] as first_name,
        (array['Smith','Jones','Taylor','Brown','Williams','Wilson','Johnson','Davies','Patel','Robinson',
               'Wright','Thompson','Evans','Walker','White','Roberts','Green','Hall','Thomas','Clarke',
               'Jackson','Wood','Harris','Edwards','Turner','Martin','Cooper','Hill','Ward','Hughes',
               'Moore','Clark','King','Harrison','Lewis','Baker','Lee','Allen','Morris','Khan',
               'Scott','Watson','Davis','Parker','James','Bennett','Young','Phillips','Richardson','Mitchell'])
          [1 + (g / 20) % 50] || ' ' || g as last_name
      from generate_series(1, ${PATIENTS}) as g
    ), accounts as (
      insert into users (id, email, password_hash, first_name, last_name, role, created_at)
      select id, 'bulk' || g || '@scale.test', 'not-a-hash', first_name, last_name, 'patient',
        now() - g * interval '1 minute'
      from source
    )
    insert into patients (user_id, phone, status, date_of_birth, created_at, updated_at)
    select id, '0113 ' || lpad(g::text, 6, '0'),
      (array['active','active','active','inactive','discharged'])[1 + g % 5],
      date '1940-01-01' + (g % 25000), now() - g * interval '1 minute', now() - g * interval '1 minute'
    from source`);
  await t.database.db.execute(sql`analyze users`);
  await t.database.db.execute(sql`analyze patients`);
  console.log(`seeded ${PATIENTS} patients in ${Date.now() - started} ms`);
}, 180_000);
afterAll(() => t?.close());

/**
 * RUNS timed calls after one warm-up call. The server suite runs its files side by side on whatever cores
 * the machine has, so a call may also wait for CPU that other files hold; the fastest run is the list's
 * own cost and is what must stay under the budget. Every run is printed.
 */
async function timed(query: string) {
  const call = () => t.injectAs('staff', { method: 'GET', url: `/api/patients?${query}` });
  const warm = await call();
  expect(warm.statusCode, warm.body).toBe(200);
  const times: number[] = [];
  let page: PatientPage = warm.json();
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const response = await call();
    times.push(performance.now() - started);
    page = response.json();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const fastest = sorted[0];
  const median = sorted[Math.floor(RUNS / 2)];
  console.log(
    `GET /api/patients?${query}: fastest ${fastest.toFixed(1)} ms, median ${median.toFixed(1)} ms ` +
      `(${times.map((x) => x.toFixed(1)).join(', ')})`,
  );
  return { fastest, page };
}

describe(`the patient list on ${PATIENTS.toLocaleString('en')} patients`, () => {
  it('answers the first page, by name, under 100 ms', async () => {
    const { fastest, page } = await timed('');
    expect(page.items).toHaveLength(25);
    expect(page.nextCursor).toBe(page.items[24].id);
    expect(fastest).toBeLessThan(BUDGET_MS);
  });

  it('answers a name search under 100 ms', async () => {
    const { fastest, page } = await timed('search=harrison%2012');
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.lastName.toLowerCase().includes('harrison 12'))).toBe(true);
    expect(fastest).toBeLessThan(BUDGET_MS);
  });

  it('answers a phone search, and the newest first with a status filter, under 100 ms', async () => {
    const phone = await timed('search=0113%20012');
    expect(phone.page.items).toHaveLength(25);
    expect(phone.page.items.every((item) => item.phone?.includes('0113 012'))).toBe(true);
    expect(phone.fastest).toBeLessThan(BUDGET_MS);
    const newest = await timed('sort=created&status=discharged');
    expect(newest.page.items).toHaveLength(25);
    expect(newest.page.items.every((item) => item.status === 'discharged')).toBe(true);
    expect(newest.fastest).toBeLessThan(BUDGET_MS);
  });

  it('answers a later page as fast as the first', async () => {
    const first = await timed('limit=100');
    const { fastest, page } = await timed(`cursor=${first.page.nextCursor}`);
    expect(page.items).toHaveLength(25);
    expect(page.items.map((item) => item.id)).not.toContain(first.page.items[99].id);
    expect(fastest).toBeLessThan(BUDGET_MS);
  });
});
