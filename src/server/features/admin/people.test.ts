import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserPage } from '../../../shared/admin';
import { activityLog, patients } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { adminHelpers } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { asAdmin, unique, linkIn, create } = adminHelpers(() => t);

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
