import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, patients } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import {
  adminsOnly,
  type Expected,
  injectCase,
  MISSING_ID,
  matrixCases,
  matrixRoutes,
  matrixTable,
  servedRoutes,
} from '../../test/access-matrix';
import { createTestApp, type TestApp } from '../../test/app';
import { fhirExportJobHandlers } from './exports';
import type { FhirResource } from './mapping';
import { fhirErrors, referencesOf } from './testing';

/**
 * The whole-clinic export on the demo clinic: admins only, a job with progress, one NDJSON file per resource
 * type whose every line is a valid R4 resource and whose references all resolve within the export.
 */
let t: TestApp;
let exportId = '';

beforeAll(async () => {
  t = await createTestApp({}, { clinic: true });
  const started = await t.injectAs('admin', { method: 'POST', url: '/api/fhir-exports' });
  expect(started.statusCode, started.body).toBe(200);
  exportId = started.json().export.id;
}, 120_000);
afterAll(() => t.close());

type Row = { method: 'GET' | 'POST'; route: string; url: (id: string) => string; expect: Expected };
const MATRIX: Row[] = [
  { method: 'POST', route: '/api/fhir-exports', url: () => '/api/fhir-exports', expect: adminsOnly(200) },
  {
    method: 'GET',
    route: '/api/fhir-exports/:id',
    url: () => `/api/fhir-exports/${exportId}`,
    expect: adminsOnly(200),
  },
  {
    method: 'GET',
    route: '/api/fhir-exports/:id/files/:type',
    url: () => `/api/fhir-exports/${MISSING_ID}/files/Patient`,
    expect: adminsOnly(404),
  },
];

describe('whole-clinic FHIR export', () => {
  it('covers every route under /api/fhir-exports', () => {
    expect(servedRoutes(t.routes, '/api/fhir-exports')).toEqual(matrixRoutes(MATRIX));
  });

  it.each(matrixTable(matrixCases(MATRIX)))(
    '%s as %s on %s answers %i',
    async (_route, caller, _t, status, c) => {
      const response = await injectCase(t, caller, c.row, '');
      expect(response.statusCode, response.body).toBe(status);
    },
  );

  it('runs as a job, counting patients, then offers valid NDJSON per resource type', async () => {
    const before = await t.injectAs('admin', { method: 'GET', url: `/api/fhir-exports/${exportId}` });
    expect(before.json().export).toMatchObject({ status: 'queued', manifest: null });
    const early = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/fhir-exports/${exportId}/files/Patient`,
    });
    expect(early.statusCode).toBe(409);

    // The matrix started one more export per admin POST; each runs once.
    const worker = new JobWorker(t.database.db, { log: t.app.log, handlers: fhirExportJobHandlers(t.ctx) });
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const done = (await t.injectAs('admin', { method: 'GET', url: `/api/fhir-exports/${exportId}` })).json()
      .export;
    const patientCount = (await t.database.db.select({ id: patients.userId }).from(patients)).length;
    expect(done).toMatchObject({ status: 'done', patientsDone: patientCount, patientsTotal: patientCount });
    expect(done.manifest.requiresAccessToken).toBe(true);
    const types = done.manifest.output.map((file: { type: string }) => file.type);
    expect(types).toEqual(
      expect.arrayContaining(['Patient', 'Practitioner', 'Organization', 'Appointment', 'Observation']),
    );

    const all: FhirResource[] = [];
    for (const file of done.manifest.output as { type: string; url: string; count: number }[]) {
      const response = await t.injectAs('admin', { method: 'GET', url: new URL(file.url).pathname });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/fhir+ndjson');
      const lines = response.body.trimEnd().split('\n');
      expect(lines).toHaveLength(file.count);
      const resources = lines.map((line) => JSON.parse(line) as FhirResource);
      expect(resources.every((resource) => resource.resourceType === file.type)).toBe(true);
      all.push(...resources);
    }
    expect(all.filter((resource) => resource.resourceType === 'Patient')).toHaveLength(patientCount);
    expect(all.flatMap((resource) => fhirErrors(resource))).toEqual([]);
    const present = new Set(all.map((resource) => `${resource.resourceType}/${resource.id}`));
    expect(present.size).toBe(all.length);
    expect(all.flatMap((resource) => referencesOf(resource)).filter((ref) => !present.has(ref))).toEqual([]);

    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'fhir_export'), eq(activityLog.entityId, exportId)));
    expect(logged.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['fhir-export.started', 'fhir-export.finished', 'fhir-export.downloaded']),
    );
  }, 120_000);

  it('answers 409 while data exchange is off', async () => {
    await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { dataExchange: false },
    });
    const response = await t.injectAs('admin', { method: 'POST', url: '/api/fhir-exports' });
    expect(response.statusCode).toBe(409);
    await t.injectAs('admin', {
      method: 'PUT',
      url: '/api/clinic/features',
      payload: { dataExchange: true },
    });
  });
});
