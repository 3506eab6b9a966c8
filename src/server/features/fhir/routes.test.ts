import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson, demoPerson, type TestPerson } from '../../test/people';
import { signedNote } from '../recovery-notes/testing';
import type { FhirResource } from './mapping';
import { fhirErrors } from './testing';

/**
 * The read-only FHIR endpoint through the real app: 409 while data exchange is off; then each role sees what
 * the app shows it (a patient themselves and the notes shared with them, a practitioner their care team, staff
 * and admins everyone, members nothing clinical); errors are OperationOutcomes; every answer validates.
 */
let t: TestApp;
let patient: TestPerson;
let stranger: TestPerson;

beforeAll(async () => {
  t = await createTestApp();
  patient = await demoPerson(t, 'patient');
  stranger = await createPerson(t, 'patient', { firstName: 'Quinn', lastName: 'Stranger' });
});
afterAll(() => t.close());

const get = (who: Parameters<TestApp['injectAs']>[0], url: string) => t.injectAs(who, { method: 'GET', url });
const body = (response: { body: string }) => JSON.parse(response.body) as FhirResource;

function expectOutcome(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const outcome = body(response);
  expect(outcome.resourceType).toBe('OperationOutcome');
  expect(fhirErrors(outcome)).toEqual([]);
  return outcome;
}

function expectValid(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
  const resource = body(response);
  expect(fhirErrors(resource)).toEqual([]);
  return resource;
}

const entries = (bundle: FhirResource) =>
  ((bundle.entry ?? []) as { resource: FhirResource }[]).map((entry) => entry.resource);

describe('FHIR endpoint while data exchange is off', () => {
  it('answers 409 to everyone signed in and 401 to visitors', async () => {
    for (const url of ['/fhir/R4/metadata', `/fhir/R4/Patient/${patient.id}`, '/fhir/R4/Patient']) {
      expectOutcome(await get('admin', url), 409);
      expectOutcome(await get('patient', url), 409);
      expectOutcome(await get('visitor', url), 401);
    }
  });
});

describe('FHIR endpoint with data exchange on', () => {
  beforeAll(async () => {
    const on = await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { dataExchange: true },
    });
    expect(on.statusCode).toBe(200);
  });

  it('describes itself in a valid CapabilityStatement', async () => {
    const statement = expectValid(await get('practitioner', '/fhir/R4/metadata'));
    expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
  });

  it('reads a patient for whoever reaches them and 404s for everyone else', async () => {
    for (const role of ['patient', 'practitioner', 'staff', 'admin'] as const) {
      const resource = expectValid(await get(role, `/fhir/R4/Patient/${patient.id}`));
      expect(resource).toMatchObject({ resourceType: 'Patient', id: patient.id });
    }
    for (const role of ['patient', 'practitioner'] as const)
      expectOutcome(await get(role, `/fhir/R4/Patient/${stranger.id}`), 404);
    expectValid(await get('staff', `/fhir/R4/Patient/${stranger.id}`));
    expectOutcome(await get('member', `/fhir/R4/Patient/${patient.id}`), 403);
    expectOutcome(await get('admin', '/fhir/R4/Patient/00000000-0000-4000-8000-000000000000'), 404);
    expectOutcome(await get('admin', '/fhir/R4/Patient/not-an-id'), 404);
  });

  it('searches patients within reach only, and refuses parameters it does not support', async () => {
    const own = expectValid(await get('patient', '/fhir/R4/Patient'));
    expect(entries(own).map((resource) => resource.id)).toEqual([patient.id]);
    const forStranger = expectValid(await get('patient', `/fhir/R4/Patient?_id=${stranger.id}`));
    expect(entries(forStranger)).toEqual([]);
    const byName = expectValid(await get('practitioner', '/fhir/R4/Patient?name=Stranger'));
    expect(entries(byName)).toEqual([]);
    const byStaff = expectValid(await get('staff', '/fhir/R4/Patient?name=stranger'));
    expect(entries(byStaff).map((resource) => resource.id)).toEqual([stranger.id]);
    expectOutcome(await get('staff', '/fhir/R4/Patient?birthdate=2000-01-01'), 400);
    expectOutcome(await get('staff', '/fhir/R4/Patient?_count=0'), 400);
    expectOutcome(await get('staff', '/fhir/R4/Patient?_id=abc'), 400);
    expectOutcome(await get('staff', '/fhir/R4/Patient?name=a&name=b'), 400);
  });

  it('searches and reads appointments and observations by patient, keeping unshared notes from the patient', async () => {
    const practitioner = await demoPerson(t, 'practitioner');
    const shared = await signedNote(t, practitioner, {
      patientId: patient.id,
      shared: true,
      fields: { painScore: 3, goals: [{ goal: 'Walk to work', progress: 40 }] },
    });
    const unshared = await signedNote(t, practitioner, { patientId: patient.id, fields: { painScore: 7 } });

    const seenByPractitioner = entries(
      expectValid(await get('practitioner', `/fhir/R4/Observation?patient=Patient/${patient.id}`)),
    ).map((resource) => resource.id);
    expect(seenByPractitioner).toEqual(expect.arrayContaining([`pain-${shared.id}`, `pain-${unshared.id}`]));
    const seenByPatient = entries(
      expectValid(await get('patient', `/fhir/R4/Observation?patient=${patient.id}`)),
    ).map((resource) => resource.id);
    expect(seenByPatient).toEqual(expect.arrayContaining([`pain-${shared.id}`, `goal-1-${shared.id}`]));
    expect(seenByPatient).not.toContain(`pain-${unshared.id}`);

    const pain = expectValid(await get('patient', `/fhir/R4/Observation/pain-${shared.id}`));
    expect(pain).toMatchObject({ resourceType: 'Observation', valueInteger: 3 });
    expectOutcome(await get('patient', `/fhir/R4/Observation/pain-${unshared.id}`), 404);
    expectValid(await get('staff', `/fhir/R4/Observation/pain-${unshared.id}`));

    const appointments = expectValid(
      await get('patient', `/fhir/R4/Appointment?patient=${patient.id}&_count=5`),
    );
    expect(entries(appointments).every((resource) => resource.resourceType === 'Appointment')).toBe(true);
    for (const appointment of entries(appointments))
      expectValid(await get('practitioner', `/fhir/R4/Appointment/${appointment.id}`));

    expectOutcome(await get('patient', `/fhir/R4/Appointment?patient=${stranger.id}`), 404);
    expectOutcome(await get('practitioner', `/fhir/R4/Observation?patient=${stranger.id}`), 404);
    expectOutcome(await get('staff', '/fhir/R4/Observation'), 400);
    expectOutcome(await get('staff', '/fhir/R4/Observation?patient=nobody'), 400);
    expectOutcome(await get('staff', `/fhir/R4/Observation?patient=${patient.id}&code=x`), 400);
    expectOutcome(await get('member', `/fhir/R4/Appointment?patient=${patient.id}`), 403);
    expectOutcome(await get('staff', '/fhir/R4/Observation/other-thing'), 404);
  });

  it('logs each read on the activity log, where the patient sees it on their access log', async () => {
    await get('staff', `/fhir/R4/Patient/${patient.id}`);
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'fhir.read'), eq(activityLog.entityId, patient.id)));
    expect(logged.length).toBeGreaterThan(0);
    const log = await get('patient', '/api/patients/me/access-log');
    expect(log.statusCode).toBe(200);
    const descriptions = (log.json().items as { description: string }[]).map((item) => item.description);
    expect(descriptions).toContain('Read the record through the FHIR interface');
  });
});
