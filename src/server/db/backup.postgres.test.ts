import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { PGLITE_TEMPLATE_PATH } from '../paths';
import { openTestDatabase } from '../test/database';
import { run } from '../test/process';
import { takeBackup } from './backup';
import { addTrickyValues, snapshotRows } from './backup-fixtures';
import { openDatabase, PGLITE_EXTENSIONS } from './client';
import { restoreBackup } from './restore';
import { seedDemo } from './seed';

async function openEmbedded() {
  const template = existsSync(PGLITE_TEMPLATE_PATH)
    ? new Blob([readFileSync(PGLITE_TEMPLATE_PATH)])
    : undefined;
  const database = await openDatabase({
    pglite: new PGlite({ loadDataDir: template, extensions: PGLITE_EXTENSIONS }),
  });
  await database.migrate();
  return { ...database, drop: () => database.close() };
}

// Included only when TEST_DATABASE_URL is set (vitest.config.ts).
describe('backup and restore on PostgreSQL', () => {
  it('round-trips PostgreSQL to PostgreSQL, to the embedded database and back, every table exactly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-backup-pg-'));
    const opened: { drop(): Promise<void> }[] = [];
    const open = async <T extends { drop(): Promise<void> }>(database: Promise<T>) => {
      opened.push(await database);
      return opened[opened.length - 1] as T;
    };
    try {
      const source = await open(openTestDatabase());
      await seedDemo(source.db, { clinic: true });
      await addTrickyValues(source.db);
      const expected = await snapshotRows(source.db);
      await takeBackup(source, join(dir, 'postgres.gz'));

      const postgres = await open(openTestDatabase());
      await restoreBackup(postgres, join(dir, 'postgres.gz'));
      expect(await snapshotRows(postgres.db)).toEqual(expected);

      const embedded = await open(openEmbedded());
      await restoreBackup(embedded, join(dir, 'postgres.gz'));
      expect(await snapshotRows(embedded.db)).toEqual(expected);

      await takeBackup(embedded, join(dir, 'embedded.gz'));
      const back = await open(openTestDatabase());
      await restoreBackup(back, join(dir, 'embedded.gz'));
      expect(await snapshotRows(back.db)).toEqual(expected);

      // The CLI on DATABASE_URL: refuses the now-filled database, then replaces it with --force.
      const url = (back as { url?: string }).url as string;
      const refused = run('src/server/cli.ts', ['restore', join(dir, 'postgres.gz')], { DATABASE_URL: url });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toMatch(/not empty .* --force/);
      const forced = run('src/server/cli.ts', ['restore', join(dir, 'postgres.gz'), '--force'], {
        DATABASE_URL: url,
      });
      expect(await forced.exited, forced.output()).toBe(0);
      expect(await snapshotRows(back.db)).toEqual(expected);
    } finally {
      for (const database of opened) await database.drop();
    }
  }, 90_000);
});
