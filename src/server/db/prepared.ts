import type { SQL } from 'drizzle-orm';
import { PgDialect, PgPreparedQuery, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { PgliteDrizzleClient } from './pglite-driver';
import { rowsOf } from './rows';

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

const namedTexts = new WeakMap<Db, Set<string>>();
const dialect = new PgDialect();

/**
 * The rows of a raw statement a builder cannot say (a write with its audit row in one statement, say), run
 * on PGlite as the named statement `name`: parsed once, then bound and run in one round trip. node-postgres
 * sends any query as one round trip already. In a transaction it is the ordinary query.
 */
export async function namedRowsOf<T>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  if (!(db instanceof PgTransaction)) {
    const database = db as Db;
    const client = (database as { $client?: unknown }).$client;
    let named = namedTexts.get(database);
    if (!named) {
      named = new Set();
      namedTexts.set(database, named);
    }
    if (client instanceof PgliteDrizzleClient && !named.has(name)) {
      client.nameStatement(name, dialect.sqlToQuery(query).sql);
      named.add(name);
    }
  }
  return rowsOf<T>(db, query);
}
