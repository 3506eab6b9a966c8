import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-accounts';
import { activityLog, sessions } from '../../db/schema';
import { bearer, createTestApp, demoAccount, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password', async () => {
    const response = await post('/api/auth/login', { email: 'ADMIN@demo.clinic', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: 'admin@demo.clinic', role: 'admin', firstName: 'Alex' });
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('answers 404 for an unknown email', async () => {
    const response = await post('/api/auth/login', { email: 'nobody@demo.clinic', password: 'whatever1' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('User not found');
  });

  it('answers 401 for a wrong password and records the failure', async () => {
    const response = await post('/api/auth/login', {
      email: 'staff@demo.clinic',
      password: 'wrong-password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
    const failures = await t.database.db.select().from(activityLog).where(eq(activityLog.outcome, 'failure'));
    expect(failures.some((entry) => entry.action === 'auth.login')).toBe(true);
  });

  it("answers 401 containing 'deactivated' for a deactivated account", async () => {
    const person = await t.register();
    await t.injectAs('admin', { method: 'POST', url: `/api/admin/users/${person.user.id}/deactivate` });
    const response = await post('/api/auth/login', { email: person.user.email, password: person.password });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('deactivated');
  });

  it('refuses missing or malformed fields with a readable 400', async () => {
    const response = await post('/api/auth/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ email: expect.any(String), password: expect.any(String) });
  });
});

describe('POST /api/auth/register', () => {
  it('creates a patient by default and signs them in', async () => {
    const response = await post('/api/auth/register', {
      email: 'new.patient@example.test',
      password: 'a-long-password',
      firstName: 'Nia',
      lastName: 'Park',
      phone: '+1 555 0100',
    });
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json();
    expect(user).toMatchObject({ role: 'patient', email: 'new.patient@example.test', firstName: 'Nia' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().profile.phone).toBe('+1 555 0100');
  });

  it('creates a member when the form says so', async () => {
    const person = await t.register({ role: 'member' });
    expect(person.user.role).toBe('member');
  });

  it('never lets a visitor register as staff, practitioner or admin', async () => {
    for (const role of ['admin', 'staff', 'practitioner']) {
      const response = await post('/api/auth/register', {
        email: `${role}@example.test`,
        password: 'a-long-password',
        firstName: 'X',
        lastName: 'Y',
        role,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.role).toBeDefined();
    }
  });

  it("answers 400 containing 'already exists' for a duplicate email, whatever its case", async () => {
    const response = await post('/api/auth/register', {
      email: 'Patient@Demo.Clinic',
      password: 'a-long-password',
      firstName: 'Pat',
      lastName: 'Again',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('already exists');
  });

  it('answers 400 with field messages for invalid data', async () => {
    const response = await post('/api/auth/register', {
      email: 'x@y',
      password: 'short',
      firstName: '',
      lastName: 3,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'password',
    ]);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the user and profile', async () => {
    const response = await t.injectAs('practitioner', { method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { email: 'practitioner@demo.clinic', role: 'practitioner' },
      profile: { phone: null },
    });
  });

  it("answers 401 'Access token required' without a token", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Access token required');
  });

  it("answers 401 'Invalid token' for an unknown token", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('made-up') });
    expect(response.json()).toMatchObject({ message: 'Invalid token' });
    expect(response.statusCode).toBe(401);
  });

  it("answers 401 'Token expired' once the session has expired", async () => {
    const person = await t.register();
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, person.user.id));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(person.token),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Token expired');
  });

  it('stores tokens only as hashes', async () => {
    const person = await t.register();
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(person.token);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logout revokes the token', async () => {
    const person = await t.register();
    const logout = await post('/api/auth/logout', undefined, bearer(person.token));
    expect(logout.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Invalid token');
  });

  it('logout-all revokes every session of the caller', async () => {
    const person = await t.register();
    const second = await t.login(person.user.email, person.password);
    expect((await post('/api/auth/logout-all', undefined, bearer(person.token))).statusCode).toBe(200);
    for (const token of [person.token, second.token]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
  });
});

describe('password change', () => {
  it('refuses a wrong current password with 400, not 401 (which would end the session)', async () => {
    const person = await t.register();
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: 'nope-nope', newPassword: 'another-password' },
      bearer(person.token),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.currentPassword).toBeDefined();
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const person = await t.register();
    const other = await t.login(person.user.email, person.password);
    const response = await post(
      '/api/auth/change-password',
      { currentPassword: person.password, newPassword: 'another-password' },
      bearer(person.token),
    );
    expect(response.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other.token) });
    expect(theirs.statusCode).toBe(401);
    await expect(t.login(person.user.email, 'another-password')).resolves.toMatchObject({
      user: person.user,
    });
  });

  it('raises a security alert in the portal and by email, even with security emails turned off', async () => {
    const person = await t.register();
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: bearer(person.token),
      payload: [{ type: 'security_alert', email: false }],
    });
    expect(off.statusCode).toBe(200);
    await post(
      '/api/auth/change-password',
      { currentPassword: person.password, newPassword: 'another-password' },
      bearer(person.token),
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(person.token),
    });
    const alerts = (list.json() as { type: string; title: string }[]).filter(
      (n) => n.type === 'security_alert',
    );
    expect(alerts.map((n) => n.title)).toEqual(['Password changed']);
    const [latest] = await t.ctx.mailer.listTo(person.user.email);
    expect(latest?.subject).toBe('Clinic Portal: Password changed');
    expect(latest?.body).toContain('/settings?tab=security');
    expect(latest?.body).not.toContain('another-password');
  });
});

