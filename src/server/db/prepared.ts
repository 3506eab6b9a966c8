import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot statement built once per database and prepared by name on each connection: for a one-row lookup,
 * building the query costs more CPU than running it. Transactions (one connection, briefly) get null and
 * run the ordinary query.
 */
export function prepared<T>(db: Db | Tx, name: string, build: (db: Db) => T): T | null {
  if (db instanceof PgTransaction) return null;
  const database = db as Db;
  let byName = statements.get(database);
  if (!byName) {
    byName = new Map();
    statements.set(database, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build(database);
    byName.set(name, statement);
  }
  return statement;
}
