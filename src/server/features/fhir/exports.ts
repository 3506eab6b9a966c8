import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { type FhirExportStatus, fhirExportExpired } from '../../../shared/fhir-exports';
import { OUTCOME_MEASURES } from '../../../shared/outcome-measures';
import type { FhirExportFile } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { enqueue, type Job, type JobHandler } from '../../platform/jobs';
import { type FhirResource, toQuestionnaire } from './mapping';
import * as repository from './repository';
import { type Caller, patientsResources } from './service';

/**
 * The whole clinic as FHIR R4 in the Bulk Data layout (one NDJSON file per resource type), for admins: started
 * as a job that reads patients a page at a time and counts them done, then downloadable file by file.
 */
export const FHIR_EXPORT_JOB = 'fhir-export.run';
/** Deletes an export's files once its retention period (DATA_EXCHANGE_RETENTION_DAYS) is over. */
export const FHIR_EXPORT_EXPIRY_JOB = 'fhir-export.expire';
const DAY_MS = 86_400_000;
export const EXPORT_NOT_FOUND = 'Export not found';
const PAGE = 200;
/** Resources many patients share (the clinic, practitioners and their roles, questionnaires): written once. */
const SHARED = new Set(['Organization', 'Practitioner', 'PractitionerRole', 'Questionnaire']);
type Ctx = Pick<AppContext, 'db' | 'files' | 'config'>;
type Row = NonNullable<Awaited<ReturnType<typeof repository.findExport>>>;

const fileUrl = (base: string, id: string, type: string) => `${base}/api/fhir-exports/${id}/files/${type}`;

/** When a finished export's files go: its retention period after it finished. */
const expiryOf = (row: Row, days: number) =>
  row.status === 'done' && row.finishedAt ? new Date(row.finishedAt.getTime() + days * DAY_MS) : null;

/** Where an export stands, and when done its Bulk Data manifest (file addresses need the bearer token). */
export function exportStatus(row: Row, config: Ctx['config'], now = new Date()): FhirExportStatus {
  const base = config.appUrl;
  const expiresAt = expiryOf(row, config.dataExchangeRetentionDays);
  const status = expiresAt && expiresAt <= now ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    patientsTotal: row.patientsTotal,
    patientsDone: row.patientsDone,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: expiresAt?.toISOString() ?? null,
    manifest:
      status === 'done'
        ? {
            transactionTime: row.createdAt.toISOString(),
            request: `${base}/api/fhir-exports`,
            requiresAccessToken: true,
            output: row.files.map((file) => ({
              type: file.type,
              url: fileUrl(base, row.id, file.type),
              count: file.count,
            })),
            error: [],
          }
        : null,
  };
}

export async function startExport(ctx: Ctx, caller: Caller, meta: RequestMeta) {
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertExport(tx, caller.id);
    await enqueue(tx, {
      kind: FHIR_EXPORT_JOB,
      key: `fhir-export:${inserted.id}`,
      runAt: new Date(),
      payload: { exportId: inserted.id },
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'fhir-export.started',
      entityType: 'fhir_export',
      entityId: inserted.id,
      ipAddress: meta.ipAddress,
    });
    return inserted;
  });
  return { export: exportStatus(row, ctx.config) };
}

export async function readExport(ctx: Ctx, id: string) {
  const row = await repository.findExport(ctx.db, id);
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  return { export: exportStatus(row, ctx.config) };
}

export async function downloadExportFile(
  ctx: Ctx,
  caller: Caller,
  request: { id: string; type: string; meta: RequestMeta },
): Promise<Readable> {
  const row = await repository.findExport(ctx.db, request.id);
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  if (row.status !== 'done') throw new AppError('CONFLICT', 'This export has not finished');
  const days = ctx.config.dataExchangeRetentionDays;
  const expiresAt = expiryOf(row, days);
  if (expiresAt && expiresAt <= new Date()) throw new AppError('GONE', fhirExportExpired(days));
  const file = row.files.find((candidate) => candidate.type === request.type);
  const body = file ? await ctx.files.get(file.key) : null;
  if (!file || !body) throw notFound(`This export has no ${request.type} file`);
  await recordActivity(ctx.db, {
    actorId: caller.id,
    action: 'fhir-export.downloaded',
    entityType: 'fhir_export',
    entityId: row.id,
    ipAddress: request.meta.ipAddress,
    details: { type: file.type, count: file.count },
  });
  return body;
}

