import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { FileStore } from '../platform/file-store';
import {
  BACKUP_FORMAT,
  type BackupFileLine,
  type BackupHeader,
  type BackupPartLine,
  type BackupTableLine,
  type BackupTrailer,
  READABLE_BACKUP_VERSIONS,
  setCanonicalText,
} from './backup';
import { codeLevel, databaseLevel, migrateUpTo, quote, readTables, type Table } from './backup-catalog';
import type { Database, Tx } from './client';
import { rowsOf } from './rows';

export class RestoreRefusedError extends Error {}
export type RestoreSummary = {
  file: string;
  migration: string;
  migratedTo: string;
  tables: number;
  rows: number;
  files: number;
};

const BATCH_ROWS = 500;
const BATCH_CHARS = 2_000_000;

/**
 * Loads a backup into a database with no rows but those its migrations make (or, with `force`, replaces every
 * row). The database is first
 * migrated to the backup's level, the rows load in one transaction (parents first, the tables' own triggers
 * off so that no row is made twice), the sequences are set, and then the newer migrations run on the data.
 * Nothing is written before the whole file has been read and found complete.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: { force?: boolean; files?: FileStore } = {},
): Promise<RestoreSummary> {
  const { header, trailer, files } = await verifyBackup(file);
  if (files > 0 && !options.files)
    throw new RestoreRefusedError('The backup holds uploaded files: a restore needs the file store.');
  const code = codeLevel();
  if (BigInt(header.migration.createdAt) > BigInt(code.createdAt)) {
    throw new RestoreRefusedError(
      `The backup was taken at migration ${header.migration.tag}, newer than this version of the clinic knows ` +
        `(${code.tag}). Restore it with the version that took it, or a newer one.`,
    );
  }
  const db = database.db;
  return database.exclusively(async () => {
    const target = await databaseLevel(db);
    if (BigInt(target.createdAt) > BigInt(header.migration.createdAt)) {
      throw new RestoreRefusedError(
        `The database is at migration ${target.tag}, past the backup's ${header.migration.tag}: restore into a ` +
          'new database (a new PostgreSQL database, or an empty DATA_DIR built before that migration).',
      );
    }
    await migrateUpTo(db, header.migration.createdAt);
    const tables = await readTables(db);
    if (!options.force) await refuseRows(db, tables);
    // The files go first: rows that name a file never exist without it. Keys are unique to each file.
    const written = files > 0 ? await loadFiles(file, options.files!) : [];
    const rows = await db
      .transaction(async (tx) => loadRows(tx, { file, tables, trailer }))
      .catch(async (error) => {
        for (const key of written) await options.files!.delete(key).catch(() => {});
        throw error;
      });
    await database.migrate();
    return {
      file,
      migration: header.migration.tag,
      migratedTo: (await databaseLevel(db)).tag,
      tables: Object.keys(trailer.end.tables).length,
      rows,
      files,
    };
  });
}

/** Rows the migrations make themselves (counters, settings, templates) do not make a database a clinic's. */
function tablesMigrationsFill() {
  const names = new Set<string>();
  for (const migration of readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })) {
    for (const match of migration.sql.join('\n').matchAll(/^\s*insert into "?(\w+)"?/gim))
      names.add(match[1]);
  }
  return names;
}

