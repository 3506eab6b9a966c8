import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../../../shared/devices';
import { activityLog, notifications, sessions } from '../../../db/schema';
import { hashToken } from '../../../platform/sessions';
import { bearer, createTestApp, type TestApp } from '../../../test/app';
import { createPerson } from '../../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signIn(email: string, options: { userAgent?: string; address?: string } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'correct-horse-1' },
    headers: { 'user-agent': options.userAgent ?? CHROME_MAC },
    ...(options.address ? { remoteAddress: options.address } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const list = async (token: string) => (await get('/api/auth/sessions', token)).json<DeviceSession[]>();
const me = (token: string) => get('/api/auth/me', token);

async function setLastActive(token: string, minutesAgo: number) {
  await t.database.db
    .update(sessions)
    .set({ lastActiveAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(sessions.tokenHash, hashToken(token)));
  t.ctx.sessionCache.forgetAll();
}

async function securityAlerts(userId: string) {
  return t.database.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'security_alert')));
}

describe('signed-in devices', () => {
  it('lists the caller’s own live sessions, newest activity first, this one marked', async () => {
    const person = await createPerson(t, 'staff');
    const phone = await signIn(person.email, { userAgent: SAFARI_IPHONE });
    const laptop = await signIn(person.email);
    const stranger = await createPerson(t, 'staff');
    await setLastActive(phone, 10);
    const revoked = await signIn(person.email);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revoked) });

    const seen = await list(laptop);
    expect(seen.map((s) => [s.browser, s.device, s.current])).toEqual([
      ['Chrome', 'macOS', true],
      // createPerson's own session: the test app's user agent names no browser.
      ['Unknown browser', 'Unknown device', false],
      ['Safari', 'iPhone', false],
    ]);
    expect(seen[0]?.ipAddress).toBe('127.0.0.1');
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(
      ['browser', 'createdAt', 'current', 'device', 'id', 'ipAddress', 'lastActiveAt'].sort(),
    );
    expect((await list(stranger.token)).map((s) => s.current)).toEqual([true]);
  });

  it('ends one of the caller’s sessions: its token is refused at once, the caller’s stays', async () => {
    const person = await createPerson(t, 'practitioner');
    const other = await signIn(person.email, { userAgent: SAFARI_IPHONE });
    expect((await me(other)).statusCode).toBe(200); // now cached
    const target = (await list(person.token)).find((s) => !s.current);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${target?.id}`,
      headers: bearer(person.token),
    });
    expect(ended.statusCode).toBe(200);
    const refused = await me(other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid token');
    expect((await me(person.token)).statusCode).toBe(200);
    expect((await list(person.token)).map((s) => s.current)).toEqual([true]);
    const [logged] = await t.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(and(eq(activityLog.entityId, person.id), eq(activityLog.action, 'auth.session-ended')));
    expect(logged?.action).toBe('auth.session-ended');
  });

  it('answers 404 for another person’s session or an unknown one', async () => {
    const person = await createPerson(t, 'patient');
    const someone = await createPerson(t, 'patient');
    const [theirs] = await list(someone.token);
    const end = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(person.token) });
    expect((await end(theirs?.id ?? '')).statusCode).toBe(404);
    expect((await me(someone.token)).statusCode).toBe(200);
    expect((await end('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await end('not-an-id')).statusCode).toBe(400);
  });

  it('ends the current session like signing out', async () => {
    const person = await createPerson(t, 'member');
    const [mine] = await list(person.token);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${mine?.id}`,
      headers: bearer(person.token),
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(401);
  });
});