type Output = { stream: WriteStream; path: string; count: number };

async function writeLine(output: Output, line: string) {
  output.count += 1;
  if (!output.stream.write(`${line}\n`)) await once(output.stream, 'drain');
}

/** Writes every patient's resources, page by page, each shared one once; then stores the files. */
export async function runExport(ctx: Ctx, exportId: string) {
  const row = await repository.findExport(ctx.db, exportId);
  if (!row || row.status === 'done') return;
  const total = await repository.countPatients(ctx.db);
  await repository.updateExport(ctx.db, exportId, {
    status: 'running',
    patientsTotal: total,
    patientsDone: 0,
  });
  const dir = await mkdtemp(join(tmpdir(), 'fhir-export-'));
  const outputs = new Map<string, Output>();
  const seen = new Set<string>();
  const systems = { base: ctx.config.appUrl };
  const files: FhirExportFile[] = [];
  const write = async (resource: FhirResource) => {
    const type = resource.resourceType;
    if (SHARED.has(type)) {
      const key = `${type}/${resource.id}`;
      if (seen.has(key)) return;
      seen.add(key);
    }
    let output = outputs.get(type);
    if (!output) {
      const path = join(dir, `${type}.ndjson`);
      output = { stream: createWriteStream(path), path, count: 0 };
      outputs.set(type, output);
    }
    await writeLine(output, JSON.stringify(resource));
  };
  try {
    // Every measure the clinic uses has its Questionnaire, answered yet or not.
    for (const measure of await repository.measuresInUse(ctx.db))
      await write(toQuestionnaire(OUTCOME_MEASURES[measure], systems));
    let after: string | null = null;
    let done = 0;
    for (;;) {
      const ids = await repository.patientIdsAfter(ctx.db, after, PAGE);
      if (ids.length === 0) break;
      const page = await patientsResources(ctx.db, { patientIds: ids, systems, sharedOnly: false });
      for (const patientId of ids) for (const resource of page.get(patientId) ?? []) await write(resource);
      done += ids.length;
      after = ids[ids.length - 1];
      await repository.updateExport(ctx.db, exportId, {
        patientsDone: done,
        patientsTotal: Math.max(total, done),
      });
    }
    for (const [type, output] of [...outputs].sort(([a], [b]) => a.localeCompare(b))) {
      output.stream.end();
      await once(output.stream, 'finish');
      const key = `fhir-exports/${exportId}/${type.toLowerCase()}.ndjson`;
      const { size } = await stat(output.path);
      await ctx.files.put(key, createReadStream(output.path), {
        contentType: 'application/fhir+ndjson',
        byteSize: size,
      });
      files.push({ type, key, count: output.count });
    }
    // Done and its deletion queued in one transaction: no file is kept past its period for want of a job.
    const finishedAt = new Date();
    await ctx.db.transaction(async (tx) => {
      await repository.updateExport(tx, exportId, { status: 'done', files, finishedAt });
      await enqueue(tx, {
        kind: FHIR_EXPORT_EXPIRY_JOB,
        key: `${FHIR_EXPORT_EXPIRY_JOB}:${exportId}`,
        runAt: new Date(finishedAt.getTime() + ctx.config.dataExchangeRetentionDays * DAY_MS),
        payload: { exportId },
      });
    });
    await recordActivity(ctx.db, {
      actorId: null,
      action: 'fhir-export.finished',
      entityType: 'fhir_export',
      entityId: exportId,
      ipAddress: null,
      details: { patients: done, files: files.length },
    });
  } catch (error) {
    // A failed export offers no files, so none it stored is left behind for the retention job to miss.
    for (const file of files) await ctx.files.delete(file.key).catch(() => {});
    await repository.updateExport(ctx.db, exportId, { status: 'failed', finishedAt: new Date() });
    throw error;
  } finally {
    for (const output of outputs.values()) output.stream.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Deletes every file of an export; the row stays, so a late download is told the files expired. */
async function expireExport(ctx: Ctx, exportId: string) {
  const row = await repository.findExport(ctx.db, exportId);
  for (const file of row?.files ?? []) await ctx.files.delete(file.key);
}

export const fhirExportJobHandlers = (ctx: Ctx): Record<string, JobHandler> => ({
  [FHIR_EXPORT_JOB]: (job: Job) => runExport(ctx, String(job.payload.exportId)),
  [FHIR_EXPORT_EXPIRY_JOB]: (job: Job) => expireExport(ctx, String(job.payload.exportId)),
});
