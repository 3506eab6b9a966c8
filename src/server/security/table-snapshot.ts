import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/** The app's tables, found in the database so a table added later is counted without a change here. */
async function tableNames(db: Db) {
  const result = await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf(result).map((row) => String(row.table_name));
}

/**
 * Every table's row count and a digest of its rows, to prove that refused requests stored nothing.
 * `countOnly` tables are compared by count alone and `skip` tables not at all, for what reads legitimately touch.
 */
export async function snapshotTables(
  db: Db,
  options: { countOnly?: readonly string[]; skip?: readonly string[] } = {},
) {
  const snapshot: Record<string, string> = {};
  for (const table of await tableNames(db)) {
    if (options.skip?.includes(table)) continue;
    const name = sql.identifier(table);
    const digest = options.countOnly?.includes(table)
      ? sql`''`
      : sql`coalesce(md5(string_agg(t::text, '|' order by t::text)), '')`;
    const [row] = rowsOf(
      await db.execute(sql`select count(*)::int as n, ${digest} as digest from ${name} t`),
    );
    snapshot[table] = `${row.n} ${row.digest}`;
  }
  return snapshot;
}
