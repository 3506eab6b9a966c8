import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/roles';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { seedDemoClinicFeatures } from './demo';

/** The clinic's optional capabilities: off on a new clinic, read by everyone signed in, set by admins. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ROLES: Role[] = ['patient', 'practitioner', 'staff', 'admin', 'member'];

describe('clinic features', () => {
  it('are all off on a new clinic, for every signed-in role, and hidden from visitors', async () => {
    for (const role of ROLES) {
      const response = await t.injectAs(role, { method: 'GET', url: '/api/clinic/features' });
      expect(response.statusCode, role).toBe(200);
      expect(response.json()).toEqual({
        features: { careBetweenVisits: false, dataExchange: false, videoVisits: false },
      });
    }
    const visitor = await t.injectAs('visitor', { method: 'GET', url: '/api/clinic/features' });
    expect(visitor.statusCode).toBe(401);
  });

  it('are set by admins only, with a clear 400 for anything else, and logged', async () => {
    for (const role of ['patient', 'practitioner', 'staff', 'member'] as const) {
      const response = await t.injectAs(role, {
        method: 'PUT',
        url: '/api/clinic/features',
        payload: { careBetweenVisits: true },
      });
      expect(response.statusCode, role).toBe(403);
    }
    for (const payload of [{ careBetweenVisits: 'yes' }, {}, { careBetweenVisits: true, video: true }]) {
      const response = await t.injectAs('admin', { method: 'PUT', url: '/api/clinic/features', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const saved = await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { careBetweenVisits: true },
    });
    expect(saved.json()).toEqual({
      features: { careBetweenVisits: true, dataExchange: false, videoVisits: false },
    });
    const read = await t.injectAs('patient', { method: 'GET', url: '/api/clinic/features' });
    expect(read.json()).toEqual({
      features: { careBetweenVisits: true, dataExchange: false, videoVisits: false },
    });
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'clinic.features_updated'));
    expect(logged).toHaveLength(1);
  });

  it('set one capability at a time, leaving the others as they were', async () => {
    const saved = await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { dataExchange: true },
    });
    expect(saved.json()).toEqual({
      features: { careBetweenVisits: true, dataExchange: true, videoVisits: false },
    });
    const off = await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { dataExchange: false },
    });
    expect(off.json()).toEqual({
      features: { careBetweenVisits: true, dataExchange: false, videoVisits: false },
    });
  });

  it('keep what an admin saved when the demo clinic is seeded again', async () => {
    await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { careBetweenVisits: false },
    });
    await t.database.db.transaction((tx) => seedDemoClinicFeatures(tx));
    const read = await t.injectAs('staff', { method: 'GET', url: '/api/clinic/features' });
    expect(read.json()).toEqual({
      features: { careBetweenVisits: false, dataExchange: false, videoVisits: false },
    });
  });
});
