import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  type Expected,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Who reaches the dashboard (PRODUCT.md, 'Dashboards'): every signed-in person has one, chosen by their role
 * and holding only what that role may see; a visitor has none (401). There is no record to name: the route
 * always answers the caller's own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KIND: Record<Exclude<Caller, 'visitor'>, string> = {
  patient: 'patient',
  practitioner: 'practitioner',
  staff: 'general',
  admin: 'general',
  member: 'member',
};

type Row = { method: 'GET'; route: string; url: () => string; expect: Expected };

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/dashboard',
    url: () => '/api/dashboard',
    expect: { visitor: 401, patient: 200, practitioner: 200, staff: 200, admin: 200, member: 200 },
  },
];

const cases = matrixCases(MATRIX);

describe('dashboard route access matrix', () => {
  it('covers every dashboard route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/dashboard')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const response = await t.injectAs(caller, { method: c.row.method, url: c.row.url() });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    // Each role gets the dashboard of its own kind.
    if (status === 200) expect(response.json().kind).toBe(KIND[caller as Exclude<Caller, 'visitor'>]);
  });
});
