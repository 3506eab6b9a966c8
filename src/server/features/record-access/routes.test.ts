import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLogPage } from '../../../shared/record-access';
import {
  type Expected,
  everywhere,
  MISSING_ID,
  matrixCases,
  nowhere,
  ownOnly,
  servedRoutes,
  type Target,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { careTeam, expectStatus, signedNote } from '../recovery-notes/testing';

let t: TestApp;
const ids: Record<Target, string> = { own: '', other: '', missing: MISSING_ID };

beforeAll(async () => {
  t = await createTestApp();
  ids.own = (await demoPerson(t, 'patient')).id;
  ids.other = (await createPerson(t, 'patient')).id;
});
afterAll(() => t.close());

/**
 * Who may read a patient's access log: the patient their own, staff and admin anyone's. "own" is the demo
 * patient, in the demo practitioner's care team, who therefore gets 403 (the record is theirs to open, the
 * log of who else opened it is not); a patient outside their reach is 404 like one that does not exist.
 */
const MATRIX: Array<{ route: string; url: (id: string) => string; expect: Expected }> = [
  {
    route: '/api/patients/me/access-log',
    url: () => '/api/patients/me/access-log',
    expect: { visitor: 401, patient: 200, practitioner: 404, staff: 404, admin: 404, member: 404 },
  },
  {
    route: '/api/patients/:id/access-log',
    url: (id) => `/api/patients/${id}/access-log`,
    expect: {
      visitor: 401,
      patient: ownOnly(200),
      practitioner: { own: 403, other: 404, missing: 404 },
      staff: everywhere(200),
      admin: everywhere(200),
      member: nowhere,
    },
  },
];

describe('access log access matrix', () => {
  it('covers every access-log route the app serves', () => {
    const served = servedRoutes(t.routes, '/api/patients').filter((route) => route.endsWith('/access-log'));
    expect(served).toEqual(MATRIX.map((row) => `GET ${row.route}`).sort());
  });

  it.each(matrixCases(MATRIX).map((c) => [c.row.route, c.caller, c.target ?? '-', c.status, c] as const))(
    'GET %s as %s on %s record answers %i',
    async (_route, caller, _target, status, c) => {
      const response = await t.injectAs(caller, {
        method: 'GET',
        url: c.row.url(c.target ? ids[c.target] : ''),
      });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 404) expect(response.json().message).toBe('Patient not found');
      if (status === 200) expect(Array.isArray(response.json<AccessLogPage>().items)).toBe(true);
    },
  );
});

const logOf = (who: TestPerson | 'staff' | 'admin', patientId?: string, cursor?: string) =>
  expectStatus<AccessLogPage>(t, who, {
    method: 'GET',
    url: `/api/patients/${patientId ?? 'me'}/access-log${cursor ? `?cursor=${cursor}` : ''}`,
    status: 200,
  });

describe('who opened my record', () => {
  it('names who opened the record and the notes, newest first, and labels the patient as You', async () => {
    const { practitioner, patient } = await careTeam(t);
    const staff = await demoPerson(t, 'staff');
    await expectStatus(t, 'staff', { method: 'GET', url: `/api/patients/${patient.id}`, status: 200 });
    const note = await signedNote(t, practitioner, { patientId: patient.id, shared: true });
    await expectStatus(t, patient, { method: 'GET', url: `/api/recovery-notes/${note.id}`, status: 200 });

    const { items } = await logOf(patient);
    const actions = items.map((entry) => `${entry.actor.name}: ${entry.action}`);
    const practitionerName = `${practitioner.firstName} ${practitioner.lastName}`;
    expect(actions).toEqual([
      `${patient.firstName} ${patient.lastName}: recovery-note.viewed`,
      `${practitionerName}: recovery-note.shared`,
      `${practitionerName}: recovery-note.signed`,
      `${practitionerName}: recovery-note.created`,
      `${staff.firstName} ${staff.lastName}: patient.viewed`,
      `${staff.firstName} ${staff.lastName}: patient.practitioner-assigned`,
    ]);
    const [own, shared, , , viewed] = items;
    expect(own.actor).toMatchObject({ id: patient.id, role: 'patient', isYou: true });
    expect(own.description).toBe('Opened a recovery note');
    expect(own.noteId).toBe(note.id);
    expect(shared.actor).toMatchObject({ role: 'practitioner', isYou: false });
    expect(viewed).toMatchObject({ description: 'Opened the record', noteId: null });
    expect(viewed.actor).toMatchObject({ id: staff.id, role: 'staff', isYou: false });
  });

  it('records each reading of the log, and staff see the same entries with themselves as You', async () => {
    const patient = await createPerson(t, 'patient');
    await logOf(patient);
    const staffView = await logOf('staff', patient.id);
    expect(staffView.items.map((entry) => entry.action)).toEqual(['record-access.viewed']);
    expect(staffView.items[0].actor).toMatchObject({ id: patient.id, isYou: false });
    const again = await logOf(patient);
    expect(again.items[0]).toMatchObject({ action: 'record-access.viewed', actor: { role: 'staff' } });
    expect(again.items[1]).toMatchObject({ action: 'record-access.viewed', actor: { isYou: true } });
  });

  it('never shows another patient, nor another patient’s entries', async () => {
    const { practitioner, patient } = await careTeam(t);
    const { patient: neighbour } = await careTeam(t);
    await signedNote(t, practitioner, { patientId: patient.id, shared: true });
    await logOf(neighbour);
    const mine = await logOf(patient);
    expect(mine.items.every((entry) => entry.actor.id !== neighbour.id)).toBe(true);
    const theirs = await logOf(neighbour);
    expect(theirs.items.every((entry) => entry.noteId === null)).toBe(true);
  });

  it('pages by cursor without skipping or repeating', async () => {
    const patient = await createPerson(t, 'patient');
    for (let i = 0; i < 27; i += 1)
      await expectStatus(t, 'admin', { method: 'GET', url: `/api/patients/${patient.id}`, status: 200 });
    const first = await logOf(patient);
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toBe(first.items[24].id);
    const second = await logOf(patient, undefined, first.nextCursor!);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const seen = new Set([...first.items, ...second.items].map((entry) => entry.id));
    expect(seen.size).toBe(27);
  });

  it('answers 400 for a cursor that is not one, and for unknown query fields', async () => {
    for (const query of ['cursor=abc', 'cursor=-1', 'cursor=1e5', 'limit=5']) {
      const response = await t.injectAs('patient', {
        method: 'GET',
        url: `/api/patients/me/access-log?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const bad = await t.injectAs('staff', { method: 'GET', url: '/api/patients/not-an-id/access-log' });
    expect(bad.statusCode).toBe(400);
  });
});
