import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Expected,
  everywhere,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  ownOnly,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson } from '../../test/people';
import { expectStatus, serviceType } from '../appointments/testing';

/**
 * Who reaches the practitioners and their availability (PRODUCT.md, 'Public booking' and 'Calendar'): the list
 * is for the roles that filter or assign by practitioner (practitioner, staff, admin); a practitioner keeps
 * their own settings, weekly hours, date overrides and time off, staff and admin anyone's, and another
 * practitioner's answers as if it did not exist (404). Free slots are for whoever may book with the
 * practitioner: staff and admin any, a practitioner their own, a patient those of their care team (404
 * otherwise). Patients (but for slots) and members are refused (403); a visitor must sign in (401).
 *
 * "own" is the demo practitioner (the caller when a practitioner calls, on the demo patient's care team);
 * "other" a practitioner made for the test, on nobody's care team; "missing" an id that is nobody's. Date
 * overrides and time off to remove are made just before each case.
 */

let t: TestApp;
const practitioners: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
let serviceId = '';
const DAY = '2030-03-04';

beforeAll(async () => {
  t = await createTestApp();
  practitioners.own = (await demoPerson(t, 'practitioner')).id;
  practitioners.other = (await createPerson(t, 'practitioner')).id;
  serviceId = (await serviceType(t)).id;
});
afterAll(() => t.close());

async function timeOffOf(practitionerId: string) {
  const made = await expectStatus<{ id: string }>(t, 'staff', {
    method: 'POST',
    url: `/api/practitioners/${practitionerId}/time-off`,
    payload: { startsAt: '2030-04-01T09:00:00.000Z', endsAt: '2030-04-01T12:00:00.000Z' },
    status: 201,
  });
  return made.id;
}

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  route: string;
  url: (practitionerId: string, target: Target | null) => Promise<string> | string;
  /** Made just before the case, for a target that names a practitioner. */
  prepare?: (practitionerId: string) => Promise<unknown>;
  body?: () => unknown;
  expect: Expected;
};

const refused = (status: number) => ({ own: status, other: status, missing: status });
const keepers = (status: number): Expected => ({
  visitor: refused(401),
  patient: refused(403),
  practitioner: ownOnly(status),
  staff: everywhere(status),
  admin: everywhere(status),
  member: refused(403),
});

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/practitioners',
    url: () => '/api/practitioners',
    expect: { visitor: 401, patient: 403, practitioner: 200, staff: 200, admin: 200, member: 403 },
  },
  {
    method: 'GET',
    route: '/api/practitioners/:id/availability',
    url: (id) => `/api/practitioners/${id}/availability`,
    expect: keepers(200),
  },
  {
    method: 'PATCH',
    route: '/api/practitioners/:id/schedule',
    url: (id) => `/api/practitioners/${id}/schedule`,
    body: () => ({ bufferMinutes: 5 }),
    expect: keepers(200),
  },
  {
    method: 'PUT',
    route: '/api/practitioners/:id/weekly-hours',
    url: (id) => `/api/practitioners/${id}/weekly-hours`,
    body: () => ({
      hours: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    }),
    expect: keepers(200),
  },
  {
    method: 'PUT',
    route: '/api/practitioners/:id/date-overrides/:date',
    url: (id) => `/api/practitioners/${id}/date-overrides/${DAY}`,
    body: () => ({ hours: [{ start: '10:00', end: '14:00' }] }),
    expect: keepers(200),
  },
  {
    method: 'DELETE',
    route: '/api/practitioners/:id/date-overrides/:date',
    prepare: (id) =>
      expectStatus(t, 'staff', {
        method: 'PUT',
        url: `/api/practitioners/${id}/date-overrides/${DAY}`,
        payload: { hours: [] },
        status: 200,
      }),
    url: (id) => `/api/practitioners/${id}/date-overrides/${DAY}`,
    expect: keepers(204),
  },
  {
    method: 'POST',
    route: '/api/practitioners/:id/time-off',
    url: (id) => `/api/practitioners/${id}/time-off`,
    body: () => ({
      startsAt: '2030-05-01T09:00:00.000Z',
      endsAt: '2030-05-01T10:00:00.000Z',
      reason: 'Course',
    }),
    expect: keepers(201),
  },
  {
    method: 'DELETE',
    route: '/api/practitioners/:id/time-off/:timeOffId',
    // The practitioner's own time off, another practitioner's, or none at all under the caller's own.
    url: async (id, target) =>
      target === 'missing'
        ? `/api/practitioners/${practitioners.own}/time-off/${MISSING_ID}`
        : `/api/practitioners/${id}/time-off/${target ? await timeOffOf(id) : MISSING_ID}`,
    expect: keepers(204),
  },
  {
    method: 'GET',
    route: '/api/practitioners/:id/slots',
    url: (id) => `/api/practitioners/${id}/slots?serviceTypeId=${serviceId}&from=2030-03-04&to=2030-03-05`,
    expect: {
      visitor: refused(401),
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: refused(403),
    },
  },
];

const cases = matrixCases(MATRIX);

describe('practitioner and availability routes access matrix', () => {
  it('covers every practitioner route the app serves', () => {
    expect(servedRoutes(t.routes, '/api/practitioners')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { row, target } = c;
    const id = target ? practitioners[target] : '';
    if (target && target !== 'missing') await row.prepare?.(id);
    const body = row.body?.();
    const response = await t.injectAs(caller, {
      method: row.method,
      url: await row.url(id, target),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
  });
});
