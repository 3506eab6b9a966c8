import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * The rows of a raw query, typed as the caller names them. Both drivers answer `execute` with `{ rows }`, but
 * the shared `Db` type cannot say which driver it is, so the one cast of that answer lives here.
 */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
