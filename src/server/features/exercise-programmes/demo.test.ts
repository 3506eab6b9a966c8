import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Today, WorseningList } from '../../../shared/exercise-programmes';
import { createTestApp, type TestApp } from '../../test/app';
import { expectStatus } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

describe('the demo clinic', () => {
  it('gives the demo patient a programme for today and some practitioners a worsening list', async () => {
    const today = await expectStatus<Today>(t, 'patient', {
      method: 'GET',
      url: '/api/my-exercises/today',
      status: 200,
    });
    expect(today.programmes.length).toBeGreaterThan(0);
    const list = await expectStatus<WorseningList>(t, 'practitioner', {
      method: 'GET',
      url: '/api/exercise-programmes/worsening',
      status: 200,
    });
    const rows = await t.database.db.execute('select count(*)::int as n from exercise_programmes');
    expect(Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n)).toBeGreaterThan(5);
    expect(list.items.length).toBeGreaterThan(0);
    const worse = await t.database.db.execute(
      `select count(distinct patient_id)::int as n from exercise_logs where note = 'Sore after this one'`,
    );
    expect(Number((worse as unknown as { rows: Array<{ n: number }> }).rows[0].n)).toBeGreaterThan(0);
  });
});
