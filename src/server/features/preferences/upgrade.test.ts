import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Migration 0019 after its new column: what it does to the accounts a clinic already has. */
const welcomeExisting = readFileSync(
  new URL('../../db/migrations/0019_preferences_welcomed.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .slice(1)
  .join('\n');

const preferencesOf = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user-preferences', headers: bearer(token) })).json();

describe('the upgrade that brings the first-run welcome', () => {
  it('puts the welcome away for every account made before it, keeping what each had saved', async () => {
    const untouched = await t.register();
    const saved = await t.register();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user-preferences',
      headers: bearer(saved.token),
      payload: { theme: 'dark', showWeekends: false },
    });
    expect((await preferencesOf(untouched.token)).welcomed).toBe(false);

    await t.ctx.db.execute(sql.raw(welcomeExisting));

    expect(await preferencesOf(untouched.token)).toMatchObject({ welcomed: true, theme: 'auto' });
    expect(await preferencesOf(saved.token)).toMatchObject({
      welcomed: true,
      theme: 'dark',
      showWeekends: false,
    });
    const after = await t.register();
    expect((await preferencesOf(after.token)).welcomed).toBe(false);
  });
});
