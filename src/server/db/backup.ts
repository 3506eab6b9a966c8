import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { databaseLevel, type MigrationLevel, quote, readSequences, readTables } from './backup-catalog';
import type { Database, Tx } from './client';
import { rowsOf } from './rows';

/**
 * A backup is gzipped JSON lines: a header (format, migration level), then for each table a line naming its
 * columns followed by one JSON array per row, each value PostgreSQL's own text for it (or null), then a
 * trailer with every table's row count and the sequences. Text is what pg_dump's COPY carries too: bytea,
 * jsonb, numerics and timestamps with microseconds come back exactly, on PGlite and PostgreSQL alike.
 */
export const BACKUP_FORMAT = 'clinic-portal-backup';
export const BACKUP_VERSION = 1;

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  takenAt: string;
  database: Database['kind'];
  migration: MigrationLevel;
};
export type BackupTableLine = { table: string; columns: string[] };
export type BackupTrailer = {
  end: { tables: Record<string, number>; sequences: Record<string, { value: string; isCalled: boolean }> };
};
export type BackupSummary = { file: string; migration: string; tables: number; rows: number };

const FETCH_ROWS = 2000;

/** Settings that make every value's text the same whoever reads it (pg_dump sets the same). */
export async function setCanonicalText(tx: Tx) {
  await tx.execute(sql`set local timezone to 'UTC'`);
  await tx.execute(sql`set local datestyle to 'ISO, YMD'`);
  await tx.execute(sql`set local intervalstyle to 'postgres'`);
  await tx.execute(sql`set local bytea_output to 'hex'`);
  await tx.execute(sql`set local extra_float_digits to 1`);
}

/**
 * One consistent snapshot (repeatable read, read only) of every table, written to `<file>.partial` and
 * renamed into place once synced, so a failed backup never leaves a file that looks whole.
 */
export async function takeBackup(database: Database, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const written = finished(gzip.pipe(createWriteStream(partial)));
  const write = async (value: unknown) => {
    if (!gzip.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`))
      await once(gzip, 'drain');
  };
  try {
    const summary = await database.db.transaction(
      async (tx) => {
        await setCanonicalText(tx);
        const migration = await databaseLevel(tx);
        if (!migration.applied)
          throw new Error('The database has no migrations applied: nothing to back up.');
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          takenAt: new Date().toISOString(),
          database: database.kind,
          migration,
        };
        await write(header);
        const counts: Record<string, number> = {};
        for (const table of await readTables(tx)) {
          const line: BackupTableLine = {
            table: table.name,
            columns: table.columns.map((column) => column.name),
          };
          await write(line);
          counts[table.name] = await writeRows(tx, { table: table.name, columns: line.columns, write });
        }
        const trailer: BackupTrailer = { end: { tables: counts, sequences: await readSequences(tx) } };
        await write(trailer);
        const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
        return { file, migration: migration.tag, tables: Object.keys(counts).length, rows };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await written;
    const handle = await open(partial, 'r');
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    return summary;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** Streams a table through a cursor, so a large clinic is never held in memory at once. */
async function writeRows(
  tx: Tx,
  { table, columns, write }: { table: string; columns: string[]; write: (line: string) => Promise<void> },
) {
  const values = columns.map((column) => `${quote(column)}::text`).join(', ');
  await tx.execute(
    sql.raw(`declare backup_rows no scroll cursor for select array_to_json(array[${values}]::text[])::text as line
             from ${quote(table)}`),
  );
  let count = 0;
  for (;;) {
    const rows = await rowsOf<{ line: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
    for (const row of rows) await write(row.line);
    count += rows.length;
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close backup_rows`);
  return count;
}
