import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID } from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { createPerson } from '../../test/people';
import { serviceType, session } from '../billing/testing';
import { APPOINTMENT_NOT_LINKABLE } from './changes';
import { assign, call, careTeam, draft, expectStatus } from './testing';

/**
 * A note links only to a session its author ran with the note's patient: an appointment that does not exist,
 * another patient's (even the author's own with that patient) or a colleague's with the same patient is
 * refused alike, on create and on every autosave.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function appointments() {
  const { practitioner, patient } = await careTeam(t);
  const otherPatient = await createPerson(t, 'patient');
  await assign(t, practitioner.id, otherPatient.id);
  const colleague = await createPerson(t, 'practitioner');
  await assign(t, colleague.id, patient.id);
  const serviceTypeId = (await serviceType(t)).id;
  const visit = (patientId: string, practitionerId: string) =>
    session(t, { patientId, practitionerId, serviceTypeId }).then((row) => row.id);
  return {
    practitioner,
    patient,
    own: await visit(patient.id, practitioner.id),
    refused: {
      missing: MISSING_ID,
      "another patient's": await visit(otherPatient.id, practitioner.id),
      "a colleague's with the same patient": await visit(patient.id, colleague.id),
    },
  };
}

function expectRefused(response: Awaited<ReturnType<typeof call>>, context: string) {
  expect(response.statusCode, context).toBe(400);
  expect(response.json(), context).toMatchObject({
    message: APPOINTMENT_NOT_LINKABLE,
    fields: { appointmentId: APPOINTMENT_NOT_LINKABLE },
  });
}

describe("a note's appointment", () => {
  it("is refused on create unless it is the author's own with the note's patient", async () => {
    const { practitioner, patient, own, refused } = await appointments();
    for (const [name, appointmentId] of Object.entries(refused))
      expectRefused(
        await call(t, practitioner, {
          method: 'POST',
          url: '/api/recovery-notes',
          payload: { patientId: patient.id, appointmentId },
        }),
        name,
      );
    const list = await expectStatus<{ items: unknown[] }>(t, practitioner, {
      method: 'GET',
      url: `/api/recovery-notes?patientId=${patient.id}`,
      status: 200,
    });
    expect(list.items).toEqual([]);
    expect((await draft(t, practitioner, { patientId: patient.id, appointmentId: own })).appointmentId).toBe(
      own,
    );
  });

  it('is refused on autosave too, and the draft keeps its link', async () => {
    const { practitioner, patient, own, refused } = await appointments();
    const note = await draft(t, practitioner, { patientId: patient.id, appointmentId: own });
    const url = `/api/recovery-notes/${note.id}`;
    for (const [name, appointmentId] of Object.entries(refused))
      expectRefused(
        await call(t, practitioner, { method: 'PATCH', url, payload: { appointmentId, plan: 'Changed' } }),
        name,
      );
    const kept = await expectStatus(t, practitioner, { method: 'GET', url, status: 200 });
    expect(kept).toMatchObject({ appointmentId: own, plan: '' });
    const unlinked = await expectStatus(t, practitioner, {
      method: 'PATCH',
      url,
      payload: { appointmentId: null },
      status: 200,
    });
    expect(unlinked.appointmentId).toBeNull();
    const linked = await expectStatus(t, practitioner, {
      method: 'PATCH',
      url,
      payload: { appointmentId: own },
      status: 200,
    });
    expect(linked.appointmentId).toBe(own);
  });
});
