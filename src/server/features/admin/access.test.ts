import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, servedRoutes } from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADMIN_ROUTES = [
  'GET /api/admin/activity',
  'GET /api/admin/activity/export',
  'GET /api/admin/overview',
  'GET /api/admin/users',
  'GET /api/admin/users/:id',
  'PATCH /api/admin/users/:id',
  'POST /api/admin/users',
  'POST /api/admin/users/:id/deactivate',
  'POST /api/admin/users/:id/password-reset',
  'POST /api/admin/users/:id/reactivate',
  'PUT /api/admin/users/:id/role',
];

const cases = ADMIN_ROUTES.map((route) => {
  const [method, url] = route.split(' ');
  return { route, method: method as 'GET', url: url.replace(':id', MISSING_ID) };
});

describe('the admin panel routes', () => {
  it('are exactly the ones this table checks (people, activity and overview)', () => {
    const served = ['/api/admin/users', '/api/admin/activity', '/api/admin/overview'].flatMap((prefix) =>
      servedRoutes(t.routes, prefix),
    );
    expect(served.sort()).toEqual([...ADMIN_ROUTES].sort());
  });

  it.each(cases)('$route answers 401 to a visitor', async ({ method, url }) => {
    const response = await t.injectAs('visitor', { method, url });
    expect(response.statusCode).toBe(401);
  });

  it.each(cases)('$route answers 403 to every signed-in non-admin', async ({ method, url }) => {
    for (const role of ['patient', 'practitioner', 'staff', 'member'] as const) {
      const response = await t.injectAs(role, { method, url });
      expect(response.statusCode, role).toBe(403);
    }
  });
});
