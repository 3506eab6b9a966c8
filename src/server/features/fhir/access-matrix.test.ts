import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, serviceTypes } from '../../db/schema';
import {
  type Expected,
  everywhere,
  injectCase,
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
import { signedNote } from '../recovery-notes/testing';

/**
 * Who reaches the FHIR endpoint, route by route. "own" is the demo patient (in the demo practitioner's care
 * team) or a record of theirs, "other" a patient nobody assigned, "missing" an id that names nothing. Members
 * hold no clinical records: 403 everywhere but the capability statement.
 */
let t: TestApp;
type Ids = Record<Target, string>;
const patientIds: Ids = { own: '', other: '', missing: MISSING_ID };
const appointmentIds: Ids = { own: '', other: '', missing: MISSING_ID };
const observationIds: Ids = { own: '', other: '', missing: `pain-${MISSING_ID}` };

async function appointmentFor(patientId: string, practitionerId: string, serviceTypeId: string, day: number) {
  const startsAt = new Date(Date.UTC(2026, 0, day, 9));
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      patientId,
      practitionerId,
      serviceTypeId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 45 * 60_000),
      status: 'completed',
    })
    .returning({ id: appointments.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.injectAs('admin', { method: 'PUT', url: '/api/clinic/features', payload: { dataExchange: true } });
  const practitioner = await demoPerson(t, 'practitioner');
  const elsewhere = await createPerson(t, 'practitioner');
  patientIds.own = (await demoPerson(t, 'patient')).id;
  patientIds.other = (await createPerson(t, 'patient')).id;
  const [service] = await t.database.db
    .insert(serviceTypes)
    .values({ name: 'Matrix session', durationMinutes: 45, priceCents: 5000, colour: '#336699' })
    .returning({ id: serviceTypes.id });
  appointmentIds.own = await appointmentFor(patientIds.own, practitioner.id, service.id, 5);
  appointmentIds.other = await appointmentFor(patientIds.other, elsewhere.id, service.id, 6);
  const own = await signedNote(t, practitioner, {
    patientId: patientIds.own,
    shared: true,
    fields: { painScore: 2 },
  });
  observationIds.own = `pain-${own.id}`;
  await t.injectAs('admin', {
    method: 'POST',
    url: `/api/patients/${patientIds.other}/practitioners`,
    payload: { practitionerId: elsewhere.id },
  });
  const other = await signedNote(t, elsewhere, { patientId: patientIds.other, fields: { painScore: 5 } });
  observationIds.other = `pain-${other.id}`;
});
afterAll(() => t.close());

const member403 = { own: 403, other: 403, missing: 403 };
const byPatient: Expected = {
  visitor: 401,
  patient: ownOnly(200),
  practitioner: ownOnly(200),
  staff: everywhere(200),
  admin: everywhere(200),
  member: member403,
};

type Row = { method: 'GET'; route: string; url: (id: string) => string; ids?: Ids; expect: Expected };

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/fhir/R4/metadata',
    url: () => '/fhir/R4/metadata',
    expect: { visitor: 401, patient: 200, practitioner: 200, staff: 200, admin: 200, member: 200 },
  },
  {
    method: 'GET',
    route: '/fhir/R4/Patient',
    url: () => '/fhir/R4/Patient',
    expect: { visitor: 401, patient: 200, practitioner: 200, staff: 200, admin: 200, member: 403 },
  },
  {
    method: 'GET',
    route: '/fhir/R4/Patient/:id',
    url: (id) => `/fhir/R4/Patient/${id}`,
    ids: patientIds,
    expect: byPatient,
  },
  {
    method: 'GET',
    route: '/fhir/R4/Appointment',
    url: (id) => `/fhir/R4/Appointment?patient=${id}`,
    ids: patientIds,
    expect: byPatient,
  },
  {
    method: 'GET',
    route: '/fhir/R4/Appointment/:id',
    url: (id) => `/fhir/R4/Appointment/${id}`,
    ids: appointmentIds,
    expect: byPatient,
  },
  {
    method: 'GET',
    route: '/fhir/R4/Observation',
    url: (id) => `/fhir/R4/Observation?patient=${id}`,
    ids: patientIds,
    expect: byPatient,
  },
  {
    method: 'GET',
    route: '/fhir/R4/Observation/:id',
    url: (id) => `/fhir/R4/Observation/${id}`,
    ids: observationIds,
    expect: byPatient,
  },
];

const cases = matrixCases(MATRIX);

describe('FHIR endpoint access matrix', () => {
  it('covers every route under /fhir', () => {
    expect(servedRoutes(t.routes, '/fhir')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, target, status, c) => {
    const id = target === '-' ? '' : (c.row.ids as Ids)[target as Target];
    const response = await injectCase(t, caller, c.row, id);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    if (status >= 400) expect(JSON.parse(response.body).resourceType).toBe('OperationOutcome');
  });
});
