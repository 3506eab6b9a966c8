import type { RecoveryNote, RecoveryNoteContent, RecoveryNoteSummary } from '../../../shared/recovery-notes';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { auditAs } from '../../platform/activity';
import { forbidden, notFound } from '../../platform/errors';
import * as patients from '../patients/service';
import * as repository from './repository';

export type Caller = { id: string; role: Role };

export const NOTE_NOT_FOUND = 'Recovery note not found';
export const PATIENT_NOT_FOUND = 'Patient not found';
/** Staff and admin read every note and share or unshare them; they never write or sign one. */
export const MANAGERS: readonly Role[] = ['staff', 'admin'];

/**
 * Who may read a note (PRODUCT.md, 'Who may see what'): staff and admin every note, a practitioner the notes
 * of the patients in their reach (the patients feature decides reach), a patient their own notes once signed
 * and shared with them. Members none.
 */
export async function canRead(db: Db | Tx, caller: Caller, row: repository.NoteRow) {
  if (MANAGERS.includes(caller.role)) return true;
  if (caller.role === 'practitioner') return patients.isPatientInReach(db, caller, row.patientId);
  if (caller.role === 'patient')
    return row.patientId === caller.id && row.status === 'signed' && row.sharedWithPatient;
  return false;
}

/** The note when the caller may read it; otherwise it does not exist for them, so ids cannot be probed. */
export async function readableNote(
  db: Db | Tx,
  caller: Caller,
  { id, lock }: { id: string; lock?: boolean },
) {
  const row = await repository.findNote(db, id, { lock });
  if (!row || !(await canRead(db, caller, row))) throw notFound(NOTE_NOT_FOUND);
  return row;
}

/** A practitioner writes only their own notes. */
export function assertAuthor(caller: Caller, row: repository.NoteRow) {
  if (caller.role !== 'practitioner' || caller.id !== row.practitionerId)
    throw forbidden('Only the practitioner who wrote this note can change it');
}

export const noteEntity = (id: string) => ({ type: 'recovery_note' as const, id });

/** Every read and write of a note is logged with who, what and which patient; never the note's text. */
export const audit = auditAs<'recovery_note' | 'patient'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function contentOf(row: repository.NoteRow): RecoveryNoteContent {
  return {
    subjective: row.subjective,
    objective: row.objective,
    assessment: row.assessment,
    plan: row.plan,
    painScore: row.painScore,
    goals: row.goals,
  };
}

export function toSummary(row: repository.NoteRow): RecoveryNoteSummary {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: row.patientName,
    practitionerId: row.practitionerId,
    practitionerName: row.practitionerName,
    appointmentId: row.appointmentId,
    status: row.status,
    painScore: row.painScore,
    sharedWithPatient: row.sharedWithPatient,
    amendmentCount: row.amendmentCount,
    signedAt: iso(row.signedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The note with its history. The version signed is the current one with each amendment's previous values
 * put back, newest amendment first, so the original is never stored twice and cannot drift from the record.
 */
export async function toNote(db: Db | Tx, row: repository.NoteRow): Promise<RecoveryNote> {
  const amendments = row.status === 'signed' ? await repository.listAmendments(db, row.id) : [];
  const current = contentOf(row);
  let original: RecoveryNoteContent | null = null;
  if (row.status === 'signed') {
    original = { ...current };
    for (const amendment of [...amendments].reverse()) original = { ...original, ...amendment.previous };
  }
  return {
    ...toSummary(row),
    ...current,
    signedById: row.signedBy,
    signedByName: row.signedBy ? row.signedByName : null,
    sharedAt: iso(row.sharedAt),
    history: {
      original,
      amendments: amendments.map((amendment) => ({
        id: amendment.id,
        authorId: amendment.authorId,
        authorName: amendment.authorName,
        reason: amendment.reason,
        changes: amendment.changes,
        previous: amendment.previous,
        createdAt: amendment.createdAt.toISOString(),
      })),
    },
  };
}