describe('forgot and reset password', () => {
  const resetLinkTo = async (email: string) => {
    const [latest] = await t.ctx.mailer.listTo(email);
    const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(latest?.body ?? '');
    if (!match) throw new Error('no reset link was emailed');
    return decodeURIComponent(match[1]);
  };

  it('answers 404 for an unknown email', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'ghost@example.test' });
    expect(response.statusCode).toBe(404);
  });

  it("answers 400 containing 'inactive' for a deactivated account", async () => {
    const person = await t.register();
    await t.injectAs('admin', { method: 'POST', url: `/api/admin/users/${person.user.id}/deactivate` });
    const response = await post('/api/auth/forgot-password', { email: person.user.email });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('inactive');
  });

  it('emails a single-use link that sets a new password and signs out every session', async () => {
    const person = await t.register();
    expect((await post('/api/auth/forgot-password', { email: person.user.email })).statusCode).toBe(200);
    const token = await resetLinkTo(person.user.email);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-password' });
    expect(reset.statusCode).toBe(200);
    await expect(t.login(person.user.email, 'brand-new-password')).resolves.toBeTruthy();
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(old.statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'yet-another-one' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired reset token');
  });

  it('refuses an unknown token and a token older than one hour', async () => {
    expect(
      (await post('/api/auth/reset-password', { token: 'made-up', newPassword: 'whatever-123' })).statusCode,
    ).toBe(400);

    const person = await t.register();
    await post('/api/auth/forgot-password', { email: person.user.email });
    const token = await resetLinkTo(person.user.email);
    const { passwordResetTokens } = await import('../../db/schema');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResetTokens.userId, person.user.id));
    const response = await post('/api/auth/reset-password', { token, newPassword: 'whatever-123' });
    expect(response.statusCode).toBe(400);
  });

  it('keeps the reset link out of the outbox status log and never stores the raw token', async () => {
    const person = await t.register();
    await post('/api/auth/forgot-password', { email: person.user.email });
    const token = await resetLinkTo(person.user.email);
    const { passwordResetTokens } = await import('../../db/schema');
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, person.user.id));
    expect(rows[0].tokenHash).not.toBe(token);
  });
});

describe('activity log', () => {
  it('records sign-in, registration and password events with actor, entity and address', async () => {
    const person = await t.register();
    await t.login(person.user.email, person.password);
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, person.user.id));
    const actions = entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['account.created', 'auth.login']));
    for (const entry of entries) {
      expect(entry.actorId).toBe(person.user.id);
      expect(entry.ipAddress).toBe('127.0.0.1');
      expect(entry.createdAt).toBeInstanceOf(Date);
    }
  });

  it('refuses to update or delete an entry', async () => {
    await expect(t.database.db.delete(activityLog)).rejects.toThrow();
    await expect(t.database.db.update(activityLog).set({ action: 'forged' })).rejects.toThrow();
  });
});

describe('rate limits', () => {
  it('limits auth calls per address and failed sign-ins per account with 429', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 5, authAccountFailuresPer15Minutes: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: demoAccount('staff').email, password: 'wrong-password' },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);

      const elsewhere = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.9',
          payload: { email: demoAccount('patient').email, password: DEMO_PASSWORD },
        });
      const fromOtherAddress = [];
      for (let i = 0; i < 6; i++) fromOtherAddress.push((await elsewhere()).statusCode);
      expect(fromOtherAddress).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await elsewhere()).headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