async function refuseRows(db: Database['db'], tables: Table[]) {
  const filledByMigrations = tablesMigrationsFill();
  for (const table of tables.filter((candidate) => !filledByMigrations.has(candidate.name))) {
    const [found] = await rowsOf<{ found: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${quote(table.name)}) as found`),
    );
    if (found!.found) {
      throw new RestoreRefusedError(
        `The database is not empty (${table.name} has rows). Restore into a new database, or pass --force ` +
          'to replace everything in it.',
      );
    }
  }
}

async function loadRows(
  tx: Tx,
  { file, tables, trailer }: { file: string; tables: Table[]; trailer: BackupTrailer },
) {
  await setCanonicalText(tx);
  const byName = new Map(tables.map((table) => [table.name, table]));
  // What the migrations made (and, with --force, everything) gives way to the backup's rows.
  await tx.execute(sql.raw(`truncate table ${tables.map((table) => quote(table.name)).join(', ')}`));
  const triggered = tables.filter((table) => table.hasTriggers);
  for (const table of triggered)
    await tx.execute(sql.raw(`alter table ${quote(table.name)} disable trigger user`));

  let insert: ((batch: string[]) => Promise<void>) | undefined;
  let batch: string[] = [];
  let batchChars = 0;
  let total = 0;
  const flush = async () => {
    if (batch.length) await insert?.(batch);
    total += batch.length;
    batch = [];
    batchChars = 0;
  };
  for await (const line of backupLines(file)) {
    if (line.startsWith('{"file"') || line.startsWith('{"part"')) continue;
    if (line.startsWith('[')) {
      batch.push(line);
      batchChars += line.length;
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
      continue;
    }
    await flush();
    const parsed = JSON.parse(line) as Partial<BackupTableLine>;
    if (!parsed.table || !parsed.columns) continue;
    const table = byName.get(parsed.table);
    if (!table)
      throw new RestoreRefusedError(`The backup has a table, ${parsed.table}, that this database lacks.`);
    insert = inserter(tx, table, parsed.columns);
  }
  await flush();

  for (const [name, state] of Object.entries(trailer.end.sequences)) {
    await tx.execute(sql`select setval(${quote(name)}::regclass, ${state.value}::bigint, ${state.isCalled})`);
  }
  for (const table of triggered)
    await tx.execute(sql.raw(`alter table ${quote(table.name)} enable trigger user`));
  return total;
}

/** An insert of a batch of rows, each value cast from its text to the column's type in this database. */
function inserter(tx: Tx, table: Table, columns: string[]) {
  const types = new Map(table.columns.map((column) => [column.name, column.type]));
  const casts = columns.map((name, index) => {
    const type = types.get(name);
    if (!type)
      throw new RestoreRefusedError(
        `The backup's table ${table.name} has a column, ${name}, this database lacks.`,
      );
    return `(r->>${index})::${type}`;
  });
  const statement = `insert into ${quote(table.name)} (${columns.map(quote).join(', ')}) overriding system value
    select ${casts.join(', ')} from json_array_elements(`;
  return async (batch: string[]) => {
    try {
      await tx.execute(sql`${sql.raw(statement)}${`[${batch.join(',')}]`}::json) as r`);
    } catch (error) {
      // The database's own message may quote a row's values (health data): name only the table and the rule.
      const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
      throw new RestoreRefusedError(
        `The database refused rows of ${table.name} (SQLSTATE ${cause.code ?? 'unknown'}` +
          `${cause.constraint ? `, constraint ${cause.constraint}` : ''}): the backup does not fit this ` +
          'database or is damaged. Nothing was restored.',
      );
    }
  };
}

