import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/database';
import { type Database, openDatabase } from './client';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { CLINIC_COLLEAGUES, clinicPatients } from './demo-clinic';
import { users } from './schema';
import { isEmpty, seedDemo } from './seed';

// Instances started together on one PostgreSQL (scale-out) must not race to migrate and seed.
describe('start-up on a shared PostgreSQL database', () => {
  const name = `clinic_test_${randomBytes(6).toString('hex')}`;
  const instances: Database[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(String(testDatabaseUrl));
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) instances.push(await openDatabase({ url: url.toString() }));
  });

  afterAll(async () => {
    for (const database of instances) await database.close();
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrates and seeds once when three instances start at the same moment', async () => {
    const seeded = await Promise.all(
      instances.map((database) =>
        database.exclusively(async () => {
          await database.migrate();
          if (!(await isEmpty(database.db))) return false;
          await seedDemo(database.db);
          return true;
        }),
      ),
    );
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const accounts = await instances[0].db.select({ count: count() }).from(users);
    const clinic = CLINIC_COLLEAGUES.length + clinicPatients(new Date()).length;
    expect(accounts[0].count).toBe(DEMO_ACCOUNTS.length + clinic);
  });
});
