import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_CHANGED, ADMIN_ERRORS } from '../../../shared/admin';
import { activityLog, emailOutbox, patients, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { openSocket, untilConnections } from '../../test/sockets';
import { adminHelpers } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { asAdmin, linkIn } = adminHelpers(() => t);

describe('PUT /api/admin/users/{id}/role', () => {
  it('gives a new role, ends the person’s sessions and closes their sockets', async () => {
    const person = await createPerson(t, 'member');
    const before = t.ctx.hub.connectionCount;
    const socket = await openSocket(t, `token=${person.token}&channel=notifications`);
    await untilConnections(t, before + 1);
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${person.id}/role`,
      payload: { role: 'staff' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('staff');
    expect((await socket.closed).code).toBe(4409);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(person.token) });
    expect(me.statusCode).toBe(401);
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, person.id));
    expect(entries.find((entry) => entry.action === 'account.role-changed')?.details).toEqual({
      from: 'member',
      to: 'staff',
    });
  });

  it('gives a new patient their clinical record', async () => {
    const person = await createPerson(t, 'member');
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${person.id}/role`,
      payload: { role: 'patient' },
    });
    expect(response.statusCode).toBe(200);
    const [record] = await t.database.db.select().from(patients).where(eq(patients.userId, person.id));
    expect(record).toMatchObject({ status: 'active' });
  });

  it('refuses the same role (409), a bad role (400), one’s own role (400), and an unknown id (404)', async () => {
    const person = await createPerson(t, 'member');
    const same = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${person.id}/role`,
      payload: { role: 'member' },
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(ADMIN_ERRORS.sameRole);
    const bad = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${person.id}/role`,
      payload: { role: 'owner' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('role');
    const admin = await demoPerson(t, 'admin');
    const self = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/role`,
      payload: { role: 'staff' },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_ERRORS.selfRole);
    const missing = await asAdmin({
      method: 'PUT',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/role',
      payload: { role: 'staff' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('never demotes the last active admin', async () => {
    const [a, b] = [await createPerson(t, 'admin'), await createPerson(t, 'admin')];
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    // Only a and b stay active admins: a demotes b, and then a is the last one.
    for (const row of admins)
      if (row.id !== a.id && row.id !== b.id)
        await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, row.id));
    try {
      const demote = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${b.id}/role`,
        headers: bearer(a.token),
        payload: { role: 'staff' },
      });
      expect(demote.statusCode).toBe(200);
      const self = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${a.id}/role`,
        headers: bearer(a.token),
        payload: { role: 'staff' },
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe(ADMIN_ERRORS.selfRole);
      // The state a lost race leaves: b's request, made while b was still an admin, reaches the lock late.
      const { changeRole } = await import('./service');
      await expect(
        changeRole(
          t.ctx,
          { id: b.id, role: 'admin', sessionId: 'stale' },
          {
            id: a.id,
            input: { role: 'staff' },
            meta: {
              ipAddress: '127.0.0.1',
            },
          },
        ),
      ).rejects.toMatchObject({ status: 409, message: ADMIN_ERRORS.lastAdminDemote });
      const [still] = await t.database.db.select().from(users).where(eq(users.id, a.id));
      expect(still).toMatchObject({ role: 'admin', isActive: true });
    } finally {
      for (const row of admins)
        await t.database.db.update(users).set({ isActive: row.isActive }).where(eq(users.id, row.id));
    }
  });
});

describe('POST /api/admin/users/{id}/password-reset', () => {
  it('emails a reset link and logs the request; refuses an inactive account', async () => {
    const person = await createPerson(t, 'practitioner');
    const response = await asAdmin({ method: 'POST', url: `/api/admin/users/${person.id}/password-reset` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain(person.email);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, person.email));
    expect(linkIn(mail.body)).toBeTruthy();
    await asAdmin({ method: 'POST', url: `/api/admin/users/${person.id}/deactivate` });
    const inactive = await asAdmin({ method: 'POST', url: `/api/admin/users/${person.id}/password-reset` });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toContain('inactive');
  });
});

describe('live admin lists', () => {
  it('tells every admin, and nobody else, when an account is added, edited, re-roled, deactivated or reactivated', async () => {
    const second = await createPerson(t, 'admin');
    const before = t.ctx.hub.connectionCount;
    const admin = await openSocket(t, `token=${await t.tokenOf('admin')}&channel=notifications`);
    const other = await openSocket(t, `token=${second.token}&channel=notifications`);
    const staff = await openSocket(t, `token=${await t.tokenOf('staff')}&channel=notifications`);
    await untilConnections(t, before + 3);
    const told = async () => {
      for (const socket of [admin, other]) expect(await socket.nextMessage()).toEqual(ACCOUNTS_CHANGED);
    };

    const added = await asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        role: 'member',
        firstName: 'Livia',
        lastName: 'Lister',
        email: `livia-${Date.now()}@example.test`,
      },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().user.id as string;
    await told();
    await asAdmin({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: { lastName: 'Listed' } });
    await told();
    await asAdmin({ method: 'PUT', url: `/api/admin/users/${id}/role`, payload: { role: 'staff' } });
    await told();
    await asAdmin({ method: 'POST', url: `/api/admin/users/${id}/deactivate` });
    await told();
    await asAdmin({ method: 'POST', url: `/api/admin/users/${id}/reactivate` });
    await told();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(staff.messages).toEqual([]);
    for (const socket of [admin, other, staff]) socket.socket.close();
  });
});
