import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
 * Who reaches the appearance preferences (PRODUCT.md, 'Settings'): every signed-in person reads and changes
 * their own, whatever their role; a visitor has none (401). No route names another person's, so there is no
 * "other" to refuse: the caller is the record.
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
  {
    method: 'GET',
    route: '/api/user-preferences',
    url: () => '/api/user-preferences',
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    route: '/api/user-preferences',
    url: () => '/api/user-preferences',
    body: () => ({ theme: 'dark', showWeekends: false }),
    expect: signedIn(200),
  },
];

const cases = matrixCases(MATRIX);

describe('preference routes access matrix', () => {
  it('covers every preference route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/user-preferences')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const response = await injectCase(t, caller, c.row, '');
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
