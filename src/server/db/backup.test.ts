import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { run } from '../test/process';
import { takeBackup } from './backup';
import { codeLevel } from './backup-catalog';
import { addTrickyValues, snapshotRows } from './backup-fixtures';
import { openDatabase } from './client';
import { RestoreRefusedError, restoreBackup } from './restore';
import { seedDemo } from './seed';

const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-'));
const file = join(dir, 'clinic.backup.gz');
let source: Awaited<ReturnType<typeof openTestDatabase>>;
let expected: Awaited<ReturnType<typeof snapshotRows>>;
let summary: Awaited<ReturnType<typeof takeBackup>>;

beforeAll(async () => {
  source = await openTestDatabase();
  await seedDemo(source.db, { clinic: true });
  await addTrickyValues(source.db);
  expected = await snapshotRows(source.db);
  summary = await takeBackup(source, file);
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
    });
    expect(expected.tables.user_photos.length).toBeGreaterThan(0);

    const target = await openTestDatabase();
    try {
      expect(await restoreBackup(target, file)).toMatchObject({ rows, migratedTo: codeLevel().tag });
      expect(await snapshotRows(target.db)).toEqual(expected);

      await expect(restoreBackup(target, file)).rejects.toThrow(/not empty \(\w+ has rows\).*--force/);
      await restoreBackup(target, file, { force: true });
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
        [missingRow, /not a usable backup: \w+ should have \d+ rows/],
        [notGzip, /not a usable backup: it does not unpack/],
        [halfFile, /not a usable backup: it does not unpack \(unexpected end of file\)/],
        [join(dir, 'nowhere.gz'), /does not exist/],
      ];
      for (const [path, message] of refusals) {
        const refused = await restoreBackup(target, path).catch((error) => error);
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
    } finally {
      await database.close();
    }
    // Three CLI processes each load the server through the TypeScript loader: on two busy cores, over a minute.
  }, 150_000);
});
