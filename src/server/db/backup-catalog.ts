import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../paths';
import type { Db, Tx } from './client';
import { rowsOf } from './rows';

/**
 * What a backup and a restore need to know about the app's schema, read from the database's own catalog so
 * that a table added by a later migration is covered without a list to keep up to date.
 */
export type Column = { name: string; type: string };
export type Table = { name: string; columns: Column[]; hasTriggers: boolean };
/** The migration level: how many of the code's migrations are applied, and the last one's name. */
export type MigrationLevel = { applied: number; createdAt: string; tag: string };

type Queryable = Db | Tx;

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The schema's tables, parents before children, without generated columns (the database computes them). */
export async function readTables(db: Queryable): Promise<Table[]> {
  const found = await rowsOf<{ name: string; columns: string; has_triggers: boolean }>(
    db,
    sql`select c.relname as name,
          json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod))
            order by a.attnum)::text as columns,
          exists (select 1 from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal) as has_triggers
        from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
          and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        group by c.oid, c.relname`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        where k.contype = 'f' and child.relnamespace = current_schema()::regnamespace`,
  );
  const tables = new Map(
    found.map((table) => [
      table.name,
      { name: table.name, columns: JSON.parse(table.columns) as Column[], hasTriggers: table.has_triggers },
    ]),
  );
  return inReferenceOrder(tables, references);
}

/** Kahn's order with names as the tie-break, so every backup of one schema lists its tables alike. */
function inReferenceOrder(tables: Map<string, Table>, references: { child: string; parent: string }[]) {
  const parents = new Map([...tables.keys()].map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && tables.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: Table[] = [];
  while (parents.size) {
    const ready = [...parents].filter(([, waiting]) => waiting.size === 0).map(([name]) => name);
    if (!ready.length)
      throw new Error(`The tables ${[...parents.keys()].join(', ')} reference each other in a cycle.`);
    for (const name of ready.sort()) {
      ordered.push(tables.get(name) as Table);
      parents.delete(name);
      for (const waiting of parents.values()) waiting.delete(name);
    }
  }
  return ordered;
}

export async function readSequences(db: Queryable) {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select relname as name from pg_class
        where relnamespace = current_schema()::regnamespace and relkind = 'S' order by relname`,
  );
  const sequences: Record<string, { value: string; isCalled: boolean }> = {};
  for (const { name } of names) {
    const [state] = await rowsOf<{ value: string; is_called: boolean }>(
      db,
      sql.raw(`select last_value::text as value, is_called from ${quote(name)}`),
    );
    sequences[name] = { value: state.value, isCalled: state.is_called };
  }
  return sequences;
}

const journal = () =>
  (
    JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    }
  ).entries;

/** The newest migration this code knows. */
export function codeLevel(): MigrationLevel {
  const entries = journal();
  const last = entries[entries.length - 1];
  return { applied: entries.length, createdAt: String(last.when), tag: last.tag };
}

/** The level a database is at; applied 0 when it was never migrated. */
export async function databaseLevel(db: Queryable): Promise<MigrationLevel> {
  const [table] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table.exists) return { applied: 0, createdAt: '0', tag: '' };
  const [level] = await rowsOf<{ applied: number; created_at: string | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  if (!level.created_at) return { applied: 0, createdAt: '0', tag: '' };
  const known = journal().find((entry) => String(entry.when) === level.created_at);
  return {
    applied: level.applied,
    createdAt: level.created_at,
    tag: known?.tag ?? `unknown (${level.created_at})`,
  };
}

/** Applies the code's migrations up to and including the one made at `createdAt`, as drizzle's migrator would. */
export async function migrateUpTo(db: Db, createdAt: string) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).filter(
    (migration) => migration.folderMillis <= Number(createdAt),
  );
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(migrations, internals.session, { migrationsFolder: MIGRATIONS_DIR });
}
