import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../db/client';
import { PGLITE_TEMPLATE_PATH } from '../paths';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A database of its own for each test file: a new PostgreSQL database on TEST_DATABASE_URL's server, or
 * an in-memory PGlite started from the migrated template.
 */
export async function openTestDatabase(): Promise<Database & { url?: string; drop(): Promise<void> }> {
  if (testDatabaseUrl) {
    const name = `clinic_test_${randomBytes(6).toString('hex')}`;
    // A copy of the suite's migrated template (src/server/test/global-setup.ts); migrate() below then finds
    // nothing to do. Copies made at once wait for each other on the template's lock, never fail.
    const template = inject('postgresTemplate');
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    return {
      ...database,
      url: url.toString(),
      async drop() {
        await database.close();
        const dropper = new pg.Client({ connectionString: testDatabaseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const template = existsSync(PGLITE_TEMPLATE_PATH)
    ? new Blob([readFileSync(PGLITE_TEMPLATE_PATH)])
    : undefined;
  const client = new PGlite({ loadDataDir: template, extensions: PGLITE_EXTENSIONS });
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  return { ...database, drop: () => database.close() };
}
