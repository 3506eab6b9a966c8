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
import { demoPerson, type TestPerson } from '../../test/people';
import { serviceType } from '../billing/testing';
import { call, careTeam, sendMeasure, setCareBetweenVisits } from './testing';

/**
 * Who reaches what (PRODUCT.md, 'Who may see what'), for every check-in route, every role and a visitor, on
 * the caller's own data ("own": the demo patient, in the demo practitioner's care), someone else's ("other":
 * a patient of another practitioner) and something that does not exist. A route added under /api/check-ins
 * without a row here fails the coverage test.
 */
let t: TestApp;
const patientIds: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
const senders: Partial<Record<'own' | 'other', TestPerson>> = {};
let serviceTypeId = '';

beforeAll(async () => {
  t = await createTestApp();
  await setCareBetweenVisits(t, true);
  senders.own = await demoPerson(t, 'practitioner');
  patientIds.own = (await demoPerson(t, 'patient')).id;
  const other = await careTeam(t);
  senders.other = other.practitioner;
  patientIds.other = other.patient.id;
  serviceTypeId = (await serviceType(t)).id;
});
afterAll(() => t.close());

type Subject = 'patient' | 'check-in' | 'schedule';
type Row = {
  method: 'GET' | 'POST' | 'DELETE';
  route: string;
  subject?: Subject;
  url: (id: string) => string;
  body?: (id: string) => unknown;
  expect: Expected;
};
const always = (status: number): Record<Target, number> => ({ own: status, other: status, missing: status });

/** A fresh subject for the case: a patient's id, a new check-in of theirs, or a new schedule for them. */
async function subjectFor(subject: Subject, target: Target) {
  if (target === 'missing' || subject === 'patient') return patientIds[target];
  const sender = senders[target]!;
  if (subject === 'check-in') return (await sendMeasure(t, sender, { patientId: patientIds[target] })).id;
  const response = await call(t, sender, {
    method: 'POST',
    url: '/api/check-ins/schedules',
    payload: { patientId: patientIds[target], measure: 'lefs', trigger: 'every_visits', interval: 3 },
  });
  return response.json().id as string;
}

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/check-ins',
    subject: 'patient',
    url: (patientId) => `/api/check-ins?patientId=${patientId}`,
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: always(403),
    },
  },
  {
    method: 'POST',
    route: '/api/check-ins',
    subject: 'patient',
    url: () => '/api/check-ins',
    body: (patientId) => ({ patientId, measure: 'psfs' }),
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
    route: '/api/check-ins/outcomes',
    subject: 'patient',
    url: (patientId) => `/api/check-ins/outcomes?patientId=${patientId}`,
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: always(403),
    },
  },
  {
    method: 'GET',
    route: '/api/check-ins/outcome-report',
    url: () => '/api/check-ins/outcome-report?from=2026-01-01&to=2026-06-30',
    expect: { visitor: 401, patient: 403, practitioner: 403, staff: 200, admin: 200, member: 403 },
  },
  // A patient's schedules, alone and with their services' ones: the same reach either way.
  ...['', '&include=services'].map(
    (include): Row => ({
      method: 'GET',
      route: '/api/check-ins/schedules',
      subject: 'patient',
      url: (patientId) => `/api/check-ins/schedules?patientId=${patientId}${include}`,
      expect: {
        visitor: 401,
        patient: always(403),
        practitioner: ownOnly(200),
        staff: everywhere(200),
        admin: everywhere(200),
        member: always(403),
      },
    }),
  ),
  {
    method: 'POST',
    route: '/api/check-ins/schedules',
    subject: 'patient',
    url: () => '/api/check-ins/schedules',
    body: (patientId) => ({ patientId, measure: 'nprs', trigger: 'every_weeks', interval: 2 }),
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
    method: 'POST',
    route: '/api/check-ins/schedules',
    url: () => '/api/check-ins/schedules',
    body: () => ({ serviceTypeId, measure: 'nprs', trigger: 'intake' }),
    expect: { visitor: 401, patient: 403, practitioner: 403, staff: 201, admin: 201, member: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/check-ins/schedules/:id',
    subject: 'schedule',
    url: (id) => `/api/check-ins/schedules/${id}`,
    expect: {
      visitor: 401,
      patient: always(403),
      practitioner: ownOnly(204),
      staff: { own: 403, other: 403, missing: 404 },
      admin: { own: 403, other: 403, missing: 404 },
      member: always(403),
    },
  },
  {
    method: 'POST',
    route: '/api/check-ins/patients/:patientId/discharge',
    subject: 'patient',
    url: (patientId) => `/api/check-ins/patients/${patientId}/discharge`,
    expect: {
      visitor: 401,
      patient: always(403),
      practitioner: ownOnly(200),
      staff: { own: 403, other: 403, missing: 404 },
      admin: { own: 403, other: 403, missing: 404 },
      member: always(403),
    },
  },
  {
    method: 'GET',
    route: '/api/check-ins/:id',
    subject: 'check-in',
    url: (id) => `/api/check-ins/${id}`,
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: always(403),
    },
  },
  {
    method: 'POST',
    route: '/api/check-ins/:id/response',
    subject: 'check-in',
    url: (id) => `/api/check-ins/${id}/response`,
    body: () => ({
      answers: [
        { linkId: 'activity-1', value: 'Stairs' },
        { linkId: 'rating-1', value: 4 },
      ],
    }),
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: { own: 403, other: 404, missing: 404 },
      staff: { own: 403, other: 403, missing: 404 },
      admin: { own: 403, other: 403, missing: 404 },
      member: always(403),
    },
  },
];

const cases = matrixCases(MATRIX);

describe('check-in routes access matrix', () => {
  it('covers every check-in route the app serves, and nothing else', () => {
    expect(servedRoutes(t.routes, '/api/check-ins')).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { row, target } = c;
    const id = target && row.subject ? await subjectFor(row.subject, target) : '';
    // The response row sends a PSFS so the answers fit; other rows take an NPRS.
    const subjectId =
      row.route.endsWith('/response') && target && target !== 'missing'
        ? (await sendMeasure(t, senders[target]!, { patientId: patientIds[target], measure: 'psfs' })).id
        : id;
    const response = await call(t, caller, {
      method: row.method,
      url: row.url(subjectId),
      payload: row.body?.(subjectId),
    } as Parameters<typeof call>[2]);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400 && status !== 401) expect(typeof response.json().message).toBe('string');
    if (status === 404)
      expect(['Patient not found', 'Check-in not found', 'Schedule not found']).toContain(
        response.json().message,
      );
  });

  it('answers 409 on every route while the clinic has care between visits off', async () => {
    await setCareBetweenVisits(t, false);
    try {
      for (const row of MATRIX) {
        const id = row.subject ? await subjectForOff(row.subject) : '';
        const response = await call(t, 'staff', {
          method: row.method,
          url: row.url(id),
          payload: row.body?.(id),
        } as Parameters<typeof call>[2]);
        if (response.statusCode === 403) continue;
        expect(response.statusCode, `${row.method} ${row.route}`).toBe(409);
      }
    } finally {
      await setCareBetweenVisits(t, true);
    }
  });
});

/** With the capability off nothing can be made, so an existing-looking id stands in: the 409 comes first. */
const subjectForOff = async (subject: Subject) => (subject === 'patient' ? patientIds.own : MISSING_ID);
