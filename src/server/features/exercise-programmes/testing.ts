import { expect } from 'vitest';
import type { ProgrammeProgress } from '../../../shared/exercise-programmes';
import type { BodyRegion } from '../../../shared/exercises';
import { exercises } from '../../db/schema';
import type { TestApp } from '../../test/app';
import { createPerson, type TestPerson } from '../../test/people';
import { call, type Expected, type Who } from '../recovery-notes/testing';

export { call, type Expected, type Who };

/** The clinic with care between visits on, as an admin turns it on. */
export async function turnOn(t: TestApp, on = true) {
  const response = await t.injectAs('admin', {
    method: 'PUT',
    url: '/api/clinic/features',
    payload: { careBetweenVisits: on },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Library rows, written directly (the library feature owns their API). */
export async function libraryExercises(t: TestApp, names = ['Heel slides', 'Bridging', 'Clamshells']) {
  const regions: BodyRegion[] = ['knee', 'lower_back', 'hip'];
  return t.ctx.db
    .insert(exercises)
    .values(
      names.map((name, index) => ({
        name,
        bodyRegion: regions[index % regions.length],
        instructions: `How to do ${name}`,
        defaultSets: 3,
        defaultReps: 10,
        defaultTimesPerDay: 1,
        defaultDaysPerWeek: 7,
      })),
    )
    .returning();
}

export async function expectStatus<T = ProgrammeProgress>(
  t: TestApp,
  who: Who,
  { status, ...request }: Expected,
) {
  const response = await call(t, who, request);
  expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

export const item = (exerciseId: string, daysPerWeek = 7) => ({
  exerciseId,
  sets: 3,
  reps: 10,
  holdSeconds: null,
  timesPerDay: 1,
  daysPerWeek,
  notes: '',
});

/** A programme the practitioner assigns to the patient, starting on a day (today unless given). */
export const assignProgramme = (
  t: TestApp,
  practitioner: Who,
  { patientId, exerciseIds, startDate }: { patientId: string; exerciseIds: string[]; startDate: string },
) =>
  expectStatus(t, practitioner, {
    method: 'POST',
    url: '/api/exercise-programmes',
    payload: {
      patientId,
      title: 'Knee programme',
      startDate,
      reviewDate: null,
      items: exerciseIds.map((id) => item(id)),
    },
    status: 201,
  });

/** A patient in a new practitioner's care, nobody else linked. */
export async function newCareTeam(t: TestApp): Promise<{ practitioner: TestPerson; patient: TestPerson }> {
  const practitioner = await createPerson(t, 'practitioner');
  const patient = await createPerson(t, 'patient');
  const response = await t.injectAs('staff', {
    method: 'POST',
    url: `/api/patients/${patient.id}/practitioners/${practitioner.id}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { practitioner, patient };
}

/** The text of an uncompressed PDF: pdfkit writes each run of text as hex. */
export function pdfText(bytes: Buffer) {
  const raw = bytes.toString('latin1');
  const hex = [...raw.matchAll(/<([0-9a-fA-F]+)>/g)].map((match) =>
    Buffer.from(match[1], 'hex').toString('latin1'),
  );
  return `${raw}\n${hex.join('')}`;
}