describe('automatic sign-out after inactivity', () => {
  it('refuses a staff session idle past 30 minutes with Token expired, and leaves it off the list', async () => {
    const person = await createPerson(t, 'staff');
    const idle = await signIn(person.email, { userAgent: SAFARI_IPHONE });
    expect((await me(idle)).statusCode).toBe(200);
    await setLastActive(idle, 31);
    const refused = await me(idle);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Token expired');
    expect((await list(person.token)).map((s) => s.current)).toEqual([true]);
  });

  it('keeps a session alive that reports activity', async () => {
    const person = await createPerson(t, 'admin');
    await setLastActive(person.token, 29);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/auth/activity',
      headers: bearer(person.token),
    });
    expect(report.statusCode).toBe(200);
    // Another 29 minutes pass from here: still within the limit, because activity restarted the clock.
    const [row] = await t.database.db
      .select({ lastActiveAt: sessions.lastActiveAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(person.token)));
    expect(Date.now() - (row?.lastActiveAt.getTime() ?? 0)).toBeLessThan(60_000);
    expect((await me(person.token)).statusCode).toBe(200);
  });

  it('leaves patients and members signed in by default, however long idle', async () => {
    for (const role of ['patient', 'member'] as const) {
      const person = await createPerson(t, role);
      await setLastActive(person.token, 60 * 24);
      expect((await me(person.token)).statusCode).toBe(200);
      expect((await get('/api/auth/session-policy', person.token)).json()).toEqual({ idleMinutes: null });
    }
    const staff = await createPerson(t, 'practitioner');
    expect((await get('/api/auth/session-policy', staff.token)).json()).toEqual({ idleMinutes: 30 });
  });

  it('lets only admins change the limits, checks them, and applies them at once', async () => {
    const put = (role: 'admin' | 'staff', payload: unknown) =>
      t.injectAs(role, { method: 'PUT', url: '/api/admin/idle-sign-out', payload: payload as object });
    expect((await put('staff', { staffIdleMinutes: 10, patientIdleMinutes: 60 })).statusCode).toBe(403);
    for (const bad of [
      { staffIdleMinutes: 4, patientIdleMinutes: null },
      { staffIdleMinutes: 721, patientIdleMinutes: null },
      { staffIdleMinutes: 30, patientIdleMinutes: 10_081 },
      { staffIdleMinutes: 30.5, patientIdleMinutes: null },
      { staffIdleMinutes: 30 },
    ]) {
      const refused = await put('admin', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    const patient = await createPerson(t, 'patient');
    await setLastActive(patient.token, 61);
    try {
      const saved = await put('admin', { staffIdleMinutes: 30, patientIdleMinutes: 60 });
      expect(saved.statusCode).toBe(200);
      expect((await t.injectAs('admin', { method: 'GET', url: '/api/admin/idle-sign-out' })).json()).toEqual({
        staffIdleMinutes: 30,
        patientIdleMinutes: 60,
      });
      t.ctx.sessionCache.forgetAll();
      const refused = await me(patient.token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Token expired');
    } finally {
      await put('admin', { staffIdleMinutes: 30, patientIdleMinutes: null });
    }
  });

  it('does not keep an idle session alive from the session cache', async () => {
    const person = await createPerson(t, 'staff');
    const other = await signIn(person.email);
    // Resolved (and cached) two seconds before it falls idle, well inside the cache's own five seconds: the
    // entry ends when the session falls idle, not when the cache would otherwise have let it go.
    const idleAt = Date.now() + 2_000;
    await setLastActive(other, 30 - 2 / 60);
    expect((await me(other)).statusCode).toBe(200);
    expect(t.ctx.sessionCache.find(hashToken(other))).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, idleAt - Date.now()) + 50));
    expect(t.ctx.sessionCache.find(hashToken(other))).toBeUndefined();
    const refused = await me(other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Token expired');
  });
});

describe('new-device alerts', () => {
  it('alerts once for a sign-in from a new device and address, not again for the same one', async () => {
    const person = await createPerson(t, 'patient');
    await t.login(person.email, 'correct-horse-1');
    expect(await securityAlerts(person.id)).toEqual([]); // the same browser and address again
    await signIn(person.email, { userAgent: SAFARI_IPHONE, address: '203.0.113.7' });
    await signIn(person.email, { userAgent: SAFARI_IPHONE, address: '203.0.113.7' });
    const alerts = await securityAlerts(person.id);
    expect(alerts.map((a) => a.title)).toEqual(['New sign-in']);
    expect(alerts[0]?.message).toContain('Safari on iPhone');
    expect(alerts[0]?.message).toContain('203.0.113.7');
    const [mail] = await t.ctx.mailer.listTo(person.email);
    expect(mail?.subject).toBe('Clinic Portal: New sign-in');
  });

  it('does not alert on the first sign-in of a brand-new account', async () => {
    const person = await createPerson(t, 'staff');
    await t.database.db.delete(sessions).where(eq(sessions.userId, person.id));
    await signIn(person.email, { userAgent: SAFARI_IPHONE, address: '198.51.100.4' });
    expect(await securityAlerts(person.id)).toEqual([]);
  });
});
