import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Expected,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Who reaches the clinic's ledger (PRODUCT.md, 'Admin panel': /admin/transactions, every payment of invoices,
 * donations and orders): admin areas are the admin's alone, so admins read and export it, every other role is
 * refused (403) and a visitor must sign in (401). The ledger is one list; no route names a record of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { method: 'GET'; route: string; url: () => string; expect: Expected };

const adminsOnly: Expected = {
  visitor: 401,
  patient: 403,
  practitioner: 403,
  staff: 403,
  admin: 200,
  member: 403,
};

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/admin/transactions',
    url: () => '/api/admin/transactions',
    expect: adminsOnly,
  },
  {
    method: 'GET',
    route: '/api/admin/transactions/export.csv',
    url: () => '/api/admin/transactions/export.csv',
    expect: adminsOnly,
  },
];

const cases = matrixCases(MATRIX);

describe('transaction routes access matrix', () => {
  it('covers every transaction route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/admin/transactions')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const response = await t.injectAs(caller, { method: c.row.method, url: c.row.url() });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
