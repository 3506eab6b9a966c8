import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Expected,
  everywhere,
  injectCase,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  servedRoutes,
  signedIn,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { serviceType } from '../appointments/testing';

/**
 * Who reaches the service types (PRODUCT.md, 'Appointments': a service type carries name, duration, price
 * and colour): everyone signed in reads what the clinic offers; only staff and admin see the retired ones
 * too, create, change and retire them (403 for every other role, 401 for a visitor, 404 for an id that names
 * no service type). Service types belong to the clinic, not to a person, so "own" is one on offer and "other"
 * one already retired; each case gets a fresh one, so no case depends on what another changed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function serviceFor(target: Target) {
  if (target === 'missing') return MISSING_ID;
  return (await serviceType(t, { active: target === 'own' })).id;
}

type Row = {
  method: 'GET' | 'POST' | 'PATCH';
  route: string;
  url: (id: string) => string;
  body?: () => unknown;
  expect: Expected;
};

const managers = (status: number): Expected => ({
  visitor: 401,
  patient: 403,
  practitioner: 403,
  staff: status,
  admin: status,
  member: 403,
});
const refused = (status: number) => ({ own: status, other: status, missing: status });
const managersOf = (status: number): Expected => ({
  visitor: refused(401),
  patient: refused(403),
  practitioner: refused(403),
  staff: everywhere(status),
  admin: everywhere(status),
  member: refused(403),
});

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/service-types',
    url: () => '/api/service-types',
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/service-types',
    url: () => '/api/service-types?include=all',
    expect: managers(200),
  },
  {
    method: 'POST',
    route: '/api/service-types',
    url: () => '/api/service-types',
    body: () => ({
      name: `Matrix session ${randomBytes(4).toString('hex')}`,
      durationMinutes: 30,
      priceCents: 5000,
      colour: '#2563eb',
    }),
    expect: managers(201),
  },
  {
    method: 'PATCH',
    route: '/api/service-types/:id',
    url: (id) => `/api/service-types/${id}`,
    body: () => ({ priceCents: 9000 }),
    expect: managersOf(200),
  },
  {
    method: 'POST',
    route: '/api/service-types/:id/archive',
    url: (id) => `/api/service-types/${id}/archive`,
    expect: managersOf(200),
  },
];

const cases = matrixCases(MATRIX);

describe('service type routes access matrix', () => {
  it('covers every service type route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/service-types')).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(
    cases.map(
      (c) => [`${c.row.method} ${c.row.url(':id')}`, c.caller, c.target ?? '-', c.status, c] as const,
    ),
  )('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const id = c.target ? await serviceFor(c.target) : '';
    const response = await injectCase(t, caller, c.row, id);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    if (status < 300 && c.target) expect(response.json().id).toBe(id);
  });
});
