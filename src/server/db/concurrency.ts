import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Whether the database refused with this SQLSTATE, looking through wrapped causes (either driver). */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === code) return true;
  return false;
}

/** Deadlock detected (40P01) or a serialization failure (40001): the transaction did nothing and may run again. */
const isRetryable = (error: unknown) => hasSqlState(error, '40P01') || hasSqlState(error, '40001');

/**
 * Runs work in a transaction, running it again (up to three times in all) when PostgreSQL aborted it as a
 * deadlock victim or a serialization failure: nothing of the aborted try was kept, and the next try sees
 * what the winner committed. The work must not reach outside the database.
 */
export async function transactionRetrying<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}

/** The first key of the two-key advisory locks on practitioners' schedules; an arbitrary constant. */
const SCHEDULE_LOCK_SPACE = 7_305_210;

/**
 * Takes the transaction's advisory locks on practitioners' schedules, in one order, so that writers of one
 * schedule queue up instead of racing into the exclusion constraint together (where PostgreSQL can only
 * break their mutual waits as deadlocks, a second apart). The constraint keeps the last word. Take it
 * before writing anything else in the transaction.
 */
export async function lockSchedules(tx: Tx, practitionerIds: readonly string[]) {
  for (const id of [...new Set(practitionerIds)].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_SPACE}, hashtext(${id}))`);
}
