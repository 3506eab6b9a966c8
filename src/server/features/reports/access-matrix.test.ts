import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_NAMES, type ReportName } from '../../../shared/reports';
import { type Expected, matrixCases, matrixRoutes, servedRoutes } from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';

/**
 * Who reads which report (PRODUCT.md, 'Who may see what': reports are none of a patient's or a member's
 * business, a practitioner's own figures, the clinic's for staff and admin; /admin/reports adds store, events
 * and membership, which only admins open). Patients and members are refused (403), a visitor must sign in
 * (401); a practitioner opens the five reports of their own work and is refused the others; staff every report
 * but the admin's three. One row per report, all on the one route. A practitioner who names another
 * practitioner still gets their own figures (checked below), so there is no "other" to reach.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { method: 'GET'; route: string; url: () => string; expect: Expected };

const RANGE = 'from=2026-01-01&to=2026-01-31';
const PRACTITIONERS_OWN: readonly ReportName[] = [
  'appointments',
  'revenue',
  'receivables',
  'new-patients',
  'utilisation',
];
const ADMINS_ONLY: readonly ReportName[] = ['membership', 'store', 'events'];

const MATRIX: Row[] = REPORT_NAMES.map((report) => ({
  method: 'GET',
  route: '/api/reports/:report',
  url: () => `/api/reports/${report}?${RANGE}`,
  expect: {
    visitor: 401,
    patient: 403,
    practitioner: PRACTITIONERS_OWN.includes(report) ? 200 : 403,
    staff: ADMINS_ONLY.includes(report) ? 403 : 200,
    admin: 200,
    member: 403,
  },
}));

const cases = matrixCases(MATRIX);

describe('report routes access matrix', () => {
  it('covers every report route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/reports')).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(cases.map((c) => [c.row.url().split('?')[0], c.caller, c.target ?? '-', c.status, c] as const))(
    'GET %s as %s on %s answers %i',
    async (_url, caller, _target, status, c) => {
      const response = await t.injectAs(caller, { method: c.row.method, url: c.row.url() });
      expect(response.statusCode, response.body).toBe(status);
      if (status >= 400) expect(typeof response.json().message).toBe('string');
    },
  );

  it('answers a practitioner who names another practitioner with their own figures', async () => {
    const own = await demoPerson(t, 'practitioner');
    const other = await createPerson(t, 'practitioner');
    const response = await t.injectAs('practitioner', {
      method: 'GET',
      url: `/api/reports/appointments?${RANGE}&practitionerId=${other.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().practitionerId).toBe(own.id);
  });
});
