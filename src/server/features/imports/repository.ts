import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { importItems, importRuns } from '../../db/schema';

export type ImportRunRow = typeof importRuns.$inferSelect;
const RECENT_RUNS = 20;

export async function insertRun(db: Db | Tx, values: typeof importRuns.$inferInsert) {
  await db.insert(importRuns).values(values);
}

export async function findRun(db: Db | Tx, id: string) {
  const [row] = await db.select().from(importRuns).where(eq(importRuns.id, id));
  return row ?? null;
}

/** The latest runs, without their files. */
export function listRuns(db: Db) {
  const { source: _source, ...columns } = getTableColumns(importRuns);
  return db.select(columns).from(importRuns).orderBy(desc(importRuns.createdAt)).limit(RECENT_RUNS);
}

/** Locks a run for its change (undo against a job finishing). */
export async function lockRun(tx: Tx, id: string) {
  const [row] = await tx.select().from(importRuns).where(eq(importRuns.id, id)).for('update');
  return row ?? null;
}

export async function updateRun(db: Db | Tx, id: string, values: Partial<typeof importRuns.$inferInsert>) {
  await db.update(importRuns).set(values).where(eq(importRuns.id, id));
}

/** Adds a batch's figures to the run's progress, in the batch's transaction. */
export async function addProgress(
  db: Db | Tx,
  id: string,
  step: { processed: number; created: number; matched: number; skipped: number },
) {
  await db
    .update(importRuns)
    .set({
      processed: sql`${importRuns.processed} + ${step.processed}`,
      created: sql`${importRuns.created} + ${step.created}`,
      matched: sql`${importRuns.matched} + ${step.matched}`,
      skipped: sql`${importRuns.skipped} + ${step.skipped}`,
    })
    .where(eq(importRuns.id, id));
}

export async function insertItems(db: Db | Tx, runId: string, entityIds: string[]) {
  if (entityIds.length > 0)
    await db.insert(importItems).values(entityIds.map((entityId) => ({ runId, entityId })));
}

export async function listItemIds(db: Db | Tx, runId: string) {
  const rows = await db
    .select({ id: importItems.entityId })
    .from(importItems)
    .where(eq(importItems.runId, runId));
  return rows.map((row) => row.id);
}

export async function countItems(db: Db | Tx, runId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(importItems)
    .where(eq(importItems.runId, runId));
  return row?.count ?? 0;
}
