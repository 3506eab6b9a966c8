import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERRORS } from '../../../shared/admin';
import type { Role } from '../../../shared/roles';
import {
  adminsOnly,
  type Caller,
  type Expected,
  injectCase,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { createAccount, hashPassword } from '../accounts/service';

/**
 * Who reaches the admin panel (PRODUCT.md, 'Who may see what': admin areas are the admin's alone): admins
 * open the overview, every account and the activity log; every other role is refused (403) whatever the
 * account named, and a visitor must sign in (401). An id that names no account is 404.
 *
 * "own" is the caller's own account, "other" an account made fresh for each case (so deactivating or
 * changing the role of one changes nothing another case sees). An admin keeps their own role and cannot
 * deactivate themselves (400), so that no admin locks the panel by mistake.
 */

let t: TestApp;
let passwordHash = '';
const ids = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword('correct-horse-1');
  for (const role of ['patient', 'practitioner', 'staff', 'admin', 'member'] as const)
    ids.set(role, (await demoPerson(t, role)).id);
});
afterAll(() => t.close());

async function accountFor(caller: Caller, target: Target) {
  if (target === 'missing') return MISSING_ID;
  if (target === 'own' && caller !== 'visitor') return ids.get(caller)!;
  const made = await createAccount(
    t.database.db,
    {
      email: `account-${randomBytes(5).toString('hex')}@example.test`,
      password: '',
      firstName: 'Quinn',
      lastName: 'Matrix',
      role: 'patient',
    },
    { actorId: null, passwordHash },
  );
  return made.id;
}

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  route: string;
  url: (id: string) => string;
  body?: () => unknown;
  expect: Expected;
};

const refused = (status: number) => ({ own: status, other: status, missing: status });
/** Admins reach every account (their own answering `own`); everyone else is refused before any is named. */
const adminsOn = (own: number, other: number): Expected => ({
  visitor: refused(401),
  patient: refused(403),
  practitioner: refused(403),
  staff: refused(403),
  admin: { own, other, missing: 404 },
  member: refused(403),
});

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/admin/overview', url: () => '/api/admin/overview', expect: adminsOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/users',
    url: () => '/api/admin/users?role=patient',
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/users',
    url: () => '/api/admin/users',
    body: () => ({
      role: 'staff',
      firstName: 'Morgan',
      lastName: 'Matrix',
      email: `staff-${randomBytes(5).toString('hex')}@example.test`,
    }),
    expect: adminsOnly(201),
  },
  {
    method: 'GET',
    route: '/api/admin/users/:id',
    url: (id) => `/api/admin/users/${id}`,
    expect: adminsOn(200, 200),
  },
  {
    method: 'PATCH',
    route: '/api/admin/users/:id',
    url: (id) => `/api/admin/users/${id}`,
    body: () => ({ phone: '+44 20 7946 0202' }),
    expect: adminsOn(200, 200),
  },
  {
    method: 'PUT',
    route: '/api/admin/users/:id/role',
    url: (id) => `/api/admin/users/${id}/role`,
    body: () => ({ role: 'member' }),
    expect: adminsOn(400, 200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/password-reset',
    url: (id) => `/api/admin/users/${id}/password-reset`,
    expect: adminsOn(200, 200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/deactivate',
    url: (id) => `/api/admin/users/${id}/deactivate`,
    expect: adminsOn(400, 200),
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/reactivate',
    url: (id) => `/api/admin/users/${id}/reactivate`,
    expect: adminsOn(200, 200),
  },
  { method: 'GET', route: '/api/admin/activity', url: () => '/api/admin/activity', expect: adminsOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/activity/export',
    url: () => '/api/admin/activity/export',
    expect: adminsOnly(200),
  },
];

const cases = matrixCases(MATRIX);

describe('admin panel routes access matrix', () => {
  it('covers every admin panel route the app serves', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/admin/overview'),
      ...servedRoutes(t.routes, '/api/admin/users'),
      ...servedRoutes(t.routes, '/api/admin/activity'),
    ];
    expect(served.sort()).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const id = c.target ? await accountFor(caller, c.target) : '';
    const response = await injectCase(t, caller, c.row, id);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404) expect(response.json().message).toBe(ADMIN_ERRORS.userNotFound);
    if (status === 200 && c.target && response.json().user) expect(response.json().user.id).toBe(id);
  });

  it('leaves the demo admin an active admin', async () => {
    const me = await t.injectAs('admin', { method: 'GET', url: '/api/auth/me' });
    expect(me.json().user).toMatchObject({ role: 'admin', isActive: true });
  });
});
