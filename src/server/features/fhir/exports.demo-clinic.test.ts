import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { FHIR_EXPORT_JOB, fhirExportJobHandlers } from './exports';
import type { FhirResource } from './mapping';
import * as repository from './repository';
import { fhirErrors, referencesOf, unresolvedQuestionnaires } from './testing';

/**
 * Issue 30's "a whole-clinic export of the demo clinic validates with no errors": the demo clinic seeded as
 * `npm start` seeds it, the real export job run by the job worker, then every NDJSON file read back from the
 * file store and every line checked against the FHIR R4 definitions. One error anywhere fails the test.
 */
let t: TestApp;
let exportId = '';

beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
  const started = await t.injectAs('admin', { method: 'POST', url: '/api/fhir-exports' });
  expect(started.statusCode, started.body).toBe(200);
  exportId = started.json().export.id;
  const worker = new JobWorker(t.database.db, { log: t.app.log, handlers: fhirExportJobHandlers(t.ctx) });
  expect(await worker.drain()).toBe(1);
}, 180_000);
afterAll(() => t.close());

type Manifest = {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
};

describe('the whole-clinic export of the demo clinic', () => {
  const resources: FhirResource[] = [];
  let manifest: Manifest;

  it('finishes with the Bulk Data manifest: one file per resource type, each counted', async () => {
    const answer = await t.injectAs('admin', { method: 'GET', url: `/api/fhir-exports/${exportId}` });
    const status = answer.json().export;
    const patientCount = await repository.countPatients(t.database.db);
    expect(status).toMatchObject({ status: 'done', patientsDone: patientCount, patientsTotal: patientCount });
    manifest = status.manifest;
    expect(manifest.requiresAccessToken).toBe(true);
    expect(manifest.error).toEqual([]);
    expect(new Date(manifest.transactionTime).toISOString()).toBe(manifest.transactionTime);
    expect(manifest.request).toBe(`${t.ctx.config.appUrl}/api/fhir-exports`);
    const types = manifest.output.map((file) => file.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toEqual([...types].sort());
    for (const file of manifest.output) {
      expect(file.url).toBe(`${t.ctx.config.appUrl}/api/fhir-exports/${exportId}/files/${file.type}`);
      expect(file.count).toBeGreaterThan(0);
    }
    expect(types).toEqual(
      expect.arrayContaining([
        'Appointment',
        'Consent',
        'DocumentReference',
        'Encounter',
        'Observation',
        'Organization',
        'Patient',
        'Practitioner',
        'PractitionerRole',
        'Questionnaire',
        'QuestionnaireResponse',
      ]),
    );
  });

  it('stores each file as NDJSON: one resource of its type per line, as many lines as counted', async () => {
    const row = await repository.findExport(t.database.db, exportId);
    expect(row?.files.map((file) => file.type)).toEqual(manifest.output.map((file) => file.type));
    for (const file of row?.files ?? []) {
      expect(file.key).toBe(`fhir-exports/${exportId}/${file.type.toLowerCase()}.ndjson`);
      const stored = await t.files.get(file.key);
      expect(stored, file.key).not.toBeNull();
      const body = await text(stored!);
      expect(body.endsWith('\n')).toBe(true);
      const lines = body.slice(0, -1).split('\n');
      expect(lines).toHaveLength(file.count);
      for (const line of lines) {
        const resource = JSON.parse(line) as FhirResource;
        expect(resource.resourceType).toBe(file.type);
        resources.push(resource);
      }
    }
    expect(resources.length).toBeGreaterThan(1000);
  });

  it('holds every patient once and every other resource once', async () => {
    const patientIds = await repository.patientIdsAfter(t.database.db, null, 100_000);
    expect(patientIds.length).toBeGreaterThan(40);
    const exported = resources.filter((resource) => resource.resourceType === 'Patient').map((r) => r.id);
    expect(exported.sort()).toEqual(patientIds.sort());
    const keys = resources.map((resource) => `${resource.resourceType}/${resource.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('validates every line against the FHIR R4 definitions with no errors', () => {
    // The validator is no rubber stamp: a resource it must refuse, it refuses.
    expect(
      fhirErrors({ resourceType: 'Patient', id: 'bad', gender: 'sometimes', birthDate: 'soon' }),
    ).not.toEqual([]);
    const errors = resources.flatMap((resource) => fhirErrors(resource));
    expect(errors).toEqual([]);
  });

  it('resolves every reference to a resource in the export', () => {
    const present = new Set(resources.map((resource) => `${resource.resourceType}/${resource.id}`));
    const dangling = resources.flatMap((resource) =>
      referencesOf(resource)
        .filter((reference) => !present.has(reference))
        .map((reference) => `${resource.resourceType}/${resource.id} -> ${reference}`),
    );
    expect(dangling).toEqual([]);
  });

  it('holds a Questionnaire per measure the clinic uses, at the canonical each response names', async () => {
    const questionnaires = resources.filter((resource) => resource.resourceType === 'Questionnaire');
    expect(questionnaires.map((resource) => resource.id)).toEqual(
      await repository.measuresInUse(t.database.db),
    );
    expect(questionnaires.length).toBeGreaterThan(0);
    expect(unresolvedQuestionnaires(resources)).toEqual([]);
  });

  it('ran as the export job, which the worker settled as done', async () => {
    const rows = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `fhir-export:${exportId}`));
    expect(rows).toMatchObject([{ kind: FHIR_EXPORT_JOB, status: 'done' }]);
  });
});
