import { PgPreparedQuery, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { PgliteDrizzleClient } from './pglite-driver';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot statement built once per database and prepared by name on each connection: for a one-row lookup,
 * building the query costs more CPU than running it. node-postgres prepares it by its name; on PGlite the
 * driver's client is told the name, since drizzle's PGlite session drops it (see pglite-driver.ts).
 * Transactions (one connection, briefly) get null and run the ordinary query.
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
    const client = (database as { $client?: unknown }).$client;
    if (client instanceof PgliteDrizzleClient && statement instanceof PgPreparedQuery) {
      client.nameStatement(name, statement.getQuery().sql);
    }
    byName.set(name, statement);
  }
  return statement;
}
