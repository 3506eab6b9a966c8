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
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { openAllWeek, slotAt } from '../appointments/testing';
import { book, details, expectStatus, hourOf, publicService, requestIdOf } from '../public-booking/testing';

/**
 * Who reaches what (PRODUCT.md, 'Who may see what'), as one table: every patient route, for every role and
 * a visitor, on the caller's own patient, on someone else's and on one that does not exist. A route added
 * to /api/patients without a row here fails the coverage test below.
 *
 * "own" is the demo patient: the patient themselves, in the demo practitioner's care team. "other" is a
 * patient no demo account is linked to, though side paths tried: a cancelled appointment with the demo
 * practitioner, and a booking request to them in the patient's name that the practitioner tried to confirm
 * (docs/decisions/0020). Staff and admin see every patient, so both are theirs to read.
 */

let t: TestApp;
const ids: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };
let spare: string;

beforeAll(async () => {
  t = await createTestApp();
  ids.own = (await demoPerson(t, 'patient')).id;
  const other = await createPerson(t, 'patient');
  ids.other = other.id;
  await triedSidePaths(t, other);
  // Assigning and removing a practitioner who is not the demo one keeps the demo care team intact.
  spare = (await createPerson(t, 'practitioner')).id;
});
afterAll(() => t.close());

/** A cancelled appointment and a refused booking request between the demo practitioner and the patient. */
async function triedSidePaths(app: TestApp, patient: TestPerson) {
  const practitioner = await demoPerson(app, 'practitioner');
  const service = await publicService(app);
  const bookingLink = 'patients-matrix-page';
  await openAllWeek(app, practitioner.id);
  await expectStatus(app, 'staff', {
    method: 'PATCH',
    url: `/api/practitioners/${practitioner.id}/schedule`,
    payload: { bookingLink, timeZone: 'UTC', autoConfirm: true, bufferMinutes: 0, minNoticeMinutes: 0 },
    status: 200,
  });
  const appointment = await expectStatus<{ id: string }>(app, 'staff', {
    method: 'POST',
    url: '/api/appointments',
    payload: {
      practitionerId: practitioner.id,
      patientId: patient.id,
      serviceTypeId: service.id,
      ...slotAt(4),
    },
    status: 201,
  });
  await expectStatus(app, 'staff', {
    method: 'POST',
    url: `/api/appointments/${appointment.id}/cancel`,
    payload: { reason: 'Booked in error' },
    status: 200,
  });
  const made = await book(app, bookingLink, {
    ...details({ name: `${patient.firstName} ${patient.lastName}`, email: patient.email }),
    serviceTypeId: service.id,
    startsAt: hourOf(6, 9),
  });
  const requestId = await requestIdOf(app, made.reference);
  await expectStatus(app, practitioner, {
    method: 'POST',
    url: `/api/public-bookings/${requestId}/confirm`,
    payload: {},
    status: 409,
  });
}

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  route: string;
  url: (id: string) => string;
  body?: () => unknown;
  /** Expected status per caller; for record routes, per target as well. */
  expect: Expected;
};

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/patients',
    url: () => '/api/patients',
    expect: { visitor: 401, patient: 403, practitioner: 200, staff: 200, admin: 200, member: 403 },
  },
  {
    method: 'POST',
    route: '/api/patients',
    url: () => '/api/patients',
    body: () => ({
      firstName: 'Matrix',
      lastName: 'Row',
      email: `matrix-${randomBytes(4).toString('hex')}@example.test`,
    }),
    expect: { visitor: 401, patient: 403, practitioner: 403, staff: 201, admin: 201, member: 403 },
  },
  {
    method: 'GET',
    route: '/api/patients/me',
    url: () => '/api/patients/me',
    expect: { visitor: 401, patient: 200, practitioner: 403, staff: 403, admin: 403, member: 403 },
  },
  {
    method: 'GET',
    route: '/api/patients/:id',
    url: (id) => `/api/patients/${id}`,
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
    route: '/api/patients/:id',
    url: (id) => `/api/patients/${id}`,
    body: () => ({ city: 'Springfield' }),
    expect: {
      visitor: 401,
      patient: ownOnly(403),
      practitioner: ownOnly(200),
      staff: everywhere(200),
      admin: everywhere(200),
      member: nowhere,
    },
  },
  {
    method: 'POST',
    route: '/api/patients/:id/deactivate',
    url: (id) => `/api/patients/${id}/deactivate`,
    expect: {
      visitor: 401,
      patient: ownOnly(403),
      practitioner: ownOnly(403),
      staff: everywhere(200),
      admin: everywhere(200),
      member: nowhere,
    },
  },
  {
    method: 'POST',
    route: '/api/patients/:id/practitioners/:practitionerId',
    url: (id) => `/api/patients/${id}/practitioners/${spare}`,
    expect: {
      visitor: 401,
      patient: ownOnly(403),
      practitioner: ownOnly(403),
      staff: everywhere(200),
      admin: everywhere(200),
      member: nowhere,
    },
  },
  {
    method: 'DELETE',
    route: '/api/patients/:id/practitioners/:practitionerId',
    url: (id) => `/api/patients/${id}/practitioners/${spare}`,
    expect: {
      visitor: 401,
      patient: ownOnly(403),
      practitioner: ownOnly(403),
      staff: everywhere(200),
      admin: everywhere(200),
      member: nowhere,
    },
  },
];

const cases = matrixCases(MATRIX);

describe('patient routes access matrix', () => {
  it('covers every patient route the app serves, and nothing else', () => {
    // Who opened a record (/access-log) has its own matrix in features/record-access; the signed consents
    // (/consents) have theirs in features/onboarding.
    const served = servedRoutes(t.routes, '/api/patients').filter(
      (route) => !route.endsWith('/access-log') && !route.endsWith('/consents'),
    );
    expect(served).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(cases))(
    '%s as %s on %s record answers %i',
    async (_route, caller, _target, status, c) => {
      const url = c.row.url(c.target ? ids[c.target] : '');
      const body = c.row.body?.();
      const response = await t.injectAs(caller, {
        method: c.row.method,
        url,
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
      expect(response.statusCode, response.body).toBe(status);
      if (status >= 400) expect(typeof response.json().message).toBe('string');
      // A record outside the caller's reach must look exactly like one that does not exist.
      if (status === 404) expect(response.json().message).toBe('Patient not found');
      if (status === 200 && c.target) expect(response.json().id).toBe(ids[c.target]);
    },
  );
});
