import { randomUUID } from 'node:crypto';
import {
  IMPORT_ERRORS,
  type ImportInput,
  ImportInputSchema,
  type ImportKind,
  type ImportPreview,
  type ImportRun,
  PREVIEW_PROBLEM_ROWS_MAX,
  PREVIEW_ROWS_SHOWN,
  type PreviewRow,
  UNDO_WINDOW_HOURS,
} from '../../../shared/imports';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import * as booking from '../appointments/imported';
import { evaluateAppointmentRows } from './appointment-rows';
import { fieldsOf, readCsv, resolveMapping } from './file';
import { evaluatePatientRows } from './patient-rows';
import * as repository from './repository';

export const IMPORT_JOB = 'csv_import';
const HOUR = 3_600_000;
type Caller = Pick<SessionUser, 'id' | 'role'>;
type Ctx = Pick<AppContext, 'db'>;

/** Reads a file with its mapping and judges every row against the clinic as it stands. */
export async function evaluate(db: Db | Tx, input: ReturnType<typeof ImportInputSchema.parse>) {
  const file = readCsv(input.csv);
  const { mapping, missingFields } = resolveMapping(file, {
    kind: input.kind,
    preset: input.preset,
    chosen: input.mapping,
  });
  const cells = file.rows.map((row) => fieldsOf(row, mapping));
  const rows: PreviewRow[] =
    missingFields.length > 0
      ? []
      : input.kind === 'patients'
        ? await evaluatePatientRows(db, cells)
        : await evaluateAppointmentRows(db, cells);
  return { file, mapping, missingFields, rows };
}

const countOf = (rows: PreviewRow[], action: PreviewRow['action']) =>
  rows.filter((row) => row.action === action).length;

/** What an import would do, row by row; nothing is written. */
export async function previewImport(ctx: Ctx, input: ImportInput): Promise<ImportPreview> {
  const parsed = ImportInputSchema.parse(input);
  const { file, mapping, missingFields, rows } = await evaluate(ctx.db, parsed);
  const withProblems = rows.filter((row) => row.problems.length > 0).slice(0, PREVIEW_PROBLEM_ROWS_MAX);
  const shown = [...new Set([...rows.slice(0, PREVIEW_ROWS_SHOWN), ...withProblems])]
    .sort((a, b) => a.line - b.line)
    .map(({ line, values, action, problems }) => ({ line, values, action, problems }));
  return {
    kind: parsed.kind,
    headers: file.headers,
    mapping,
    missingFields,
    counts: {
      rows: missingFields.length > 0 ? file.rows.length : rows.length,
      create: countOf(rows, 'create'),
      match: countOf(rows, 'match'),
      skip: countOf(rows, 'skip'),
    },
    rows: shown,
  };
}

const undoableUntil = (row: repository.ImportRunRow) =>
  row.finishedAt ? row.finishedAt.getTime() + UNDO_WINDOW_HOURS * HOUR : 0;

export function toImportRun(row: Omit<repository.ImportRunRow, 'source'>, now = new Date()): ImportRun {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    processed: row.processed,
    created: row.created,
    matched: row.matched,
    skipped: row.skipped,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    canUndo: row.status === 'done' && undoableUntil(row as repository.ImportRunRow) > now.getTime(),
  };
}

const logImport = (
  db: Db | Tx,
  {
    caller,
    action,
    id,
    meta,
    details,
  }: {
    caller: Caller | null;
    action: string;
    id: string;
    meta?: RequestMeta;
    details: Record<string, string | number>;
  },
) =>
  recordActivity(db, {
    actorId: caller?.id ?? null,
    action,
    entityType: 'import',
    entityId: id,
    ipAddress: meta?.ipAddress,
    details,
  });

/**
 * The admin confirmed: the file and mapping are kept with the run and a job imports them in batches. A
 * file with required columns unmapped is refused; rows with problems are skipped and counted.
 */
export async function startImport(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: ImportInput; meta: RequestMeta },
) {
  const parsed = ImportInputSchema.parse(input);
  const file = readCsv(parsed.csv);
  const { mapping, missingFields } = resolveMapping(file, {
    kind: parsed.kind,
    preset: parsed.preset,
    chosen: parsed.mapping,
  });
  if (missingFields.length > 0)
    throw badRequest(IMPORT_ERRORS.nothingMapped, { mapping: IMPORT_ERRORS.nothingMapped });
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await repository.insertRun(tx, {
      id,
      kind: parsed.kind,
      fileName: parsed.fileName,
      source: parsed.csv,
      mapping,
      total: file.rows.length,
      createdBy: caller.id,
    });
    await enqueue(tx, { kind: IMPORT_JOB, key: `${IMPORT_JOB}:${id}`, runAt: new Date(), payload: { id } });
    await logImport(tx, {
      caller,
      action: 'import.started',
      id,
      meta,
      details: { kind: parsed.kind, rows: file.rows.length },
    });
  });
  return toImportRun((await repository.findRun(ctx.db, id))!);
}

export async function listImports(ctx: Ctx) {
  const now = new Date();
  return (await repository.listRuns(ctx.db)).map((row) => toImportRun(row, now));
}

export async function getImport(ctx: Ctx, id: string) {
  const row = await repository.findRun(ctx.db, id);
  if (!row) throw notFound(IMPORT_ERRORS.notFound);
  return toImportRun(row);
}

const CHUNK = 5_000;
async function inChunks(ids: string[], work: (chunk: string[]) => Promise<number>) {
  let total = 0;
  for (let at = 0; at < ids.length; at += CHUNK) total += await work(ids.slice(at, at + CHUNK));
  return total;
}

const removers: Record<ImportKind, (tx: Tx, ids: string[]) => Promise<number>> = {
  patients: accounts.deleteImportedAccounts,
  appointments: booking.deleteImportedAppointments,
};

/**
 * Removes everything a finished run created, within a day of it, in one transaction. Records it matched
 * were there before and stay.
 */
export async function undoImport(ctx: Ctx, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  await ctx.db.transaction(async (tx) => {
    const row = await repository.lockRun(tx, id);
    if (!row) throw notFound(IMPORT_ERRORS.notFound);
    if (row.status !== 'done') throw new AppError('CONFLICT', IMPORT_ERRORS.notUndoable);
    if (undoableUntil(row) <= Date.now()) throw new AppError('CONFLICT', IMPORT_ERRORS.undoLapsed);
    const ids = await repository.listItemIds(tx, id);
    const removed = await inChunks(ids, (chunk) => removers[row.kind](tx, chunk));
    await repository.updateRun(tx, id, { status: 'undone', undoneAt: new Date() });
    await logImport(tx, { caller, action: 'import.undone', id, meta, details: { kind: row.kind, removed } });
  });
  return getImport(ctx, id);
}

export { logImport };
