import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutcomeSummary } from '../../../shared/check-ins';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { call } from './testing';

/** The demo clinic shows outcome measures on most patients' charts, improving over months. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
});
afterAll(() => t.close());

describe('the demo clinic', () => {
  it('has months of scores for the demo patient, better than at intake, and a PSFS to fill in', async () => {
    const patient = await demoPerson(t, 'patient');
    const summary = (
      await call(t, 'practitioner', { method: 'GET', url: `/api/check-ins/outcomes?patientId=${patient.id}` })
    ).json<OutcomeSummary>();
    expect(summary.trends.length).toBeGreaterThanOrEqual(2);
    for (const trend of summary.trends) {
      expect(trend.points.length).toBe(6);
      expect(trend.improvement).toBeGreaterThan(0);
      const days = (Date.parse(trend.points.at(-1)!.at) - Date.parse(trend.points[0]!.at)) / 86_400_000;
      expect(days).toBeGreaterThan(90);
    }
    const mine = (await call(t, 'patient', { method: 'GET', url: '/api/check-ins' })).json();
    expect(mine.items.filter((item: { status: string }) => item.status === 'due')).toHaveLength(1);
  });

  it('gives most patients scores', async () => {
    const all = (await call(t, 'staff', { method: 'GET', url: '/api/check-ins' })).json();
    const patients = new Set(all.items.map((item: { patientId: string }) => item.patientId));
    expect(patients.size).toBeGreaterThan(3);
  });
});
