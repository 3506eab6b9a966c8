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
import { serviceType, session } from '../billing/testing';
import { APPOINTMENT_NOT_LINKABLE } from './changes';
import { call, careTeam, draft, signedNote, type Who } from './testing';

/**
 * Who reaches what (PRODUCT.md, 'Who may see what'), as one table: every recovery-note route, for every role
 * and a visitor, on the caller's own data, someone else's and something that does not exist. A route added
 * under /api/recovery-notes without a row here fails the coverage test below.
 *
 * "own" is a note the demo practitioner wrote about the demo patient (in the demo practitioner's care);
 * "other" a note another practitioner wrote about a patient no demo account is linked to. Routes about a
 * patient rather than a note (create, progress) take the demo patient and the other patient instead. Rows
 * that link the demo patient's note to an appointment take an appointment: "own" the demo practitioner's with
 * the demo patient, "other" one between the other practitioner and the other patient.
 * Each case gets a note of its own, so no case depends on what another changed.
 */
type Fixture = 'draft' | 'shared';
const MISSING = MISSING_ID;

let t: TestApp;
const patientIds: Record<Target, string> = { own: '', other: '', missing: MISSING };
const appointmentIds: Record<Target, string> = { own: '', other: '', missing: MISSING };
const authors: Partial<Record<Exclude<Target, 'missing'>, TestPerson>> = {};

beforeAll(async () => {
  t = await createTestApp();
  authors.own = await demoPerson(t, 'practitioner');
  patientIds.own = (await demoPerson(t, 'patient')).id;
  const other = await careTeam(t);
  authors.other = other.practitioner;
  patientIds.other = other.patient.id;
  const serviceTypeId = (await serviceType(t)).id;
  for (const target of ['own', 'other'] as const)
    appointmentIds[target] = (
      await session(t, {
        patientId: patientIds[target],
        practitionerId: (authors[target] as TestPerson).id,
        serviceTypeId,
      })
    ).id;
});
afterAll(() => t.close());

/** A fresh note of the kind the row needs: a draft with a pain score, or a signed note shared with the patient. */
async function noteFor(target: Target, fixture: Fixture) {
  if (target === 'missing') return MISSING;
  const author = authors[target] as Who;
  if (fixture === 'draft') return (await draft(t, author, { patientId: patientIds[target] })).id;
  return (await signedNote(t, author, { patientId: patientIds[target], shared: true })).id;
}

type Row = {
  method: 'GET' | 'POST' | 'PATCH';
  route: string;
  /** What the target names: a note (made fresh per case), a patient, or an appointment to link. */
  subject?: { note: Fixture } | 'patient' | 'appointment';
  /** The request changes a fresh draft of the demo practitioner's about the demo patient (its id goes to url). */
  onOwnDraft?: true;
  url: (id: string) => string;
  body?: (id: string) => unknown;
  expect: Expected;
};

const always = (status: number): Record<Target, number> => ({ own: status, other: status, missing: status });

