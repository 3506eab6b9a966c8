import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobWorker } from '../../platform/jobs';
import {
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
import { recordCopyJobHandlers } from './copies';

/**
 * Who reaches a patient's copies of their record: the patient alone, their own copies; a copy of someone
 * else is 404 like one that does not exist. Other roles 403, visitors 401.
 */
let t: TestApp;
const ids: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };

beforeAll(async () => {
  t = await createTestApp();
  await t.injectAs('admin', { method: 'PUT', url: '/api/clinic/features', payload: { dataExchange: true } });
  const own = await t.injectAs('patient', { method: 'POST', url: '/api/my-record/copies' });
  ids.own = own.json().copy.id;
  const other = await t.register();
  const theirs = await t.app.inject({
    method: 'POST',
    url: '/api/my-record/copies',
    headers: { authorization: `Bearer ${other.token}` },
  });
  ids.other = theirs.json().copy.id;
  await new JobWorker(t.database.db, { log: t.app.log, handlers: recordCopyJobHandlers(t.ctx) }).drain();
});
afterAll(() => t.close());

const patientOnly = (status: number | Record<Target, number>): Expected => ({
  visitor: 401,
  patient: status,
  practitioner: 403,
  staff: 403,
  admin: 403,
  member: 403,
});
const ownOnly = { own: 200, other: 404, missing: 404 };

type Row = { method: 'GET' | 'POST'; route: string; url: (id: string) => string; expect: Expected };
const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/my-record/copies/latest',
    url: () => '/api/my-record/copies/latest',
    expect: patientOnly(200),
  },
  {
    method: 'POST',
    route: '/api/my-record/copies',
    url: () => '/api/my-record/copies',
    expect: patientOnly(200),
  },
  {
    method: 'GET',
    route: '/api/my-record/copies/:id/:format',
    url: (id) => `/api/my-record/copies/${id}/pdf`,
    expect: patientOnly(ownOnly),
  },
];

const cases = matrixCases(MATRIX);

describe('record copy routes access matrix', () => {
  it('covers every route under /api/my-record', () => {
    expect(servedRoutes(t.routes, '/api/my-record')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, target, status, c) => {
    const response = await injectCase(t, caller, c.row, target === '-' ? '' : ids[target as Target]);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
