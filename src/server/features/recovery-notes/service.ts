import type {
  AmendmentChanges,
  CreateAmendmentInput,
  CreateRecoveryNoteInput,
  ListRecoveryNotesQuery,
  RecoveryNoteContent,
  RecoveryNotePage,
  RecoveryNoteTemplate,
  RecoveryProgress,
  UpdateRecoveryNoteInput,
} from '../../../shared/recovery-notes';
import { RECOVERY_NOTE_PAGE_SIZE } from '../../../shared/recovery-notes';
import type { Db, Tx } from '../../db/client';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { EventName, RecoveryNoteEvent } from '../../platform/events';
import * as appointments from '../appointments/service';
import * as patients from '../patients/service';
import {
  assertAuthor,
  audit,
  type Caller,
  canRead,
  contentOf,
  MANAGERS,
  readableNote,
  toNote,
  toSummary,
} from './access';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'events'>;

export const PATIENT_NOT_FOUND = 'Patient not found';
export const SIGNED_NOTE_LOCKED =
  'This note is signed and can no longer be edited; add an amendment to change it';
export const ALREADY_SIGNED = 'This note is already signed';
export const DRAFT_NOT_AMENDABLE = 'This note is still a draft; edit it directly instead of amending it';
export const PAIN_SCORE_REQUIRED = 'Add a pain score before signing';
export const APPOINTMENT_NOT_LINKABLE = 'Link one of your own appointments with this patient';

const conflict = (message: string) => new AppError('CONFLICT', message);
const noteEntity = (id: string) => ({ type: 'recovery_note' as const, id });

function eventOf(row: repository.NoteRow, caller: Caller): RecoveryNoteEvent {
  return {
    noteId: row.id,
    patientId: row.patientId,
    authorId: row.practitionerId,
    actorId: caller.id,
    sharedWithPatient: row.sharedWithPatient,
    status: row.status,
  };
}

/** Runs a change in one transaction with its log entry, then publishes its event once it has committed. */
async function change(
  ctx: Ctx,
  caller: Caller,
  work: (tx: Tx) => Promise<{ id: string; event?: EventName }>,
) {
  const { id, event } = await ctx.db.transaction(work);
  const row = (await repository.findNote(ctx.db, id))!;
  if (event) ctx.events.publish(event, eventOf(row, caller));
  return toNote(ctx.db, row);
}

/**
 * A note documents a session its author ran: it links only to an appointment of the note's patient with the
 * author. A missing appointment and someone else's get the same answer, so ids cannot be probed through it.
 */
async function assertLinkable(
  tx: Tx,
  caller: Caller,
  { patientId, appointmentId }: { patientId: string; appointmentId: string },
) {
  const parties = await appointments.partiesOf(tx, appointmentId);
  if (parties?.patientId !== patientId || parties.practitionerId !== caller.id)
    throw badRequest(APPOINTMENT_NOT_LINKABLE, { appointmentId: APPOINTMENT_NOT_LINKABLE });
}

export async function listTemplates(db: Db): Promise<RecoveryNoteTemplate[]> {
  const rows = await repository.listTemplates(db);
  return rows.map(({ sortOrder: _order, ...template }) => template);
}

/** A practitioner starts a draft for a patient in their reach, optionally from a template. */
export async function createNote(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: CreateRecoveryNoteInput; meta: RequestMeta },
) {
  if (caller.role !== 'practitioner') throw forbidden('Only practitioners write recovery notes');
  return change(ctx, caller, async (tx) => {
    if (!(await patients.isPatientInReach(tx, caller, input.patientId))) throw notFound(PATIENT_NOT_FOUND);
    const template = input.templateId ? await repository.findTemplate(tx, input.templateId) : null;
    if (input.templateId && !template)
      throw badRequest('Unknown template', { templateId: 'Unknown template' });
    if (input.appointmentId)
      await assertLinkable(tx, caller, { patientId: input.patientId, appointmentId: input.appointmentId });
    const id = await repository.insertNote(tx, {
      patientId: input.patientId,
      practitionerId: caller.id,
      appointmentId: input.appointmentId ?? null,
      subjective: input.subjective ?? template?.subjective ?? '',
      objective: input.objective ?? template?.objective ?? '',
      assessment: input.assessment ?? template?.assessment ?? '',
      plan: input.plan ?? template?.plan ?? '',
      painScore: input.painScore ?? null,
      goals: input.goals ?? [],
    });
    await audit(tx, caller, {
      action: 'recovery-note.created',
      entity: noteEntity(id),
      meta,
      details: { patientId: input.patientId },
    });
    return { id, event: 'recovery-note.created' };
  });
}

