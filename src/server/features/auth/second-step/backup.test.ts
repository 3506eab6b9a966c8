import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeBackup } from '../../../db/backup';
import { snapshotRows } from '../../../db/backup-fixtures';
import { restoreBackup } from '../../../db/restore';
import { createTestApp, type TestApp } from '../../../test/app';
import { openTestDatabase } from '../../../test/database';
import { createPerson } from '../../../test/people';
import { challengeFor, enrolTotp } from './testing';

const TABLES = ['totp_credentials', 'recovery_codes', 'sign_in_challenges', 'sign_in_policy'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('two-step sign-in in a backup', () => {
  it('carries the sealed secrets, recovery codes, challenges and the policy through a restore', async () => {
    const admin = await createPerson(t, 'admin');
    await enrolTotp(t, admin.token);
    await challengeFor(t, admin.email);
    const file = join(mkdtempSync(join(tmpdir(), 'two-step-backup-')), 'clinic.backup.gz');
    await takeBackup(t.database, file);
    const before = await snapshotRows(t.database.db);
    for (const table of TABLES) expect(before.tables[table]?.length, table).toBeGreaterThan(0);

    const target = await openTestDatabase();
    try {
      await restoreBackup(target, file);
      const after = await snapshotRows(target.db);
      for (const table of TABLES) expect(after.tables[table], table).toEqual(before.tables[table]);
    } finally {
      await target.drop();
    }
  }, 60_000);
});
