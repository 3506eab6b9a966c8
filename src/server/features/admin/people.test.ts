import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_CHANGED, ADMIN_ERRORS, type AdminUser, type AdminUserPage } from '../../../shared/admin';
import { activityLog, emailOutbox, patients, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { openSocket, untilConnections } from '../../test/sockets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asAdmin = (request: Parameters<TestApp['injectAs']>[1]) => t.injectAs('admin', request);
const unique = () => Math.random().toString(36).slice(2, 8);
const linkIn = (body: string) => /\/reset-password\?token=([^\s]+)/.exec(body)?.[1];

async function create(role: string, overrides: Record<string, unknown> = {}) {
  const email = `new-${unique()}@example.test`;
  const response = await asAdmin({
    method: 'POST',
    url: '/api/admin/users',
    payload: {
      role,
      firstName: 'Jordan',
      lastName: `Vale${unique()}`,
      email,
      phone: '+44 20 7946 0000',
      ...overrides,
    },
  });
  return { response, email };
}

describe('POST /api/admin/users', () => {
  it.each(['practitioner', 'staff', 'member', 'admin', 'patient'])(
    'opens a %s account and emails a link to choose a password that signs them in',
    async (role) => {
      const { response, email } = await create(role);
      expect(response.statusCode).toBe(201);
      const user: AdminUser = response.json().user;
      expect(user).toMatchObject({ role, email, isActive: true, phone: '+44 20 7946 0000' });

      const [mail] = await t.ctx.mailer.listTo(email);
      expect(mail.subject).toBe('Your clinic portal account');
      const token = linkIn(mail.body);
      expect(token).toBeTruthy();
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: decodeURIComponent(token!), newPassword: 'a-fine-password-1' },
      });
      expect(reset.statusCode).toBe(200);
      await expect(t.login(email, 'a-fine-password-1')).resolves.toMatchObject({ user: { role } });

      const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, user.id));
      expect(entries.map((entry) => entry.action)).toContain('account.created');
      if (role === 'patient') {
        const [record] = await t.database.db.select().from(patients).where(eq(patients.userId, user.id));
        expect(record).toBeTruthy();
      }
    },
  );

  it('refuses an email already in use, with the field named', async () => {
    const { email } = await create('staff');
    const again = await create('practitioner', { email: email.toUpperCase() });
    expect(again.response.statusCode).toBe(400);
    expect(again.response.json()).toMatchObject({
      message: 'An account with this email already exists',
      fields: { email: 'An account with this email already exists' },
    });
  });

  it.each([
    [{ role: 'owner' }, 'role'],
    [{ role: undefined }, 'role'],
    [{ firstName: '' }, 'firstName'],
    [{ firstName: 'x'.repeat(101) }, 'firstName'],
    [{ lastName: '  ' }, 'lastName'],
    [{ email: 'not-an-email' }, 'email'],
    [{ email: undefined }, 'email'],
    [{ phone: 'call me' }, 'phone'],
    [{ phone: '1'.repeat(41) }, 'phone'],
    [{ password: 'chosen-by-admin' }, '_'],
  ])('refuses %o with a 400 naming %s', async (overrides, field) => {
    const { response } = await create('staff', overrides);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });
});

