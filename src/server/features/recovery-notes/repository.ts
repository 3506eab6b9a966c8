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

/** db.execute answers { rows } on both drivers. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The author's drafts, newest change first; the count of all of them rides on each row (one statement). */
export async function draftsOf(db: Db | Tx, practitionerId: string, limit: number) {
  return db
    .select({
      id: recoveryNotes.id,
      patientId: recoveryNotes.patientId,
      patientName: sql<string>`${patientUser.firstName} || ' ' || ${patientUser.lastName}`,
      updatedAt: recoveryNotes.updatedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(recoveryNotes)
    .innerJoin(patientUser, eq(patientUser.id, recoveryNotes.patientId))
    .where(and(eq(recoveryNotes.practitionerId, practitionerId), eq(recoveryNotes.status, 'draft')))
    .orderBy(desc(recoveryNotes.updatedAt), desc(recoveryNotes.id))
    .limit(limit);
}

/**
 * The patients of a set (a subquery of ids) with a note since a moment, each with their latest note, newest
 * first; the count of such patients rides on each row.
 */
export async function patientsWithNotesSince(
  db: Db | Tx,
  { patientIdsIn, since, limit }: { patientIdsIn: SQL; since: Date; limit: number },
) {
  const result = await db.execute(sql`
    with latest as (
      select distinct on (n.patient_id) n.patient_id, n.id, n.created_at
      from recovery_notes n
      where n.patient_id in (${patientIdsIn}) and n.created_at >= ${since.toISOString()}
      order by n.patient_id, n.created_at desc, n.id desc
    )
    select l.patient_id as "patientId", l.id as "noteId", l.created_at as "createdAt",
           u.first_name || ' ' || u.last_name as "patientName", count(*) over () as "total"
    from latest l join users u on u.id = l.patient_id
    order by l.created_at desc, l.id desc
    limit ${limit}`);
  return rowsOf<{
    patientId: string;
    noteId: string;
    createdAt: string | Date;
    patientName: string;
    total: string | number;
  }>(result);
}

export async function countSignedSince(db: Db | Tx, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(recoveryNotes)
    .where(and(eq(recoveryNotes.status, 'signed'), sql`${recoveryNotes.signedAt} >= ${since.toISOString()}`));
  return row.count;
}
