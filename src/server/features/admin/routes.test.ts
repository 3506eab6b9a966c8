import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { openSocket, untilConnections } from '../../test/sockets';
import { deactivateUser } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deactivate = (role: Parameters<TestApp['injectAs']>[0], id: string) =>
  t.injectAs(role, { method: 'POST', url: `/api/admin/users/${id}/deactivate` });

describe('POST /api/admin/users/{id}/deactivate', () => {
  it('is refused to visitors (401) and to every signed-in non-admin (403)', async () => {
    const person = await t.register();
    expect((await deactivate('visitor', person.user.id)).statusCode).toBe(401);
    for (const role of ['patient', 'practitioner', 'staff', 'member'] as const) {
      const response = await deactivate(role, person.user.id);
      expect(response.statusCode).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row.isActive).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await deactivate('admin', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await deactivate('admin', 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('id');
  });

  it('refuses an admin deactivating themselves', async () => {
    const me = (await t.injectAs('admin', { method: 'GET', url: '/api/auth/me' })).json().user;
    const self = await deactivate('admin', me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account');
  });

  it('never leaves the clinic without an active admin, even when two admins deactivate each other at once', async () => {
    const demoAdminId = (await t.injectAs('admin', { method: 'GET', url: '/api/auth/me' })).json().user.id;
    const [b, c] = [await t.register(), await t.register()];
    for (const person of [b, c])
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, person.user.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, demoAdminId));
    try {
      const [one, two] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${c.user.id}/deactivate`,
          headers: bearer(b.token),
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${b.user.id}/deactivate`,
          headers: bearer(c.token),
        }),
      ]);
      // Which refusal the loser gets depends on timing: its session already revoked (401), its own account
      // deactivated while it waited for the lock (403), or the target being the last active admin (400).
      const statuses = [one.statusCode, two.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([400, 401, 403]).toContain(statuses[1]);
      const refused = one.statusCode === 200 ? two : one;
      if (refused.statusCode === 400)
        expect(refused.json().message).toBe('The last active admin cannot be deactivated');
      const active = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(active.filter((admin) => admin.isActive)).toHaveLength(1);
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, demoAdminId));
    }
  });

  it('refuses to deactivate the last active admin, whoever asks', async () => {
    // The state a lost race leaves: the caller's own account was deactivated while its request waited.
    const demoAdminId = (await t.injectAs('admin', { method: 'GET', url: '/api/auth/me' })).json().user.id;
    const staleCaller = await t.register();
    await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.role, 'admin'), ne(users.id, demoAdminId)));
    await t.database.db
      .update(users)
      .set({ role: 'admin', isActive: false })
      .where(eq(users.id, staleCaller.user.id));
    const caller = { id: staleCaller.user.id, role: 'admin' as const, sessionId: 'stale' };
    await expect(
      deactivateUser(t.ctx, caller, { userId: demoAdminId, meta: { ipAddress: '127.0.0.1' } }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'The last active admin cannot be deactivated',
    });
    const [admin] = await t.database.db.select().from(users).where(eq(users.id, demoAdminId));
    expect(admin.isActive).toBe(true);
  });

  it('revokes every session, logs it, and tells the open account-status socket', async () => {
    const person = await t.register();
    const second = await t.login(person.user.email, person.password);
    const before = t.ctx.hub.connectionCount;
    const socket = await openSocket(t, `token=${person.token}&channel=account-status`);
    await untilConnections(t, before + 1);

    const response = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/deactivate`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: person.user.id, isActive: false });

    expect(await socket.nextMessage()).toEqual({ type: 'account_deactivated' });
    expect((await socket.closed).code).toBe(4403);

    for (const token of [person.token, second.token]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      expect(me.json().message).toBe('Invalid token');
    }
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, person.user.id));
    expect(entries.find((entry) => entry.action === 'account.deactivated')).toMatchObject({
      outcome: 'success',
    });
  });

  it('closes every socket the person holds, on every channel, and refuses their next REST call', async () => {
    const person = await t.register();
    const before = t.ctx.hub.connectionCount;
    const sockets = await Promise.all(
      ['account-status', 'notifications', 'messaging'].map((channel) =>
        openSocket(t, `token=${person.token}&userId=${person.user.id}&channel=${channel}`),
      ),
    );
    await untilConnections(t, before + 3);
    const response = await deactivate('admin', person.user.id);
    expect(response.statusCode).toBe(200);
    for (const socket of sockets) expect((await socket.closed).code).toBe(4403);
    const messages = await t.app.inject({
      method: 'GET',
      url: '/api/messages/unread-count',
      headers: bearer(person.token),
    });
    expect(messages.statusCode).toBe(401);
  });

  it('reactivation lets the person sign in again', async () => {
    const person = await t.register();
    await deactivate('admin', person.user.id);
    const response = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/reactivate`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isActive).toBe(true);
    await expect(t.login(person.user.email, person.password)).resolves.toMatchObject({
      user: { isActive: true },
    });
    const entries = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, person.user.id));
    expect(entries.map((entry) => entry.action)).toContain('account.reactivated');
  });
});

describe('the account-status socket', () => {
  it('refuses a missing, unknown or foreign token with 4401', async () => {
    const missing = await openSocket(t, 'channel=account-status');
    expect((await missing.closed).code).toBe(4401);
    const unknown = await openSocket(t, 'token=nope&channel=account-status');
    expect(await unknown.closed).toEqual({ code: 4401, reason: 'Invalid token' });
    const person = await t.register();
    const foreign = await openSocket(t, `token=${person.token}&userId=someone-else&channel=account-status`);
    expect((await foreign.closed).code).toBe(4401);
  });

  it('refuses an unknown channel with 4400', async () => {
    const person = await t.register();
    const socket = await openSocket(t, `token=${person.token}&channel=gossip`);
    expect((await socket.closed).code).toBe(4400);
  });

  it('closes when the person signs out everywhere', async () => {
    const person = await t.register();
    const before = t.ctx.hub.connectionCount;
    const socket = await openSocket(t, `token=${person.token}&channel=account-status`);
    await untilConnections(t, before + 1);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: bearer(person.token) });
    expect((await socket.closed).code).toBe(4409);
  });
});
