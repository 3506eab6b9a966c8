import { expect } from 'vitest';
import type { RecoveryNote } from '../../../shared/recovery-notes';
import type { Role } from '../../../shared/roles';
import type { TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';

/** A demo account by role, or a person made for the test, signed in. */
export type Who = Role | TestPerson;

export type Request = { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: unknown };

export function call(t: TestApp, who: Who | 'visitor', request: Request) {
  const { payload, ...rest } = request;
  const body = payload === undefined ? {} : { payload: payload as Record<string, unknown> };
  if (typeof who === 'string') return t.injectAs(who, { ...rest, ...body });
  return t.app.inject({ ...rest, ...body, headers: { authorization: `Bearer ${who.token}` } });
}

/** A request with the status it must answer. */
export type Expected = Request & { status: number };

/** Calls and expects the status, answering the body. */
export async function expectStatus<T = RecoveryNote>(t: TestApp, who: Who, { status, ...request }: Expected) {
  const response = await call(t, who, request);
  expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

/** A patient in a new practitioner's care: the practitioner, the patient and nobody else linked. */
export async function careTeam(t: TestApp) {
  const practitioner = await createPerson(t, 'practitioner');
  const patient = await createPerson(t, 'patient');
  await assign(t, practitioner.id, patient.id);
  return { practitioner, patient };
}

export async function assign(t: TestApp, practitionerId: string, patientId: string) {
  await expectStatus(t, 'staff', {
    method: 'POST',
    url: `/api/patients/${patientId}/practitioners/${practitionerId}`,
    status: 200,
  });
}

/** A draft for a patient: a sore knee with a pain score, unless the fields given say otherwise. */
export const draft = (t: TestApp, author: Who, fields: { patientId: string } & Record<string, unknown>) =>
  expectStatus(t, author, {
    method: 'POST',
    url: '/api/recovery-notes',
    payload: { subjective: 'Knee sore on stairs', painScore: 5, ...fields },
    status: 201,
  });

export const sign = (t: TestApp, author: Who, id: string) =>
  expectStatus(t, author, { method: 'POST', url: `/api/recovery-notes/${id}/sign`, status: 200 });

export const share = (t: TestApp, who: Who, id: string) =>
  expectStatus(t, who, { method: 'POST', url: `/api/recovery-notes/${id}/share`, status: 200 });

/** A draft signed by its author, optionally shared with the patient. */
export async function signedNote(
  t: TestApp,
  author: Who,
  { patientId, shared, fields }: { patientId: string; shared?: boolean; fields?: Record<string, unknown> },
) {
  const note = await draft(t, author, { patientId, ...fields });
  const signed = await sign(t, author, note.id);
  return shared ? share(t, author, note.id) : signed;
}
