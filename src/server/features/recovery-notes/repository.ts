import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RecoveryNoteStatus } from '../../../shared/recovery-notes';
import type { Db, Tx } from '../../db/client';
import { recoveryNoteAmendments, recoveryNotes, recoveryNoteTemplates, users } from '../../db/schema';

export type NoteValues = Partial<Omit<typeof recoveryNotes.$inferInsert, 'id' | 'createdAt'>>;

const patientUser = alias(users, 'note_patient');
const authorUser = alias(users, 'note_author');
const signerUser = alias(users, 'note_signer');

const withNames = {
  ...getTableColumns(recoveryNotes),
  patientName: sql<string>`${patientUser.firstName} || ' ' || ${patientUser.lastName}`,
  practitionerName: sql<string>`${authorUser.firstName} || ' ' || ${authorUser.lastName}`,
  signedByName: sql<string | null>`${signerUser.firstName} || ' ' || ${signerUser.lastName}`,
};

export type NoteRow = typeof recoveryNotes.$inferSelect & {
  patientName: string;
  practitionerName: string;
  signedByName: string | null;
};

const selectNotes = (db: Db | Tx) =>
  db
    .select(withNames)
    .from(recoveryNotes)
    .innerJoin(patientUser, eq(patientUser.id, recoveryNotes.patientId))
    .innerJoin(authorUser, eq(authorUser.id, recoveryNotes.practitionerId))
    .leftJoin(signerUser, eq(signerUser.id, recoveryNotes.signedBy));

export async function insertNote(
  db: Db | Tx,
  values: NoteValues & { patientId: string; practitionerId: string; createdAt?: Date },
) {
  const [row] = await db.insert(recoveryNotes).values(values).returning({ id: recoveryNotes.id });
  return row.id;
}

/** One note; `lock` holds it until the transaction ends, so two changes to it never interleave. */
export async function findNote(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  if (options.lock)
    await db
      .select({ id: recoveryNotes.id })
      .from(recoveryNotes)
      .where(eq(recoveryNotes.id, id))
      .for('update');
  const [row] = await selectNotes(db).where(eq(recoveryNotes.id, id)).limit(1);
  return (row as NoteRow | undefined) ?? null;
}

export async function updateNote(db: Db | Tx, id: string, values: NoteValues) {
  await db
    .update(recoveryNotes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(recoveryNotes.id, id));
}

export type ListOptions = {
  /** Only notes of these patients (a practitioner's reach, as a subquery); undefined means no limit. */
  patientIdsIn?: SQL;
  /** A patient: only their own notes that are signed and shared with them. */
  sharedWith?: string;
  patientId?: string;
  practitionerId?: string;
  status?: RecoveryNoteStatus;
  /** Created on or after this instant, and before `before`. */
  since?: Date;
  before?: Date;
  cursorId?: string;
  limit: number;
};

/** What a caller may see of the notes: the same conditions serve the list, the cursor check and progress. */
function visibility(options: Pick<ListOptions, 'patientIdsIn' | 'sharedWith'>) {
  const conditions: SQL[] = [];
  if (options.patientIdsIn) conditions.push(sql`${recoveryNotes.patientId} in (${options.patientIdsIn})`);
  if (options.sharedWith)
    conditions.push(
      eq(recoveryNotes.patientId, options.sharedWith),
      eq(recoveryNotes.status, 'signed'),
      eq(recoveryNotes.sharedWithPatient, true),
    );
  return conditions;
}

/**
 * One page newest first, keyset-paged on (created_at, id): the cursor is the last note of the previous page
 * and the next page starts strictly after it, so pages neither skip nor repeat when notes are added.
 */
export async function listNotes(db: Db | Tx, options: ListOptions): Promise<NoteRow[]> {
  const conditions = visibility(options);
  if (options.patientId) conditions.push(eq(recoveryNotes.patientId, options.patientId));
  if (options.practitionerId) conditions.push(eq(recoveryNotes.practitionerId, options.practitionerId));
  if (options.status) conditions.push(eq(recoveryNotes.status, options.status));
  if (options.since) conditions.push(sql`${recoveryNotes.createdAt} >= ${options.since.toISOString()}`);
  if (options.before) conditions.push(sql`${recoveryNotes.createdAt} < ${options.before.toISOString()}`);
  if (options.cursorId)
    conditions.push(sql`(${recoveryNotes.createdAt}, ${recoveryNotes.id}) <
      (select c.created_at, c.id from recovery_notes c where c.id = ${options.cursorId})`);
  const rows = await selectNotes(db)
    .where(and(...conditions))
    .orderBy(desc(recoveryNotes.createdAt), desc(recoveryNotes.id))
    .limit(options.limit);
  return rows as NoteRow[];
}

/** Signed notes of one patient, oldest first: the points of the progress chart. */
export async function signedNotesOf(db: Db | Tx, patientId: string, options: { sharedOnly: boolean }) {
  const conditions = [eq(recoveryNotes.patientId, patientId), eq(recoveryNotes.status, 'signed')];
  if (options.sharedOnly) conditions.push(eq(recoveryNotes.sharedWithPatient, true));
  return db
    .select({
      id: recoveryNotes.id,
      createdAt: recoveryNotes.createdAt,
      painScore: recoveryNotes.painScore,
      goals: recoveryNotes.goals,
    })
    .from(recoveryNotes)
    .where(and(...conditions))
    .orderBy(asc(recoveryNotes.createdAt), asc(recoveryNotes.id));
}

export async function insertAmendment(db: Db | Tx, values: typeof recoveryNoteAmendments.$inferInsert) {
  await db.insert(recoveryNoteAmendments).values(values);
}

export async function listAmendments(db: Db | Tx, noteId: string) {
  return db
    .select({
      ...getTableColumns(recoveryNoteAmendments),
      authorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(recoveryNoteAmendments)
    .innerJoin(users, eq(users.id, recoveryNoteAmendments.authorId))
    .where(eq(recoveryNoteAmendments.noteId, noteId))
    .orderBy(asc(recoveryNoteAmendments.createdAt), asc(recoveryNoteAmendments.id));
}

export async function listTemplates(db: Db | Tx) {
  return db
    .select()
    .from(recoveryNoteTemplates)
    .orderBy(asc(recoveryNoteTemplates.sortOrder), asc(recoveryNoteTemplates.name));
}

export async function findTemplate(db: Db | Tx, id: string) {
  const [row] = await db
    .select()
    .from(recoveryNoteTemplates)
    .where(eq(recoveryNoteTemplates.id, id))
    .limit(1);
  return row ?? null;
}
