import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Expected,
  everywhere,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  nowhere,
  ownOnly,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { validSteps } from './testing';

/**
 * Who reaches the onboarding routes: the account step is open to anyone (like registration, it ignores any
 * session); the intake is the patient's own and refused (403) to every other role; the signed consents are
 * read like the record, so a patient outside the caller's reach answers 404.
 *
 * "own" is the demo patient, in the demo practitioner's care team; "other" a patient nobody demo is linked to.
 */

let t: TestApp;
const ids: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
let demoName = '';

beforeAll(async () => {
  t = await createTestApp();
  const patient = await demoPerson(t, 'patient');
  ids.own = patient.id;
  ids.other = (await createPerson(t, 'patient')).id;
  demoName = `${patient.firstName} ${patient.lastName}`;
  // The demo patient saves every step first, so completing answers 200 in its row.
  for (const [step, payload] of Object.entries(validSteps(demoName))) {
    const response = await t.injectAs('patient', {
      method: 'PUT',
      url: `/api/onboarding/steps/${step}`,
      payload,
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
});
afterAll(() => t.close());

type Row = {
  method: 'GET' | 'POST' | 'PUT';
  route: string;
  url: (id: string) => string;
  body?: () => unknown;
  expect: Expected;
};

const everyRole = (status: number) => ({
  visitor: status,
  patient: status,
  practitioner: status,
  staff: status,
  admin: status,
  member: status,
});
const patientsOnly = { visitor: 401, patient: 200, practitioner: 403, staff: 403, admin: 403, member: 403 };

const MATRIX: Row[] = [
  {
    method: 'POST',
    route: '/api/onboarding/account',
    url: () => '/api/onboarding/account',
    body: () => ({
      firstName: 'Matrix',
      lastName: 'Row',
      email: `matrix-${randomBytes(4).toString('hex')}@example.test`,
      password: 'correct-horse-1',
    }),
    expect: everyRole(201),
  },
  { method: 'GET', route: '/api/onboarding', url: () => '/api/onboarding', expect: patientsOnly },
  {
    method: 'PUT',
    route: '/api/onboarding/steps/:step',
    url: () => '/api/onboarding/steps/allergies',
    body: () => ({ allergies: 'None' }),
    expect: patientsOnly,
  },
  {
    method: 'POST',
    route: '/api/onboarding/complete',
    url: () => '/api/onboarding/complete',
    expect: patientsOnly,
  },
  {
    method: 'GET',
    route: '/api/patients/:id/consents',
    url: (id) => `/api/patients/${id}/consents`,
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: nowhere,
    },
  },
];

const cases = matrixCases(MATRIX);

describe('onboarding routes access matrix', () => {
  it('covers every onboarding route the app serves, and the consents of a patient', () => {
    const served = [
      ...servedRoutes(t.routes, '/api/onboarding'),
      ...servedRoutes(t.routes, '/api/patients').filter((route) => route.endsWith('/consents')),
    ].sort();
    expect(served).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const body = c.row.body?.();
    const response = await t.injectAs(caller, {
      method: c.row.method,
      url: c.row.url(c.target ? ids[c.target] : ''),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status === 404) expect(response.json().message).toBe('Patient not found');
  });

  it('shows the consents a patient signed to those who reach them, with the signature details', async () => {
    for (const role of ['patient', 'practitioner', 'staff', 'admin'] as const) {
      const response = await t.injectAs(role, { method: 'GET', url: `/api/patients/${ids.own}/consents` });
      const consents = response.json();
      expect(consents.map((consent: { kind: string }) => consent.kind).sort()).toEqual([
        'privacy',
        'treatment',
      ]);
      expect(consents[0]).toMatchObject({ signedName: expect.stringMatching(new RegExp(demoName, 'i')) });
    }
    const other = await t.injectAs('staff', { method: 'GET', url: `/api/patients/${ids.other}/consents` });
    expect(other.json()).toEqual([]);
  });
});
