import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FileStore } from '../platform/file-store';
import { databaseLevel, type MigrationLevel, quote, readSequences, readTables } from './backup-catalog';
import type { Database, Tx } from './client';
import { rowsOf } from './rows';

/**
 * A backup is gzipped JSON lines: a header (format, migration level), then for each table a line naming its
 * columns followed by one JSON array per row, each value PostgreSQL's own text for it (or null), then a
 * trailer with every table's row count and the sequences. Text is what pg_dump's COPY carries too: bytea,
 * jsonb, numerics and timestamps with microseconds come back exactly, on PGlite and PostgreSQL alike.
 * Version 2 adds the uploaded files the stored_files rows name, after the tables: a line naming each file
 * (key, type, size, SHA-256), then its bytes in base64 parts; the trailer counts the files.
 */
export const BACKUP_FORMAT = 'clinic-portal-backup';
export const BACKUP_VERSION = 2;
/** Versions this code restores: a version 1 backup simply has no files. */
export const READABLE_BACKUP_VERSIONS = [1, 2];

export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  version: number;
  takenAt: string;
  database: Database['kind'];
  migration: MigrationLevel;
};
export type BackupTableLine = { table: string; columns: string[] };
export type BackupFileLine = { file: string; contentType: string; byteSize: number; sha256: string };
export type BackupPartLine = { part: string };
export type BackupTrailer = {
  end: {
    tables: Record<string, number>;
    sequences: Record<string, { value: string; isCalled: boolean }>;
    files?: number;
  };
};
export type BackupSummary = { file: string; migration: string; tables: number; rows: number; files: number };
/** Raw bytes per part line: a little over a megabyte of base64. */
const PART_BYTES = 786_432;

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
export async function takeBackup(
  database: Database,
  file: string,
  options: { files?: FileStore } = {},
): Promise<BackupSummary> {
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
        const tables = await readTables(tx);
        for (const table of tables) {
          const line: BackupTableLine = {
            table: table.name,
            columns: table.columns.map((column) => column.name),
          };
          await write(line);
          counts[table.name] = await writeRows(tx, { table: table.name, columns: line.columns, write });
        }
        const hasFiles = tables.some((table) => table.name === 'stored_files');
        const files = hasFiles ? await writeFiles(tx, { store: options.files, write }) : 0;
        const trailer: BackupTrailer = { end: { tables: counts, sequences: await readSequences(tx), files } };
        await write(trailer);
        const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
        return { file, migration: migration.tag, tables: Object.keys(counts).length, rows, files };
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

/** The bytes of every file stored_files names, from the file store, each checked against its SHA-256. */
async function writeFiles(
  tx: Tx,
  { store, write }: { store: FileStore | undefined; write: (value: unknown) => Promise<void> },
) {
  const rows = await rowsOf<{ storage_key: string; content_type: string; byte_size: number; sha256: string }>(
    tx,
    sql`select storage_key, content_type, byte_size, sha256 from stored_files order by storage_key`,
  );
  if (rows.length > 0 && !store)
    throw new Error('The clinic has uploaded files: a backup needs its file store.');
  for (const row of rows) {
    const header: BackupFileLine = {
      file: row.storage_key,
      contentType: row.content_type,
      byteSize: Number(row.byte_size),
      sha256: row.sha256,
    };
    const body = await store!.get(row.storage_key);
    if (!body) throw new Error(`The file store has no ${row.storage_key}, which stored_files names.`);
    await write(header);
    const hash = createHash('sha256');
    let pending = Buffer.alloc(0);
    for await (const chunk of body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= PART_BYTES) {
        await write({ part: pending.subarray(0, PART_BYTES).toString('base64') } satisfies BackupPartLine);
        pending = pending.subarray(PART_BYTES);
      }
    }
    if (pending.length > 0) await write({ part: pending.toString('base64') } satisfies BackupPartLine);
    if (hash.digest('hex') !== row.sha256)
      throw new Error(`The file store's ${row.storage_key} does not match its SHA-256 in stored_files.`);
  }
  return rows.length;
}
