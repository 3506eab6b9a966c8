import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicToday } from '../../platform/clinic-time';
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
import { demoPerson, type TestPerson } from '../../test/people';
import { assignProgramme, call, item, libraryExercises, newCareTeam, turnOn } from './testing';

/**
 * Who reaches what, as one table: every exercise-programme route for every role and a visitor, on their own
 * data, someone else's and something that does not exist. "own" is the demo patient, in the demo
 * practitioner's care team; "other" a patient of another practitioner's care team that no demo account is
 * linked to. Programme rows get a fresh programme per case. A route without a row fails the coverage test.
 */
let t: TestApp;
let exerciseIds: string[] = [];
const patientIds: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
const prescribers: Partial<Record<Exclude<Target, 'missing'>, TestPerson>> = {};

beforeAll(async () => {
  t = await createTestApp();
  await turnOn(t);
  exerciseIds = (await libraryExercises(t)).map((row) => row.id);
  prescribers.own = await demoPerson(t, 'practitioner');
  patientIds.own = (await demoPerson(t, 'patient')).id;
  const other = await newCareTeam(t);
  prescribers.other = other.practitioner;
  patientIds.other = other.patient.id;
});
afterAll(() => t.close());

async function programmeFor(target: Target) {
  if (target === 'missing') return MISSING_ID;
  const practitioner = prescribers[target] as TestPerson;
  return (
    await assignProgramme(t, practitioner, {
      patientId: patientIds[target],
      exerciseIds,
      startDate: clinicToday(),
    })
  ).programme.id;
}

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  route: string;
  subject?: 'patient' | 'programme';
  url: (id: string) => string;
  body?: (id: string) => unknown;
  expect: Expected;
};
const always = (status: number): Record<Target, number> => ({ own: status, other: status, missing: status });
const clinicians = (status: number): Expected => ({
  visitor: 401,
  patient: 403,
  practitioner: status,
  staff: status,
  admin: status,
  member: 403,
});
const prescriberOnly = (status: number): Expected => ({
  visitor: 401,
  patient: 403,
  practitioner: status,
  staff: 403,
  admin: 403,
  member: 403,
});
const patientOnly = (status: number): Expected => ({
  visitor: 401,
  patient: status,
  practitioner: 403,
  staff: 403,
  admin: 403,
  member: 403,
});
const readers = (status: number) => ({
  visitor: 401,
  patient: ownOnly(status),
  practitioner: ownOnly(status),
  staff: everywhere(status),
  admin: everywhere(status),
  member: always(403),
});

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/exercise-programmes/exercises',
    url: () => '/api/exercise-programmes/exercises?q=bri',
    expect: clinicians(200),
  },
  {
    method: 'GET',
    route: '/api/exercise-programmes/templates',
    url: () => '/api/exercise-programmes/templates',
    expect: clinicians(200),
  },
  {
    method: 'POST',
    route: '/api/exercise-programmes/templates',
    url: () => '/api/exercise-programmes/templates',
    body: () => ({ name: 'Knee starter', items: [item(exerciseIds[0])] }),
    expect: prescriberOnly(201),
  },
  {
    method: 'GET',
    route: '/api/exercise-programmes/worsening',
    url: () => '/api/exercise-programmes/worsening',
    expect: prescriberOnly(200),
  },
  {
    method: 'GET',
    route: '/api/exercise-programmes',
    subject: 'patient',
    url: (patientId) => `/api/exercise-programmes?patientId=${patientId}`,
    expect: readers(200),
  },
  {
    method: 'POST',
    route: '/api/exercise-programmes',
    subject: 'patient',
    url: () => '/api/exercise-programmes',
    body: (patientId) => ({
      patientId,
      title: 'Matrix',
      startDate: clinicToday(),
      reviewDate: null,
      items: [item(exerciseIds[0])],
    }),
    expect: {
      visitor: 401,
      patient: always(403),
      practitioner: ownOnly(201),
      staff: always(403),
      admin: always(403),
      member: always(403),
    },
  },
  {
    method: 'GET',
    route: '/api/exercise-programmes/:id',
    subject: 'programme',
    url: (id) => `/api/exercise-programmes/${id}`,
    expect: readers(200),
  },
  {
    method: 'PATCH',
    route: '/api/exercise-programmes/:id',
    subject: 'programme',
    url: (id) => `/api/exercise-programmes/${id}`,
    body: () => ({ title: 'Changed' }),
    expect: {
      visitor: 401,
      patient: { own: 403, other: 404, missing: 404 },
      practitioner: ownOnly(200),
      staff: { own: 403, other: 403, missing: 404 },
      admin: { own: 403, other: 403, missing: 404 },
      member: always(403),
    },
  },
  {
    method: 'GET',
    route: '/api/exercise-programmes/:id/pdf',
    subject: 'programme',
    url: (id) => `/api/exercise-programmes/${id}/pdf`,
    expect: readers(200),
  },
  {
    method: 'POST',
    route: '/api/exercise-programmes/:id/email',
    subject: 'programme',
    url: (id) => `/api/exercise-programmes/${id}/email`,
    expect: readers(200),
  },
  {
    method: 'GET',
    route: '/api/my-exercises/today',
    url: () => '/api/my-exercises/today',
    expect: patientOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/my-exercises/check-ins',
    subject: 'programme',
    url: () => '/api/my-exercises/check-ins',
    body: (programmeId) => ({
      programmeId,
      exerciseId: exerciseIds[0],
      done: true,
      difficulty: 4,
      pain: 3,
      note: '',
    }),
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: always(403),
      staff: always(403),
      admin: always(403),
      member: always(403),
    },
  },
  {
    method: 'GET',
    route: '/api/my-exercises/reminder',
    url: () => '/api/my-exercises/reminder',
    expect: patientOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/my-exercises/reminder',
    url: () => '/api/my-exercises/reminder',
    body: () => ({ enabled: true, timeOfDay: '18:30', email: false }),
    expect: patientOnly(200),
  },
];

const cases = matrixCases(MATRIX);

describe('exercise-programme routes access matrix', () => {
  it('covers every exercise-programme route the app serves, and nothing else', () => {
    expect(
      [
        ...servedRoutes(t.routes, '/api/exercise-programmes'),
        ...servedRoutes(t.routes, '/api/my-exercises'),
      ].sort(),
    ).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { row, target } = c;
    let id = '';
    if (target && row.subject === 'patient') id = patientIds[target];
    else if (target && row.subject === 'programme') id = await programmeFor(target);
    const response = await call(t, caller, { method: row.method, url: row.url(id), payload: row.body?.(id) });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    // Something outside the caller's reach looks exactly like something that does not exist.
    if (status === 404)
      expect(response.json().message).toBe(
        row.subject === 'patient' ? 'Patient not found' : 'Exercise programme not found',
      );
  });

  it('answers 409 on every route while the clinic has care between visits off', async () => {
    await turnOn(t, false);
    try {
      for (const row of MATRIX) {
        const who =
          row.expect.patient === 403 ||
          (typeof row.expect.patient === 'object' && row.expect.patient.own === 403)
            ? 'practitioner'
            : 'patient';
        const id = row.subject === 'patient' ? patientIds.own : MISSING_ID;
        const response = await call(t, who, {
          method: row.method,
          url: row.url(id),
          payload: row.body?.(id),
        });
        expect(response.statusCode, `${row.method} ${row.route}: ${response.body}`).toBe(409);
      }
    } finally {
      await turnOn(t);
    }
  });
});
