import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { exercises, storedFiles } from '../../db/schema';

export type ExerciseRow = typeof exercises.$inferSelect;
export type NewExerciseRow = typeof exercises.$inferInsert;
export type StoredFileRow = typeof storedFiles.$inferSelect;
export type ExerciseWithMedia = { exercise: ExerciseRow; media: StoredFileRow | null };

const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export type ListOptions = {
  search?: string;
  region?: ExerciseRow['bodyRegion'];
  tag?: string;
  archived: boolean;
  cursorId?: string;
  limit: number;
};

/**
 * One page by name (ties by id), keyset-paged from the last exercise of the previous page. A search matches
 * the name, the instructions or a tag.
 */
export function listExercises(db: Db | Tx, options: ListOptions): Promise<ExerciseWithMedia[]> {
  const conditions: SQL[] = [
    options.archived ? isNotNull(exercises.archivedAt) : isNull(exercises.archivedAt),
  ];
  if (options.region) conditions.push(eq(exercises.bodyRegion, options.region));
  if (options.tag) conditions.push(sql`${options.tag} = any(${exercises.tags})`);
  if (options.search) {
    const pattern = containsPattern(options.search);
    conditions.push(
      or(
        sql`${exercises.name} ilike ${pattern}`,
        sql`${exercises.instructions} ilike ${pattern}`,
        sql`exists (select 1 from unnest(${exercises.tags}) tag where tag ilike ${pattern})`,
      )!,
    );
  }
  if (options.cursorId)
    conditions.push(sql`(lower(${exercises.name}), ${exercises.id}) >
      (select lower(c.name), c.id from exercises c where c.id = ${options.cursorId})`);
  return db
    .select({ exercise: exercises, media: storedFiles })
    .from(exercises)
    .leftJoin(storedFiles, eq(storedFiles.id, exercises.mediaFileId))
    .where(and(...conditions))
    .orderBy(sql`lower(${exercises.name})`, exercises.id)
    .limit(options.limit);
}

export async function findExercise(db: Db | Tx, id: string): Promise<ExerciseWithMedia | null> {
  const [row] = await db
    .select({ exercise: exercises, media: storedFiles })
    .from(exercises)
    .leftJoin(storedFiles, eq(storedFiles.id, exercises.mediaFileId))
    .where(eq(exercises.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertExercise(db: Db | Tx, values: NewExerciseRow) {
  const [row] = await db.insert(exercises).values(values).returning({ id: exercises.id });
  return row!.id;
}

export async function updateExercise(db: Db | Tx, id: string, values: Partial<NewExerciseRow>) {
  const [row] = await db
    .update(exercises)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(exercises.id, id))
    .returning({ id: exercises.id });
  return row?.id ?? null;
}

export async function insertStoredFile(db: Db | Tx, values: typeof storedFiles.$inferInsert) {
  const [row] = await db.insert(storedFiles).values(values).returning();
  return row!;
}

export async function findStoredFile(db: Db | Tx, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

export async function findStoredFileByKey(db: Db | Tx, storageKey: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.storageKey, storageKey)).limit(1);
  return row ?? null;
}

/** Whether an exercise, archived or not, shows the file. */
export async function isExerciseMedia(db: Db | Tx, fileId: string) {
  const [row] = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(eq(exercises.mediaFileId, fileId))
    .limit(1);
  return Boolean(row);
}

export async function findExerciseByName(db: Db | Tx, name: string) {
  const [row] = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(sql`lower(${exercises.name}) = lower(${name})`)
    .limit(1);
  return row ?? null;
}

/** Exercises, archived or not, with their media file, by id: one query for any number of ids. */
export async function exercisesByIds(db: Db | Tx, ids: readonly string[]): Promise<ExerciseWithMedia[]> {
  if (ids.length === 0) return [];
  return db
    .select({ exercise: exercises, media: storedFiles })
    .from(exercises)
    .leftJoin(storedFiles, eq(storedFiles.id, exercises.mediaFileId))
    .where(inArray(exercises.id, [...new Set(ids)]));
}

/** Exercises not archived whose name contains a term, in a region; by name, a few dozen at most. */
export async function findByName(
  db: Db | Tx,
  { q, region, limit }: { q?: string; region?: ExerciseRow['bodyRegion']; limit: number },
) {
  const conditions: SQL[] = [isNull(exercises.archivedAt)];
  if (q) conditions.push(sql`${exercises.name} ilike ${containsPattern(q)}`);
  if (region) conditions.push(eq(exercises.bodyRegion, region));
  return db
    .select()
    .from(exercises)
    .where(and(...conditions))
    .orderBy(asc(exercises.name))
    .limit(limit);
}