/** Draft autosave: the author changes any part of their draft; a signed note is amended instead. */
export async function updateDraft(
  ctx: Ctx,
  caller: Caller,
  { id, input, meta }: { id: string; input: UpdateRecoveryNoteInput; meta: RequestMeta },
) {
  return change(ctx, caller, async (tx) => {
    const row = await readableNote(tx, caller, { id, lock: true });
    assertAuthor(caller, row);
    if (row.status !== 'draft') throw conflict(SIGNED_NOTE_LOCKED);
    if (input.appointmentId && input.appointmentId !== row.appointmentId)
      await assertLinkable(tx, caller, { patientId: row.patientId, appointmentId: input.appointmentId });
    await repository.updateNote(tx, id, input);
    // The names of the fields saved, never their values: the log holds no clinical text.
    await audit(tx, caller, {
      action: 'recovery-note.updated',
      entity: noteEntity(id),
      meta,
      details: {
        patientId: row.patientId,
        fields: Object.keys(input).join(','),
      },
    });
    return { id };
  });
}

/** The author signs their draft: it is locked from then on, with who signed it and when. */
export async function signNote(ctx: Ctx, caller: Caller, { id, meta }: { id: string; meta: RequestMeta }) {
  return change(ctx, caller, async (tx) => {
    const row = await readableNote(tx, caller, { id, lock: true });
    assertAuthor(caller, row);
    if (row.status === 'signed') throw conflict(ALREADY_SIGNED);
    if (row.painScore === null) throw badRequest(PAIN_SCORE_REQUIRED, { painScore: PAIN_SCORE_REQUIRED });
    await repository.updateNote(tx, id, { status: 'signed', signedAt: new Date(), signedBy: caller.id });
    await audit(tx, caller, {
      action: 'recovery-note.signed',
      entity: noteEntity(id),
      meta,
      details: { patientId: row.patientId },
    });
    return { id, event: 'recovery-note.signed' };
  });
}

/**
 * The author changes a signed note: the change becomes the current version and the amendment keeps the
 * values it replaced, with who, when and why, so the version signed can always be shown.
 */
export async function amendNote(
  ctx: Ctx,
  caller: Caller,
  { id, input, meta }: { id: string; input: CreateAmendmentInput; meta: RequestMeta },
) {
  return change(ctx, caller, async (tx) => {
    const row = await readableNote(tx, caller, { id, lock: true });
    assertAuthor(caller, row);
    if (row.status !== 'signed') throw conflict(DRAFT_NOT_AMENDABLE);
    const current = contentOf(row);
    const fields = Object.keys(input.changes) as Array<keyof AmendmentChanges>;
    const previous: Partial<RecoveryNoteContent> = {};
    for (const field of fields) Object.assign(previous, { [field]: current[field] });
    await repository.insertAmendment(tx, {
      noteId: id,
      authorId: caller.id,
      reason: input.reason,
      changes: input.changes,
      previous,
    });
    await repository.updateNote(tx, id, { ...input.changes, amendmentCount: row.amendmentCount + 1 });
    await audit(tx, caller, {
      action: 'recovery-note.amended',
      entity: noteEntity(id),
      meta,
      details: {
        patientId: row.patientId,
        fields: fields.join(','),
      },
    });
    return { id, event: 'recovery-note.amended' };
  });
}

/** The author, staff or admin share a note with its patient or take it back; repeating either changes nothing. */
export async function setShared(
  ctx: Ctx,
  caller: Caller,
  { id, shared, meta }: { id: string; shared: boolean; meta: RequestMeta },
) {
  return change(ctx, caller, async (tx) => {
    const row = await readableNote(tx, caller, { id, lock: true });
    if (!MANAGERS.includes(caller.role)) assertAuthor(caller, row);
    const changed = row.sharedWithPatient !== shared;
    if (changed)
      await repository.updateNote(tx, id, {
        sharedWithPatient: shared,
        sharedAt: shared ? new Date() : null,
      });
    await audit(tx, caller, {
      action: shared ? 'recovery-note.shared' : 'recovery-note.unshared',
      entity: noteEntity(id),
      meta,
      details: {
        patientId: row.patientId,
        changed,
      },
    });
    return { id, event: changed ? (shared ? 'recovery-note.shared' : 'recovery-note.unshared') : undefined };
  });
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
