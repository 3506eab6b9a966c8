import type {
  ListRecoveryNotesQuery,
  RecoveryNotePage,
  RecoveryNoteTemplate,
  RecoveryProgress,
} from '../../../shared/recovery-notes';
import { RECOVERY_NOTE_PAGE_SIZE } from '../../../shared/recovery-notes';
import type { Db } from '../../db/client';
import type { RequestMeta } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import * as patients from '../patients/service';
import {
  audit,
  type Caller,
  canRead,
  noteEntity,
  PATIENT_NOT_FOUND,
  readableNote,
  toNote,
  toSummary,
} from './access';
import * as repository from './repository';

/* Reading notes, and the figures the dashboards show; the changes a note goes through are in changes.ts. */

export async function listTemplates(db: Db): Promise<RecoveryNoteTemplate[]> {
  const rows = await repository.listTemplates(db);
  return rows.map(({ sortOrder: _order, ...template }) => template);
}

export async function getNote(db: Db, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  const row = await readableNote(db, caller, { id });
  await audit(db, caller, {
    action: 'recovery-note.viewed',
    entity: noteEntity(id),
    meta,
    details: { patientId: row.patientId },
  });
  return toNote(db, row);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The notes the caller may read, newest first, 25 a page. */
export async function listNotes(
  db: Db,
  caller: Caller,
  { query, meta }: { query: ListRecoveryNotesQuery; meta: RequestMeta },
): Promise<RecoveryNotePage> {
  if (caller.role === 'member') throw forbidden();
  if (query.from && query.to && query.from > query.to)
    throw badRequest('From must be on or before To', { from: 'From must be on or before To' });
  if (query.cursor) {
    const cursor = await repository.findNote(db, query.cursor);
    if (!cursor || !(await canRead(db, caller, cursor)))
      throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  const limit = RECOVERY_NOTE_PAGE_SIZE;
  const rows = await repository.listNotes(db, {
    patientIdsIn: caller.role === 'practitioner' ? patients.patientIdsInReachOf(caller.id) : undefined,
    sharedWith: caller.role === 'patient' ? caller.id : undefined,
    patientId: query.patientId,
    practitionerId: query.practitionerId,
    status: query.status,
    since: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    cursorId: query.cursor,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  // One entry per list read: who looked, how many notes the page showed and whose notes were asked for.
  await audit(db, caller, {
    action: 'recovery-note.listed',
    entity: { type: 'recovery_note', id: null },
    meta,
    details: {
      count: page.length,
      patientId: query.patientId ?? null,
    },
  });
  return {
    items: page.map(toSummary),
    nextCursor: rows.length > limit ? page[page.length - 1].id : null,
  };
}

/** Pain scores and goal progress over time from the patient's signed notes (for a patient: those shared). */
export async function progressOf(
  db: Db,
  caller: Caller,
  { patientId, meta }: { patientId: string; meta: RequestMeta },
): Promise<RecoveryProgress> {
  if (caller.role === 'member') throw forbidden();
  if (!(await patients.isPatientInReach(db, caller, patientId))) throw notFound(PATIENT_NOT_FOUND);
  const rows = await repository.signedNotesOf(db, patientId, { sharedOnly: caller.role === 'patient' });
  await audit(db, caller, {
    action: 'recovery-note.progress-viewed',
    entity: { type: 'patient', id: patientId },
    meta,
    details: {
      count: rows.length,
    },
  });
  return progressFrom(patientId, rows);
}

const progressFrom = (
  patientId: string,
  rows: Awaited<ReturnType<typeof repository.signedNotesOf>>,
): RecoveryProgress => ({
  patientId,
  points: rows.map((row) => ({
    noteId: row.id,
    at: row.createdAt.toISOString(),
    painScore: row.painScore,
    goals: row.goals,
  })),
});

/*
 * Figures for the dashboards. The dashboard has decided who is asking; these read no note text and write no
 * log entry of their own (the dashboard logs its reading once).
 */

/** A patient's own dashboard: the newest few signed notes shared with them, and their progress from those. */
export async function sharedWithPatient(db: Db, patientId: string, limit: number) {
  const [recent, signed] = await Promise.all([
    repository.listNotes(db, { sharedWith: patientId, limit }),
    repository.signedNotesOf(db, patientId, { sharedOnly: true }),
  ]);
  return { recent: recent.map(toSummary), progress: progressFrom(patientId, signed) };
}

/** A practitioner's own drafts: how many, and the newest few with their patients. */
export async function draftsAwaitingSignature(db: Db, practitionerId: string, limit: number) {
  const rows = await repository.draftsOf(db, practitionerId, limit);
  return {
    count: rows[0]?.total ?? 0,
    newest: rows.map(({ total: _total, updatedAt, ...row }) => ({
      ...row,
      updatedAt: updatedAt.toISOString(),
    })),
  };
}

/** The practitioner's patients with a note since a moment, each with their latest note, newest first. */
export async function patientsWithRecentNotes(
  db: Db,
  practitionerId: string,
  { since, limit }: { since: Date; limit: number },
) {
  const rows = await repository.patientsWithNotesSince(db, {
    patientIdsIn: patients.patientIdsInReachOf(practitionerId),
    since,
    limit,
  });
  return {
    count: Number(rows[0]?.total ?? 0),
    newest: rows.map((row) => ({
      patientId: row.patientId,
      patientName: row.patientName,
      latestNoteId: row.noteId,
      latestNoteAt: new Date(row.createdAt).toISOString(),
    })),
  };
}

/** Notes signed since a moment, clinic-wide. */
export const countSignedSince = (db: Db, since: Date) => repository.countSignedSince(db, since);
