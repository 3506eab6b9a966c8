import type { Readable } from 'node:stream';
import {
  RECORD_COPY_ERRORS,
  type RecordCopy,
  type RecordCopyFormat,
  recordCopyExpired,
} from '../../../shared/record-copies';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { enqueue, type Job, type JobHandler } from '../../platform/jobs';
import { recordCopyPdf } from './copy-pdf';
import type { FhirResource, Systems } from './mapping';
import * as repository from './repository';
import { type Caller, patientResources } from './service';

/**
 * The patient's copy of their record: asked for in My Account, prepared by a job into the file store (a PDF
 * to read and a FHIR R4 collection bundle), downloaded when ready. Only the patient reaches their copies.
 */
export const RECORD_COPY_JOB = 'record-copy.prepare';
/** Deletes a copy's files once its retention period (DATA_EXCHANGE_RETENTION_DAYS) is over. */
export const RECORD_COPY_EXPIRY_JOB = 'record-copy.expire';
const DAY_MS = 86_400_000;
type Ctx = Pick<AppContext, 'db' | 'files' | 'config'>;
type Row = NonNullable<Awaited<ReturnType<typeof repository.findCopy>>>;

/** When a ready copy's files go: its retention period after it was ready. */
const expiryOf = (row: Row, days: number) =>
  row.status === 'ready' && row.readyAt ? new Date(row.readyAt.getTime() + days * DAY_MS) : null;

const toCopy = (row: Row, days: number, now = new Date()): RecordCopy => {
  const expiresAt = expiryOf(row, days);
  return {
    id: row.id,
    status: expiresAt && expiresAt <= now ? 'expired' : row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: expiresAt?.toISOString() ?? null,
  };
};

export async function latestCopyOf(ctx: Ctx, caller: Caller) {
  const row = await repository.latestCopy(ctx.db, caller.id);
  return { copy: row ? toCopy(row, ctx.config.dataExchangeRetentionDays) : null };
}

/** A new copy, or the one still being prepared (asking twice does not queue twice). */
export async function requestCopy(ctx: Ctx, caller: Caller, meta: RequestMeta) {
  const { db } = ctx;
  const days = ctx.config.dataExchangeRetentionDays;
  const latest = await repository.latestCopy(db, caller.id);
  if (latest?.status === 'preparing') return { copy: toCopy(latest, days) };
  const row = await db.transaction(async (tx) => {
    const inserted = await repository.insertCopy(tx, caller.id);
    await enqueue(tx, {
      kind: RECORD_COPY_JOB,
      key: `record-copy:${inserted.id}`,
      runAt: new Date(),
      payload: { copyId: inserted.id },
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'record-copy.requested',
      entityType: 'patient',
      entityId: caller.id,
      ipAddress: meta.ipAddress,
      details: { copyId: inserted.id },
    });
    return inserted;
  });
  return { copy: toCopy(row, days) };
}

/** The bundle a copy holds: type collection, each resource with its full URL. */
export function collectionBundle(systems: Systems, resources: readonly FhirResource[]): FhirResource {
  return {
    resourceType: 'Bundle',
    id: crypto.randomUUID(),
    type: 'collection',
    timestamp: new Date().toISOString(),
    entry: resources.map((resource) => ({
      fullUrl: `${systems.base}/fhir/R4/${resource.resourceType}/${resource.id}`,
      resource,
    })),
  };
}

async function prepare(ctx: Ctx, job: Job) {
  const copy = await repository.findCopy(ctx.db, String(job.payload.copyId));
  if (copy?.status !== 'preparing') return;
  const systems = { base: ctx.config.appUrl };
  const resources = await patientResources(ctx.db, { patientId: copy.patientId, systems, sharedOnly: true });
  if (!resources) {
    await repository.finishCopy(ctx.db, copy.id, { status: 'failed' });
    return;
  }
  const invoiceIds = resources
    .filter((resource) => resource.resourceType === 'Invoice')
    .map((resource) => resource.id);
  const [onboarding, consents, payments] = await Promise.all([
    repository.onboardingOf(ctx.db, copy.patientId),
    repository.consentsOf(ctx.db, [copy.patientId]),
    repository.invoicePayments(ctx.db, invoiceIds),
  ]);
  const pdf = await recordCopyPdf(resources, { onboarding, consents, payments });
  const bundle = Buffer.from(JSON.stringify(collectionBundle(systems, resources)), 'utf8');
  const pdfKey = `record-copies/${copy.id}/record.pdf`;
  const bundleKey = `record-copies/${copy.id}/record.json`;
  await ctx.files.put(pdfKey, pdf, { contentType: 'application/pdf', byteSize: pdf.length });
  await ctx.files.put(bundleKey, bundle, { contentType: 'application/fhir+json', byteSize: bundle.length });
  // Ready and its deletion queued in one transaction: no copy is kept past its period for want of a job.
  const readyAt = new Date();
  await ctx.db.transaction(async (tx) => {
    await repository.finishCopy(tx, copy.id, { status: 'ready', pdfKey, bundleKey, readyAt });
    await enqueue(tx, {
      kind: RECORD_COPY_EXPIRY_JOB,
      key: `${RECORD_COPY_EXPIRY_JOB}:${copy.id}`,
      runAt: new Date(readyAt.getTime() + ctx.config.dataExchangeRetentionDays * DAY_MS),
      payload: { copyId: copy.id },
    });
  });
}

/** Deletes both files of a copy; the row stays, so a late download is told the copy expired. */
async function expire(ctx: Ctx, job: Job) {
  const copy = await repository.findCopy(ctx.db, String(job.payload.copyId));
  if (!copy) return;
  for (const key of [copy.pdfKey, copy.bundleKey]) if (key) await ctx.files.delete(key);
}

export const recordCopyJobHandlers = (ctx: Ctx): Record<string, JobHandler> => ({
  [RECORD_COPY_JOB]: (job) => prepare(ctx, job),
  [RECORD_COPY_EXPIRY_JOB]: (job) => expire(ctx, job),
});

/** The bytes of a ready copy in one format, logged on the activity log and the patient's access log. */
export async function downloadCopy(
  ctx: Ctx,
  caller: Caller,
  request: { id: string; format: RecordCopyFormat; meta: RequestMeta },
): Promise<{ body: Readable; contentType: string; fileName: string }> {
  const row = await repository.findCopy(ctx.db, request.id);
  if (!row || row.patientId !== caller.id) throw notFound(RECORD_COPY_ERRORS.notFound);
  if (row.status !== 'ready') throw new AppError('CONFLICT', RECORD_COPY_ERRORS.notReady);
  const days = ctx.config.dataExchangeRetentionDays;
  const expiresAt = expiryOf(row, days);
  if (expiresAt && expiresAt <= new Date()) throw new AppError('GONE', recordCopyExpired(days));
  const key = request.format === 'pdf' ? row.pdfKey : row.bundleKey;
  const body = key ? await ctx.files.get(key) : null;
  if (!body) throw notFound(RECORD_COPY_ERRORS.notFound);
  await recordActivity(ctx.db, {
    actorId: caller.id,
    action: 'record-copy.downloaded',
    entityType: 'patient',
    entityId: caller.id,
    ipAddress: request.meta.ipAddress,
    details: { copyId: row.id, format: request.format },
  });
  const date = row.createdAt.toISOString().slice(0, 10);
  return request.format === 'pdf'
    ? { body, contentType: 'application/pdf', fileName: `my-record-${date}.pdf` }
    : { body, contentType: 'application/fhir+json', fileName: `my-record-${date}.fhir.json` };
}
