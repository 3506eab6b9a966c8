import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirExportStatus } from '../../../shared/fhir-exports';
import type { RecordCopyAnswer } from '../../../shared/record-copies';
import { loadConfig, testConfig } from '../../config';
import { fhirExports, jobs, recordCopies } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { RECORD_COPY_EXPIRY_JOB, recordCopyJobHandlers } from './copies';
import { FHIR_EXPORT_EXPIRY_JOB, fhirExportJobHandlers } from './exports';
import * as repository from './repository';

/**
 * Patients' copies and whole-clinic exports are deleted from the file store after DATA_EXCHANGE_RETENTION_DAYS
 * (7 by default; 2 here): a job queued when the files are ready deletes them, and a download after that
 * answers 410 with a message saying so.
 */
const DAYS = 2;
const DAY_MS = 86_400_000;
let t: TestApp;
let worker: JobWorker;

beforeAll(async () => {
  t = await createTestApp({ dataExchangeRetentionDays: DAYS });
  worker = new JobWorker(t.database.db, {
    log: t.app.log,
    handlers: { ...recordCopyJobHandlers(t.ctx), ...fhirExportJobHandlers(t.ctx) },
  });
  const on = await t.injectAs('admin', {
    method: 'PUT',
    url: '/api/clinic/features',
    payload: { dataExchange: true },
  });
  expect(on.statusCode).toBe(200);
});
afterAll(() => t.close());

const jobOf = async (key: string) => (await t.database.db.select().from(jobs).where(eq(jobs.key, key)))[0];
const later = (ms: number) => new Date(Date.now() + ms);

describe('the retention setting', () => {
  it('keeps files 7 days unless DATA_EXCHANGE_RETENTION_DAYS says otherwise (1 to 365)', () => {
    expect(testConfig().dataExchangeRetentionDays).toBe(7);
    expect(loadConfig({ DATA_EXCHANGE_RETENTION_DAYS: '30' }).dataExchangeRetentionDays).toBe(30);
    expect(() => loadConfig({ DATA_EXCHANGE_RETENTION_DAYS: '0' })).toThrow(/DATA_EXCHANGE_RETENTION_DAYS/);
  });
});

describe("a patient's copy past its retention period", () => {
  let copyId = '';

  it('is ready with its deletion queued for its retention period later', async () => {
    const asked = await t.injectAs('patient', { method: 'POST', url: '/api/my-record/copies' });
    copyId = asked.json<RecordCopyAnswer>().copy?.id ?? '';
    expect(await worker.drain()).toBe(1);
    const { copy } = (
      await t.injectAs('patient', { method: 'GET', url: '/api/my-record/copies/latest' })
    ).json<RecordCopyAnswer>();
    expect(copy).toMatchObject({ id: copyId, status: 'ready' });
    const readyAt = new Date(copy?.readyAt ?? '').getTime();
    expect(copy?.expiresAt).toBe(new Date(readyAt + DAYS * DAY_MS).toISOString());
    const job = await jobOf(`${RECORD_COPY_EXPIRY_JOB}:${copyId}`);
    expect(job).toMatchObject({ kind: RECORD_COPY_EXPIRY_JOB, status: 'queued' });
    expect(job.runAt.toISOString()).toBe(copy?.expiresAt);
  });

  it('is not deleted before its time, even with the clock a day on', async () => {
    expect(await worker.drain(later(DAY_MS))).toBe(0);
    const pdf = await t.injectAs('patient', { method: 'GET', url: `/api/my-record/copies/${copyId}/pdf` });
    expect(pdf.statusCode).toBe(200);
  });

  it('has its files deleted once the period is over, and a download answers 410 saying why', async () => {
    // The copy was ready three days ago: its row and its deletion job are moved back to then.
    const readyAt = new Date(Date.now() - 3 * DAY_MS);
    await t.database.db.update(recordCopies).set({ readyAt }).where(eq(recordCopies.id, copyId));
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(readyAt.getTime() + DAYS * DAY_MS) })
      .where(eq(jobs.key, `${RECORD_COPY_EXPIRY_JOB}:${copyId}`));
    expect(await worker.drain()).toBe(1);
    expect((await jobOf(`${RECORD_COPY_EXPIRY_JOB}:${copyId}`)).status).toBe('done');
    const row = await repository.findCopy(t.database.db, copyId);
    expect(await t.files.get(row?.pdfKey ?? '')).toBeNull();
    expect(await t.files.get(row?.bundleKey ?? '')).toBeNull();

    const { copy } = (
      await t.injectAs('patient', { method: 'GET', url: '/api/my-record/copies/latest' })
    ).json<RecordCopyAnswer>();
    expect(copy).toMatchObject({ id: copyId, status: 'expired' });
    for (const format of ['pdf', 'fhir']) {
      const response = await t.injectAs('patient', {
        method: 'GET',
        url: `/api/my-record/copies/${copyId}/${format}`,
      });
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(
        'This copy was deleted 2 days after it was ready, as every copy is. Prepare a new one.',
      );
    }
  });

  it('can be asked for again', async () => {
    const again = await t.injectAs('patient', { method: 'POST', url: '/api/my-record/copies' });
    expect(again.json<RecordCopyAnswer>().copy).toMatchObject({ status: 'preparing' });
    expect(again.json<RecordCopyAnswer>().copy?.id).not.toBe(copyId);
    expect(await worker.drain()).toBe(1);
  });
});

describe('a whole-clinic export past its retention period', () => {
  let exportId = '';
  const status = async () =>
    (await t.injectAs('admin', { method: 'GET', url: `/api/fhir-exports/${exportId}` })).json<{
      export: FhirExportStatus;
    }>().export;

  it('has its files deleted by the job when the clock reaches the end of the period', async () => {
    const started = await t.injectAs('admin', { method: 'POST', url: '/api/fhir-exports' });
    exportId = started.json().export.id;
    expect(await worker.drain()).toBe(1);
    const done = await status();
    expect(done.status).toBe('done');
    expect(done.expiresAt).toBe(
      new Date(new Date(done.finishedAt ?? '').getTime() + DAYS * DAY_MS).toISOString(),
    );
    const row = await repository.findExport(t.database.db, exportId);
    expect(row?.files.length).toBeGreaterThan(0);
    for (const file of row?.files ?? []) expect(await t.files.get(file.key)).not.toBeNull();

    // The worker's clock moved past the period: the deletion is due and runs (with the second copy's).
    expect(await worker.drain(later(DAYS * DAY_MS + 60_000))).toBe(2);
    expect((await jobOf(`${FHIR_EXPORT_EXPIRY_JOB}:${exportId}`)).status).toBe('done');
    for (const file of row?.files ?? []) expect(await t.files.get(file.key)).toBeNull();
  });

  it('then shows as expired with no manifest, and a download answers 410 saying why', async () => {
    await t.database.db
      .update(fhirExports)
      .set({ finishedAt: new Date(Date.now() - (DAYS * DAY_MS + 60_000)) })
      .where(eq(fhirExports.id, exportId));
    expect(await status()).toMatchObject({ status: 'expired', manifest: null });
    const response = await t.injectAs('admin', {
      method: 'GET',
      url: `/api/fhir-exports/${exportId}/files/Patient`,
    });
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(
      "The files of this export were deleted 2 days after it finished, as every export's are. Start a new export.",
    );
  });
});
