import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRun } from '../../../shared/imports';
import {
  adminsOnly,
  type Expected,
  injectCase,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { csvOf, importNow, JANE_HEADER } from './testing';

/**
 * Who reaches the import: admins alone, for every route; anyone else signed in is refused (403) and a visitor
 * is asked to sign in (401). An import is the clinic's, so there is no "other" record to hide.
 */

let t: TestApp;
let run: ImportRun;
const file = () => ({
  kind: 'patients',
  preset: 'jane',
  fileName: 'matrix.csv',
  csv: csvOf(JANE_HEADER, ['Ada,Matrix,ada.matrix@example.test,,1980-02-03,F,,,,,']),
});
beforeAll(async () => {
  t = await createTestApp();
  run = await importNow(t, file() as Parameters<typeof importNow>[1]);
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST';
  route: string;
  url: () => string;
  body?: () => unknown;
  expect: Expected;
};

const MATRIX: Row[] = [
  {
    method: 'POST',
    route: '/api/admin/imports/preview',
    url: () => '/api/admin/imports/preview',
    body: file,
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/imports',
    url: () => '/api/admin/imports',
    body: file,
    expect: adminsOnly(202),
  },
  { method: 'GET', route: '/api/admin/imports', url: () => '/api/admin/imports', expect: adminsOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/imports/:id',
    url: () => `/api/admin/imports/${run.id}`,
    expect: adminsOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/imports/:id/undo',
    url: () => `/api/admin/imports/${run.id}/undo`,
    body: () => ({}),
    expect: adminsOnly(200),
  },
];

const cases = matrixCases(MATRIX);

describe('import routes access matrix', () => {
  it('covers every import route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/admin/imports')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const response = await injectCase(t, caller, c.row, '');
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