/** Reads the whole file once, before the database is touched: a damaged or cut-off backup is refused whole. */
async function verifyBackup(file: string) {
  let header: BackupHeader | undefined;
  let trailer: BackupTrailer | undefined;
  const counts: Record<string, number> = {};
  let table: BackupTableLine | undefined;
  const files = new FileCheck(file);
  for await (const line of backupLines(file)) {
    if (trailer) throw damaged(file, 'it goes on after its end');
    if (!header) {
      header = parseLine<BackupHeader>(file, line);
      if (header.format !== BACKUP_FORMAT) throw damaged(file, 'it is not a clinic backup');
      if (!READABLE_BACKUP_VERSIONS.includes(header.version))
        throw damaged(file, `its format version ${header.version} is unknown`);
      continue;
    }
    const parsed = parseLine<
      Partial<BackupTableLine & BackupTrailer & BackupFileLine & BackupPartLine> | unknown[]
    >(file, line);
    if (!Array.isArray(parsed) && (parsed.file !== undefined || parsed.part !== undefined)) {
      files.take(parsed);
      continue;
    }
    if (Array.isArray(parsed)) {
      if (!table || parsed.length !== table.columns.length)
        throw damaged(file, 'a row does not fit its table');
      if (!parsed.every((value) => value === null || typeof value === 'string'))
        throw damaged(file, 'a bad value');
      counts[table.table] += 1;
    } else if (parsed.table && Array.isArray(parsed.columns)) {
      table = { table: parsed.table, columns: parsed.columns };
      counts[table.table] = 0;
    } else if (parsed.end) {
      files.finish();
      trailer = { end: parsed.end };
    } else throw damaged(file, 'a line is neither a table nor a row');
  }
  if (!header || !trailer) throw damaged(file, 'it is incomplete (no end)');
  for (const [name, count] of Object.entries(trailer.end.tables)) {
    if (counts[name] !== count) throw damaged(file, `${name} should have ${count} rows`);
  }
  if ((trailer.end.files ?? 0) !== files.count)
    throw damaged(file, `it should hold ${trailer.end.files ?? 0} files`);
  return { header, trailer, files: files.count };
}

/** Each file's parts add up to its size and its SHA-256, or the backup is refused whole. */
class FileCheck {
  count = 0;
  private current: { line: BackupFileLine; hash: ReturnType<typeof createHash>; bytes: number } | null = null;
  constructor(private readonly backup: string) {}

  take(line: Partial<BackupFileLine & BackupPartLine>) {
    if (typeof line.part === 'string') {
      if (!this.current) throw damaged(this.backup, 'a file part belongs to no file');
      const bytes = Buffer.from(line.part, 'base64');
      this.current.hash.update(bytes);
      this.current.bytes += bytes.length;
      return;
    }
    this.finish();
    if (typeof line.file !== 'string' || typeof line.sha256 !== 'string' || typeof line.byteSize !== 'number')
      throw damaged(this.backup, 'a file line is incomplete');
    this.current = { line: line as BackupFileLine, hash: createHash('sha256'), bytes: 0 };
  }

  finish() {
    if (!this.current) return;
    const { line, hash, bytes } = this.current;
    if (bytes !== line.byteSize || hash.digest('hex') !== line.sha256)
      throw damaged(this.backup, `the file ${line.file} does not match its size and SHA-256`);
    this.count += 1;
    this.current = null;
  }
}

/** Writes every file of a verified backup into the store; returns their keys. */
async function loadFiles(file: string, store: FileStore) {
  const written: string[] = [];
  let current: { line: BackupFileLine; parts: Buffer[] } | null = null;
  const flush = async () => {
    if (!current) return;
    const body = Buffer.concat(current.parts);
    await store.put(current.line.file, body, {
      contentType: current.line.contentType,
      byteSize: body.length,
    });
    written.push(current.line.file);
    current = null;
  };
  for await (const line of backupLines(file)) {
    if (line.startsWith('{"part"'))
      current?.parts.push(Buffer.from((JSON.parse(line) as BackupPartLine).part, 'base64'));
    else if (line.startsWith('{"file"')) {
      await flush();
      current = { line: JSON.parse(line) as BackupFileLine, parts: [] };
    } else await flush();
  }
  await flush();
  return written;
}

function parseLine<T>(file: string, line: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw damaged(file, 'a line is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw damaged(file, 'a line is neither a table nor a row');
  return parsed as T;
}

const damaged = (file: string, why: string) =>
  new RestoreRefusedError(`${file} is not a usable backup: ${why}. Nothing was restored.`);

async function* backupLines(file: string) {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip) {
      pending += decoder.write(chunk as Buffer);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      yield* lines;
    }
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') throw new RestoreRefusedError(`${file} does not exist.`);
    throw damaged(file, `it does not unpack (${message})`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  pending += decoder.end();
  if (pending) yield pending;
}
