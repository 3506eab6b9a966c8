import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

it('the demo clinic has three upcoming events, a free one, a paid one and an online one, seeded once', async () => {
  await seedDemo(t.database.db);
  const response = await t.injectAs('member', { method: 'GET', url: '/api/events' });
  expect(response.statusCode).toBe(200);
  const events = response.json().events as Array<{ priceCents: number; onlineUrl: string | null }>;
  expect(events).toHaveLength(3);
  expect(events.some((event) => event.priceCents > 0)).toBe(true);
  expect(events.some((event) => event.onlineUrl?.startsWith('https://'))).toBe(true);
});