describe('GET /api/admin/users', () => {
  it('pages one role by name, searches name, email and phone, and filters by status', async () => {
    const tag = unique();
    const made: AdminUser[] = [];
    for (const last of ['Adams', 'Brown', 'Clark']) {
      const { response } = await create('member', {
        lastName: `${last}${tag}`,
        phone: `0161 ${tag.length}00`,
      });
      made.push(response.json().user);
    }
    await asAdmin({ method: 'POST', url: `/api/admin/users/${made[1].id}/deactivate` });

    const first = await asAdmin({ method: 'GET', url: `/api/admin/users?role=member&search=${tag}&limit=2` });
    expect(first.statusCode).toBe(200);
    const page: AdminUserPage = first.json();
    expect(page.items.map((user) => user.lastName)).toEqual([`Adams${tag}`, `Brown${tag}`]);
    const second: AdminUserPage = (
      await asAdmin({
        method: 'GET',
        url: `/api/admin/users?role=member&search=${tag}&limit=2&cursor=${page.nextCursor}`,
      })
    ).json();
    expect(second).toEqual({
      items: [expect.objectContaining({ lastName: `Clark${tag}` })],
      nextCursor: null,
    });

    const inactive: AdminUserPage = (
      await asAdmin({ method: 'GET', url: `/api/admin/users?role=member&search=${tag}&status=inactive` })
    ).json();
    expect(inactive.items.map((user) => user.id)).toEqual([made[1].id]);

    const byEmail: AdminUserPage = (
      await asAdmin({
        method: 'GET',
        url: `/api/admin/users?role=member&search=${encodeURIComponent(made[2].email)}`,
      })
    ).json();
    expect(byEmail.items.map((user) => user.id)).toEqual([made[2].id]);
    const otherRole: AdminUserPage = (
      await asAdmin({ method: 'GET', url: `/api/admin/users?role=staff&search=${tag}` })
    ).json();
    expect(otherRole.items).toEqual([]);
  });

  it.each([
    ['', 'role'],
    ['role=owner', 'role'],
    ['role=staff&status=gone', 'status'],
    ['role=staff&limit=0', 'limit'],
    ['role=staff&limit=101', 'limit'],
    ['role=staff&cursor=nope', 'cursor'],
    [`role=staff&search=${'x'.repeat(101)}`, 'search'],
    ['role=staff&extra=1', '_'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const response = await asAdmin({ method: 'GET', url: `/api/admin/users?${query}` });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it('refuses a cursor from another role', async () => {
    const staff = await demoPerson(t, 'staff');
    const response = await asAdmin({ method: 'GET', url: `/api/admin/users?role=member&cursor=${staff.id}` });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('answers one account with its phone, logs opening a patient’s, and 404s an unknown id', async () => {
    const { response } = await create('patient');
    const { id } = response.json().user;
    const opened = await asAdmin({ method: 'GET', url: `/api/admin/users/${id}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().user).toMatchObject({ id, role: 'patient', phone: '+44 20 7946 0000' });
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, id));
    expect(entries.map((entry) => entry.action)).toContain('patient.account-viewed');
    const missing = await asAdmin({
      method: 'GET',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('changes names, email and phone, and logs who did it', async () => {
    const person = await createPerson(t, 'staff');
    const email = `renamed-${unique()}@example.test`;
    const response = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/users/${person.id}`,
      payload: { firstName: 'Sam', lastName: 'Okafor', email: email.toUpperCase(), phone: '020 0000 0000' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      firstName: 'Sam',
      lastName: 'Okafor',
      email,
      phone: '020 0000 0000',
    });
    const cleared = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/users/${person.id}`,
      payload: { phone: '' },
    });
    expect(cleared.json().user.phone).toBeNull();
    const admin = await demoPerson(t, 'admin');
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, person.id));
    expect(entries.find((entry) => entry.action === 'account.profile-updated')).toMatchObject({
      actorId: admin.id,
    });
  });

  it('refuses an email another account holds, nothing to change, bad fields and an unknown id', async () => {
    const person = await createPerson(t, 'staff');
    const other = await createPerson(t, 'member');
    const taken = await asAdmin({
      method: 'PATCH',
      url: `/api/admin/users/${person.id}`,
      payload: { email: other.email },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ email: 'An account with this email already exists' });
    const empty = await asAdmin({ method: 'PATCH', url: `/api/admin/users/${person.id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    for (const payload of [{ firstName: '' }, { email: 'x' }, { phone: 'abc' }, { role: 'admin' }]) {
      const response = await asAdmin({ method: 'PATCH', url: `/api/admin/users/${person.id}`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await asAdmin({
      method: 'PATCH',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000',
      payload: { firstName: 'A' },
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await asAdmin({
      method: 'PATCH',
      url: '/api/admin/users/abc',
      payload: { firstName: 'A' },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

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
