import { expect } from 'vitest';
import type { ImportInput, ImportPreview, ImportRun } from '../../../shared/imports';
import { JobWorker } from '../../platform/jobs';
import type { TestApp } from '../../test/app';
import { importJobHandlers } from './run';

/** A Jane-style clients export: a header row and the rows given, each as the header's cells in order. */
export const JANE_HEADER =
  'First Name,Last Name,Email,Mobile Phone,Date of Birth,Sex,Address,City,Province,Postal Code,Country';
export const csvOf = (header: string, rows: string[]) => [header, ...rows].join('\n');

export async function preview(t: TestApp, input: ImportInput) {
  const response = await t.injectAs('admin', {
    method: 'POST',
    url: '/api/admin/imports/preview',
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
}

/** Confirms an import and runs its job to the end, answering the finished run. */
export async function importNow(t: TestApp, input: ImportInput) {
  const response = await t.injectAs('admin', { method: 'POST', url: '/api/admin/imports', payload: input });
  expect(response.statusCode, response.body).toBe(202);
  const run = response.json<ImportRun>();
  const worker = new JobWorker(t.database.db, { log: t.app.log, handlers: importJobHandlers(t.ctx) });
  await worker.drain();
  const done = await t.injectAs('admin', { method: 'GET', url: `/api/admin/imports/${run.id}` });
  expect(done.statusCode, done.body).toBe(200);
  return done.json<ImportRun>();
}

/** 'YYYY-MM-DD' some days from now. */
export const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
