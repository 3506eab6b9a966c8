import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore } from '../platform/file-store';
import { openTestDatabase } from '../test/database';
import { run } from '../test/process';
import { takeBackup } from './backup';
import { codeLevel } from './backup-catalog';
import { addTrickyValues, snapshotRows } from './backup-fixtures';
import { openDatabase } from './client';
import { RestoreRefusedError, restoreBackup } from './restore';
import { storedFiles } from './schema';
import { seedDemo } from './seed';

const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-'));
const file = join(dir, 'clinic.backup.gz');
/** The uploaded files (the starter exercises' drawings) travel with the rows. */
const sourceFiles = localFileStore(join(dir, 'source-files'));
let source: Awaited<ReturnType<typeof openTestDatabase>>;
let expected: Awaited<ReturnType<typeof snapshotRows>>;
let summary: Awaited<ReturnType<typeof takeBackup>>;

beforeAll(async () => {
  source = await openTestDatabase();
  await seedDemo(source.db, { clinic: true, files: sourceFiles });
  await addTrickyValues(source.db);
  expected = await snapshotRows(source.db);
  summary = await takeBackup(source, file, { files: sourceFiles });
}, 60_000);
afterAll(() => source.drop());

/** A copy of the backup with its lines changed, to make the files a restore must refuse. */
function rewritten(name: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  const path = join(dir, name);
  writeFileSync(path, gzipSync(`${change(lines).join('\n')}\n`));
  return path;
}

describe('backup and restore on the embedded database', () => {
  it('restores the demo clinic and awkward values exactly, every table', async () => {
    const rows = Object.values(expected.tables).reduce((sum, table) => sum + table.length, 0);
    expect(summary).toEqual({
      file,
      migration: codeLevel().tag,
      tables: Object.keys(expected.tables).length,
      rows,
      files: expected.tables.stored_files.length,
    });
    expect(expected.tables.user_photos.length).toBeGreaterThan(0);
    expect(expected.tables.stored_files.length).toBeGreaterThan(0);

    const target = await openTestDatabase();
    const targetFiles = localFileStore(join(dir, 'target-files'));
    try {
      await expect(restoreBackup(target, file)).rejects.toThrow(
        /holds uploaded files: a restore needs the file store/,
      );
      expect(await restoreBackup(target, file, { files: targetFiles })).toMatchObject({
        rows,
        files: summary.files,
        migratedTo: codeLevel().tag,
      });
      expect(await snapshotRows(target.db)).toEqual(expected);
      await expectSameFiles(target, targetFiles);

      await expect(restoreBackup(target, file, { files: targetFiles })).rejects.toThrow(
        /not empty \(\w+ has rows\).*--force/,
      );
      await restoreBackup(target, file, { force: true, files: targetFiles });
      expect(await snapshotRows(target.db)).toEqual(expected);
    } finally {
      await target.drop();
    }
  }, 60_000);

  it('refuses a newer migration level, a cut-off file and a file that is not a backup, and writes nothing', async () => {
    const newer = rewritten('newer.gz', ([header, ...rest]) => {
      const parsed = JSON.parse(header);
      parsed.migration = { applied: 99, createdAt: '99999999999999', tag: '0099_future' };
      return [JSON.stringify(parsed), ...rest];
    });
    const cutOff = rewritten('cut-off.gz', (lines) => lines.slice(0, -40));
    const changedFile = rewritten('changed-file.gz', (lines) => {
      const part = lines.findIndex((line) => line.startsWith('{"part"'));
      const bytes = Buffer.from(JSON.parse(lines[part]!).part, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return lines.map((line, index) =>
        index === part ? JSON.stringify({ part: bytes.toString('base64') }) : line,
      );
    });
    const missingRow = rewritten('missing-row.gz', (lines) => lines.filter((_, index) => index !== 5));
    const notGzip = join(dir, 'not-gzip.gz');
    writeFileSync(notGzip, 'patient,diagnosis\n');
    const halfFile = join(dir, 'half.gz');
    writeFileSync(halfFile, readFileSync(file).subarray(0, 2000));

    const target = await openTestDatabase();
    const fresh = await snapshotRows(target.db);
    try {
      const refusals: [string, RegExp][] = [
        [newer, /migration 0099_future, newer than this version of the clinic knows/],
        [cutOff, /not a usable backup: it is incomplete/],
        [
          changedFile,
          /not a usable backup: the file exercise-media\/\S+ does not match its size and SHA-256/,
        ],
        [missingRow, /not a usable backup: \w+ should have \d+ rows/],
        [notGzip, /not a usable backup: it does not unpack/],
        [halfFile, /not a usable backup: it does not unpack \(unexpected end of file\)/],
        [join(dir, 'nowhere.gz'), /does not exist/],
      ];
      for (const [path, message] of refusals) {
        const refused = await restoreBackup(target, path, {
          files: localFileStore(join(dir, 'refused-files')),
        }).catch((error) => error);
        expect(refused, path).toBeInstanceOf(RestoreRefusedError);
        expect(refused.message, path).toMatch(message);
      }
      expect(await snapshotRows(target.db)).toEqual(fresh);
    } finally {
      await target.drop();
    }
  });

  it('runs as the CLI: restore into a new data directory, back it up, refuse a second restore, print no health data', async () => {
    const dataDir = join(dir, 'cli');
    const cliFile = join(dir, 'cli.backup.gz');
    const restore = run('src/server/cli.ts', ['restore', file], { DATA_DIR: dataDir });
    expect(await restore.exited, restore.output()).toBe(0);
    const restored = JSON.parse(restore.output().trim().split('\n').pop() as string);
    expect(restored).toMatchObject({ file, migration: codeLevel().tag, rows: summary.rows });

    const backup = run('src/server/cli.ts', ['backup', cliFile], { DATA_DIR: dataDir });
    expect(await backup.exited, backup.output()).toBe(0);
    expect(JSON.parse(backup.output().trim().split('\n').pop() as string)).toEqual({
      ...summary,
      file: cliFile,
    });

    const again = run('src/server/cli.ts', ['restore', cliFile], { DATA_DIR: dataDir });
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/The database is not empty \(\w+ has rows\).* pass --force/);
    for (const output of [restore.output(), backup.output(), again.output()]) {
      expect(output).not.toMatch(/@example\.test|Hughes|Zoë|pain|allerg/i);
    }

    const database = await openDatabase({ dataDir });
    try {
      expect(await snapshotRows(database.db)).toEqual(expected);
      await expectSameFiles(database, localFileStore(join(dataDir, 'files')));
    } finally {
      await database.close();
    }
    // Three CLI processes each load the server through the TypeScript loader: on two busy cores, over a minute.
  }, 150_000);
});

/** Every file the restored rows name is in the store, byte for byte the source's. */
async function expectSameFiles(database: { db: typeof source.db }, store: ReturnType<typeof localFileStore>) {
  const rows = await database.db.select().from(storedFiles);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const [restored, original] = await Promise.all([
      store.get(row.storageKey),
      sourceFiles.get(row.storageKey),
    ]);
    expect((await restored?.toArray())?.join(''), row.storageKey).toBe((await original?.toArray())?.join(''));
  }
}
