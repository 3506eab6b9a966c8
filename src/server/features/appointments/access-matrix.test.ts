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
import { demoPerson, type TestPerson } from '../../test/people';
import { APPOINTMENT_NOT_FOUND } from './access';
import { book, call, careTeam, openAllWeek, serviceType, slotAt } from './testing';

/**
 * Who reaches what (PRODUCT.md, 'Who may see what'), as one table: every appointment route, for every role
 * and a visitor, on the caller's own appointment, someone else's and one that does not exist. A route added
 * under /api/appointments without a row here fails the coverage test below.
 *
 * "own" is an appointment of the demo patient with the demo practitioner (who has them in their care);
 * "other" one of a patient no demo account is linked to with another practitioner. Each case gets a fresh
 * appointment, so no case depends on what another changed; those for no-show have already started.
 */
let t: TestApp;
let serviceId = '';
const people: Partial<Record<Exclude<Target, 'missing'>, { practitioner: TestPerson; patient: TestPerson }>> =
  {};

beforeAll(async () => {
  t = await createTestApp();
  serviceId = (await serviceType(t)).id;
  people.own = { practitioner: await demoPerson(t, 'practitioner'), patient: await demoPerson(t, 'patient') };
  people.other = await careTeam(t);
  await openAllWeek(t, people.own.practitioner.id);
});
afterAll(() => t.close());

async function appointmentFor(target: Target, started: boolean) {
  if (target === 'missing') return MISSING_ID;
  const { practitioner, patient } = people[target]!;
  const made = await book(t, 'staff', {
    patientId: patient.id,
    practitionerId: practitioner.id,
    serviceTypeId: serviceId,
    ...slotAt(started ? -20 : 20),
  });
  return made.id;
}

type Row = {
  method: 'GET' | 'POST' | 'PATCH';
  route: string;
  /** Whether the target names an appointment (made fresh per case), and whether it has started. */
  subject?: { started: boolean };
  url: (id: string) => string;
  body?: () => unknown;
  expect: Expected;
};

/** The practitioner's own appointment; someone else's they may not even see. */
const changes = (status: number) => ({
  visitor: 401,
  patient: { own: 403, other: 404, missing: 404 },
  practitioner: ownOnly(status),
  staff: everywhere(status),
  admin: everywhere(status),
  member: nowhere,
});

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/appointments',
    url: () => '/api/appointments',
    expect: { visitor: 401, patient: 200, practitioner: 200, staff: 200, admin: 200, member: 403 },
  },
  {
    method: 'POST',
    route: '/api/appointments',
    url: () => '/api/appointments',
    body: () => ({
      practitionerId: people.own!.practitioner.id,
      serviceTypeId: serviceId,
      startsAt: slotAt(30).startsAt,
    }),
    // Without a patient only a patient's own request is complete; the others are told the patient is missing.
    expect: { visitor: 401, patient: 201, practitioner: 400, staff: 400, admin: 400, member: 403 },
  },
  {
    method: 'GET',
    route: '/api/appointments/:id',
    subject: { started: false },
    url: (id) => `/api/appointments/${id}`,
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: ownOnly(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: nowhere,
    },
  },
  {
    method: 'PATCH',
    route: '/api/appointments/:id',
    subject: { started: false },
    url: (id) => `/api/appointments/${id}`,
    body: () => ({ notes: 'Bring the exercise sheet' }),
    expect: changes(200),
  },
  {
    method: 'POST',
    route: '/api/appointments/:id/cancel',
    subject: { started: false },
    url: (id) => `/api/appointments/${id}/cancel`,
    body: () => ({ reason: 'Travelling' }),
    // A patient cancels their own (more than 24 hours ahead).
    expect: { ...changes(200), patient: ownOnly(200) },
  },
  ...(['check-in', 'complete'] as const).map(
    (action): Row => ({
      method: 'POST',
      route: `/api/appointments/:id/${action}`,
      subject: { started: false },
      url: (id) => `/api/appointments/${id}/${action}`,
      expect: changes(200),
    }),
  ),
  {
    method: 'POST',
    route: '/api/appointments/:id/confirm',
    subject: { started: false },
    url: (id) => `/api/appointments/${id}/confirm`,
    // What staff book is confirmed already: the route is reachable, the status refuses it.
    expect: changes(409),
  },
  {
    method: 'POST',
    route: '/api/appointments/:id/no-show',
    subject: { started: true },
    url: (id) => `/api/appointments/${id}/no-show`,
    expect: changes(200),
  },
  {
    method: 'POST',
    route: '/api/appointments/:id/undo-no-show',
    subject: { started: true },
    url: (id) => `/api/appointments/${id}/undo-no-show`,
    body: () => ({ reason: 'Arrived late' }),
    // The desk's alone; the route is reachable, and an appointment that is no no-show refuses it.
    expect: { ...changes(409), patient: { own: 403, other: 404, missing: 404 }, practitioner: ownOnly(403) },
  },
];

const cases = matrixCases(MATRIX);

describe('appointment routes access matrix', () => {
  it('covers every appointment route the app serves, and nothing else', () => {
    expect(servedRoutes(t.routes, '/api/appointments')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { row, target } = c;
    const id = target && row.subject ? await appointmentFor(target, row.subject.started) : '';
    const response = await call(t, caller, {
      method: row.method,
      url: row.url(id),
      payload: row.body?.(),
    } as Parameters<typeof call>[2]);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    // Something outside the caller's reach must look exactly like something that does not exist.
    if (status === 404 && row.subject) expect(response.json().message).toBe(APPOINTMENT_NOT_FOUND);
    if (status < 300 && target && row.subject) expect(response.json().id).toBe(id);
  });
});
