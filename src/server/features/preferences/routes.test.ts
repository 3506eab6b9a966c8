import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../shared/preferences';
import { bearer, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** GET or PUT /api/user-preferences as an account made in the test. */
const preferencesAs = (token: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: payload ? 'PUT' : 'GET',
    url: '/api/user-preferences',
    headers: bearer(token),
    payload,
  });

/** The demo accounts start with the welcome put away (the seed does it); everything else is the default. */
const SEEDED = { ...DEFAULT_PREFERENCES, welcomed: true };

describe('/api/user-preferences', () => {
  it('answers the defaults of the specification to someone who never saved any', async () => {
    const { token } = await t.register();
    const response = await preferencesAs(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_PREFERENCES);
    expect(response.json().welcomed).toBe(false);
    expect(DEFAULT_PREFERENCES).toMatchObject({
      showPatientPhotos: true,
      fontSizeScale: 'medium',
      calendarView: 'week',
      showWeekends: true,
    });
  });

  it('saves any subset and keeps the rest', async () => {
    const first = await t.injectAs('patient', {
      method: 'PUT',
      url: '/api/user-preferences',
      payload: { theme: 'dark', fontSizeScale: 'large' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.injectAs('patient', {
      method: 'PUT',
      url: '/api/user-preferences',
      payload: { highContrast: true },
    });
    expect(second.json()).toEqual({
      ...SEEDED,
      theme: 'dark',
      fontSizeScale: 'large',
      highContrast: true,
    });
    const read = await t.injectAs('patient', { method: 'GET', url: '/api/user-preferences' });
    expect(read.json()).toEqual(second.json());
  });

  it("keeps one person's preferences apart from another's", async () => {
    await t.injectAs('practitioner', {
      method: 'PUT',
      url: '/api/user-preferences',
      payload: { calendarView: 'day' },
    });
    const other = await t.injectAs('member', { method: 'GET', url: '/api/user-preferences' });
    expect(other.json().calendarView).toBe('week');
  });

  it('refuses unknown fields and wrong values with 400 and stores nothing', async () => {
    for (const payload of [
      { theme: 'purple' },
      { compactMode: 'yes' },
      { favouriteColour: 'red' },
      { timeFormat: '36h' },
      ['theme'],
    ]) {
      const response = await t.injectAs('admin', { method: 'PUT', url: '/api/user-preferences', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Invalid request/);
    }
    const read = await t.injectAs('admin', { method: 'GET', url: '/api/user-preferences' });
    expect(read.json()).toEqual(SEEDED);
  });

  it('keeps the clock a person chose, following their language until they choose', async () => {
    const before = await t.injectAs('staff', { method: 'GET', url: '/api/user-preferences' });
    expect(before.json().timeFormat).toBe('auto');
    const saved = await t.injectAs('staff', {
      method: 'PUT',
      url: '/api/user-preferences',
      payload: { timeFormat: '24h' },
    });
    expect(saved.statusCode).toBe(200);
    const read = await t.injectAs('staff', { method: 'GET', url: '/api/user-preferences' });
    expect(read.json()).toEqual({ ...SEEDED, timeFormat: '24h' });
  });

  it('keeps the welcome put away once a new account puts it away, and only for that account', async () => {
    const first = await t.register();
    const second = await t.register();
    const put = await preferencesAs(first.token, { welcomed: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...DEFAULT_PREFERENCES, welcomed: true });
    expect((await preferencesAs(first.token)).json().welcomed).toBe(true);
    expect((await preferencesAs(second.token)).json().welcomed).toBe(false);
    const refused = await preferencesAs(first.token, { welcomed: 'yes' });
    expect(refused.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const response = await t.injectAs('visitor', { method: 'GET', url: '/api/user-preferences' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Access token required');
  });
});
