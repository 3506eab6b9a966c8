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

  it("gives a practitioner the check-ins of the patients in their reach, and no one else's", async () => {
    const all = (await call(t, 'staff', { method: 'GET', url: '/api/check-ins' })).json();
    const answer = await call(t, 'practitioner', { method: 'GET', url: '/api/check-ins' });
    expect(answer.statusCode, answer.body).toBe(200);
    const theirs = new Set(answer.json().items.map((item: { patientId: string }) => item.patientId));
    expect(theirs.size).toBeGreaterThan(0);
    for (const patientId of new Set<string>(all.items.map((item: { patientId: string }) => item.patientId))) {
      const record = await call(t, 'practitioner', { method: 'GET', url: `/api/patients/${patientId}` });
      expect(theirs.has(patientId), patientId).toBe(record.statusCode === 200);
    }
  });
});
