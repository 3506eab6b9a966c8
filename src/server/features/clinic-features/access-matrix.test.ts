import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminsOnly,
  type Expected,
  injectCase,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
  signedIn,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Who reaches the clinic's optional capabilities: every signed-in person reads them (screens follow them), only
 * an admin sets them; a visitor is asked to sign in. They are the clinic's, so there is no "other" record.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'PUT';
  route: string;
  url: () => string;
  body?: () => unknown;
  expect: Expected;
};

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/clinic/features', url: () => '/api/clinic/features', expect: signedIn(200) },
  {
    method: 'PUT',
    route: '/api/clinic/features',
    url: () => '/api/clinic/features',
    body: () => ({ careBetweenVisits: false }),
    expect: adminsOnly(200),
  },
];

const cases = matrixCases(MATRIX);

describe('clinic feature routes access matrix', () => {
  it('covers every clinic route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/clinic')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const response = await injectCase(t, caller, c.row, '');
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
