import type {
  AmendmentChanges,
  CreateAmendmentInput,
  CreateRecoveryNoteInput,
  RecoveryNoteContent,
  UpdateRecoveryNoteInput,
} from '../../../shared/recovery-notes';
import type { Tx } from '../../db/client';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { EventName, RecoveryNoteEvent } from '../../platform/events';
import * as appointments from '../appointments/service';
import * as patients from '../patients/service';
import {
  assertAuthor,
  audit,
  type Caller,
  contentOf,
  MANAGERS,
  noteEntity,
  PATIENT_NOT_FOUND,
  readableNote,
  toNote,
} from './access';
import * as repository from './repository';

/*
 * What a note goes through: a practitioner drafts it, saves it as they type, signs it, amends it once signed;
 * the author, staff or admin share it with the patient. Each change is one transaction with its log entry.
 */

type Ctx = Pick<AppContext, 'db' | 'events'>;

export const SIGNED_NOTE_LOCKED =
  'This note is signed and can no longer be edited; add an amendment to change it';
export const ALREADY_SIGNED = 'This note is already signed';
export const DRAFT_NOT_AMENDABLE = 'This note is still a draft; edit it directly instead of amending it';
export const PAIN_SCORE_REQUIRED = 'Add a pain score before signing';
export const APPOINTMENT_NOT_LINKABLE = 'Link one of your own appointments with this patient';

const conflict = (message: string) => new AppError('CONFLICT', message);

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
