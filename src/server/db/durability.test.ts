import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { killMidWrites } from './durability-fixtures';
import { rowsOf } from './rows';

describe('the embedded database under kill -9', () => {
  it('keeps every message the server answered 201 for, whole, and starts again on the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clinic-durability-'));
    const result = await killMidWrites({ DATA_DIR: dataDir }, async () => {
      const database = await openDatabase({ dataDir });
      // Beyond a kill: commits wait for the disk (client.ts), so a power cut keeps them too.
      const rows = await rowsOf<{ fsync: string }>(
        database.db,
        sql`select current_setting('fsync') as fsync`,
      );
      expect(rows[0].fsync).toBe('on');
      return database;
    });
    console.log(`kill -9 on PGlite: ${JSON.stringify(result)}`);
    expect(result.acknowledged).toBeGreaterThanOrEqual(300);
    expect(result.inFlightAtKill).toBeGreaterThan(0);
  }, 120_000);
});