const MATRIX: Row[] = [
  {
    method: 'GET',
    route: '/api/recovery-notes',
    url: () => '/api/recovery-notes',
    expect: { visitor: 401, patient: 200, practitioner: 200, staff: 200, admin: 200, member: 403 },
  },
  {
    method: 'POST',
    route: '/api/recovery-notes',
    subject: 'patient',
    url: () => '/api/recovery-notes',
    body: (patientId) => ({ patientId, subjective: 'Matrix row' }),
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
    // A note links only to a session its author ran with its patient; any other id is refused alike.
    method: 'POST',
    route: '/api/recovery-notes',
    subject: 'appointment',
    url: () => '/api/recovery-notes',
    body: (appointmentId) => ({ patientId: patientIds.own, appointmentId }),
    expect: {
      visitor: 401,
      patient: always(403),
      practitioner: { own: 201, other: 400, missing: 400 },
      staff: always(403),
      admin: always(403),
      member: always(403),
    },
  },
  {
    method: 'GET',
    route: '/api/recovery-notes/templates',
    url: () => '/api/recovery-notes/templates',
    expect: { visitor: 401, patient: 403, practitioner: 200, staff: 200, admin: 200, member: 403 },
  },
  {
    method: 'GET',
    route: '/api/recovery-notes/progress',
    subject: 'patient',
    url: (patientId) => `/api/recovery-notes/progress?patientId=${patientId}`,
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
    route: '/api/recovery-notes/:id',
    subject: { note: 'shared' },
    url: (id) => `/api/recovery-notes/${id}`,
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
    // A patient never sees a draft, not even their own: it answers as if it did not exist.
    method: 'PATCH',
    route: '/api/recovery-notes/:id',
    subject: { note: 'draft' },
    url: (id) => `/api/recovery-notes/${id}`,
    body: () => ({ plan: 'Walk daily' }),
    expect: {
      visitor: 401,
      patient: nowhere,
      practitioner: ownOnly(200),
      staff: everywhere(403),
      admin: everywhere(403),
      member: nowhere,
    },
  },
  {
    method: 'PATCH',
    route: '/api/recovery-notes/:id',
    subject: 'appointment',
    onOwnDraft: true,
    url: (noteId) => `/api/recovery-notes/${noteId}`,
    body: (appointmentId) => ({ appointmentId }),
    expect: {
      visitor: 401,
      patient: nowhere,
      practitioner: { own: 200, other: 400, missing: 400 },
      staff: always(403),
      admin: always(403),
      member: nowhere,
    },
  },
  {
    method: 'POST',
    route: '/api/recovery-notes/:id/sign',
    subject: { note: 'draft' },
    url: (id) => `/api/recovery-notes/${id}/sign`,
    expect: {
      visitor: 401,
      patient: nowhere,
      practitioner: ownOnly(200),
      staff: everywhere(403),
      admin: everywhere(403),
      member: nowhere,
    },
  },
  {
    method: 'POST',
    route: '/api/recovery-notes/:id/amendments',
    subject: { note: 'shared' },
    url: (id) => `/api/recovery-notes/${id}/amendments`,
    body: () => ({ changes: { painScore: 3 }, reason: 'Score entered wrongly' }),
    expect: {
      visitor: 401,
      patient: ownOnly(403),
      practitioner: ownOnly(201),
      staff: everywhere(403),
      admin: everywhere(403),
      member: nowhere,
    },
  },
  ...(['share', 'unshare'] as const).map(
    (action): Row => ({
      method: 'POST',
      route: `/api/recovery-notes/:id/${action}`,
      subject: { note: 'shared' },
      url: (id) => `/api/recovery-notes/${id}/${action}`,
      expect: {
        visitor: 401,
        patient: ownOnly(403),
        practitioner: ownOnly(200),
        staff: everywhere(200),
        admin: everywhere(200),
        member: nowhere,
      },
    }),
  ),
];

const cases = matrixCases(MATRIX);

describe('recovery-note routes access matrix', () => {
  it('covers every recovery-note route the app serves, and nothing else', () => {
    expect(servedRoutes(t.routes, '/api/recovery-notes')).toEqual([...new Set(matrixRoutes(MATRIX))]);
  });

  it.each(matrixTable(cases))('%s as %s on %s answers %i', async (_route, caller, _target, status, c) => {
    const { row, target } = c;
    const subject = row.subject;
    let id = '';
    if (target && subject === 'patient') id = patientIds[target];
    else if (target && subject === 'appointment') id = appointmentIds[target];
    else if (target && typeof subject === 'object') id = await noteFor(target, subject.note);
    const response = await call(t, caller, {
      method: row.method,
      url: row.url(row.onOwnDraft ? await noteFor('own', 'draft') : id),
      payload: row.body?.(id),
    } as Parameters<typeof call>[2]);
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(typeof response.json().message).toBe('string');
    // Something outside the caller's reach must look exactly like something that does not exist.
    if (status === 404)
      expect(response.json().message).toBe(
        row.subject === 'patient' ? 'Patient not found' : 'Recovery note not found',
      );
    if (status === 400) expect(response.json().fields).toEqual({ appointmentId: APPOINTMENT_NOT_LINKABLE });
    if (status < 300 && target && subject === 'appointment') expect(response.json().appointmentId).toBe(id);
    else if (status < 300 && target && typeof subject === 'object') expect(response.json().id).toBe(id);
    if (status < 300 && target && row.subject === 'patient') expect(response.json().patientId).toBe(id);
  });
});
