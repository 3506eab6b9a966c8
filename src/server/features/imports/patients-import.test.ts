import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRun } from '../../../shared/imports';
import { activityLog, patients, users } from '../../db/schema';
import { createTestApp, demoAccount, type TestApp } from '../../test/app';
import { csvOf, importNow, JANE_HEADER, preview } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const unique = Math.random().toString(36).slice(2, 8);
const ada = `ada.${unique}@example.test`;
const ben = `ben.${unique}@example.test`;
const JANE_FILE = csvOf(JANE_HEADER, [
  `Ada,Lind,${ada},555-0101,1984-03-14,F,1 Main St,Springfield,ON,A1A 1A1,Canada`,
  `Ben,Okoro,${ben},,03/31/1990,,,,,,`,
  `Cleo,Marsh,cleo.${unique}@example.test,,1990-02-30,,,,,,`,
  `Dup,Licate,${ada.toUpperCase()},,,,,,,,`,
  `,Nameless,nameless.${unique}@example.test,,,,,,,,`,
  `Demo,Patient,${demoAccount('patient').email},,,,,,,,`,
  `Staff,Member,${demoAccount('staff').email},,,,,,,,`,
]);
const jane = { kind: 'patients' as const, preset: 'jane' as const, csv: JANE_FILE, fileName: 'jane.csv' };

describe('previewing a clients file', () => {
  it('shows every problem per row and field and what would be created or matched, writing nothing', async () => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    const result = await preview(t, jane);
    expect(result.missingFields).toEqual([]);
    expect(result.counts).toEqual({ rows: 7, create: 2, match: 1, skip: 4 });
    const byLine = new Map(result.rows.map((row) => [row.line, row]));
    expect(byLine.get(2)).toMatchObject({ action: 'create', problems: [] });
    expect(byLine.get(3)?.values.dateOfBirth).toBe('1990-03-31');
    expect(byLine.get(4)?.problems).toEqual([
      { field: 'dateOfBirth', message: expect.stringContaining('Date of birth must be a real past date') },
    ]);
    expect(byLine.get(5)?.problems).toEqual([
      { field: 'email', message: 'This email is already on line 2 of the file' },
    ]);
    expect(byLine.get(6)?.problems).toEqual([{ field: 'firstName', message: 'First name is required' }]);
    expect(byLine.get(7)).toMatchObject({ action: 'match', problems: [] });
    expect(byLine.get(8)?.problems[0]).toMatchObject({ field: 'email' });
    const after = await t.database.db.select({ id: users.id }).from(users);
    expect(after.length).toBe(before.length);
  });

  it('asks for the columns it cannot find and reads a file once they are mapped', async () => {
    const csv = csvOf('Given Name,Surname,Mail', [`Gil,Ray,gil.${unique}@example.test`]);
    const unmapped = await preview(t, { kind: 'patients', csv });
    expect(unmapped.missingFields).toEqual(['email']);
    expect(unmapped.mapping).toMatchObject({ firstName: 'Given Name', lastName: 'Surname' });
    const mapped = await preview(t, {
      kind: 'patients',
      csv,
      mapping: { ...unmapped.mapping, email: 'Mail' },
    });
    expect(mapped.missingFields).toEqual([]);
    expect(mapped.counts).toMatchObject({ create: 1, skip: 0 });
  });

  it('answers 400 with a message for a file that is not CSV or has no rows', async () => {
    for (const csv of ['"unclosed,quote\n1,2', '']) {
      const response = await t.injectAs('admin', {
        method: 'POST',
        url: '/api/admin/imports/preview',
        payload: { kind: 'patients', csv },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('refuses to start an import whose required columns are not mapped', async () => {
    const response = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/admin/imports',
      payload: { kind: 'patients', csv: csvOf('Given,Family', ['A,B']) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Map every required column before importing');
  });
});

describe('importing clients', () => {
  let first: ImportRun;

  it('creates the new patients with their record, invites each by email, and sums up', async () => {
    first = await importNow(t, jane);
    expect(first).toMatchObject({
      status: 'done',
      total: 7,
      processed: 7,
      created: 2,
      matched: 1,
      skipped: 4,
    });
    expect(first.canUndo).toBe(true);
    const [row] = await t.database.db
      .select({ role: users.role, dob: patients.dateOfBirth, city: patients.city })
      .from(users)
      .innerJoin(patients, eq(patients.userId, users.id))
      .where(eq(users.email, ada));
    expect(row).toEqual({ role: 'patient', dob: '1984-03-14', city: 'Springfield' });
    const [mail] = await t.ctx.mailer.listTo(ada);
    expect(mail.subject).toBe('Your clinic portal account');
    expect(mail.body).toMatch(/\/reset-password\?token=/);
  });

  it('lets an imported patient set a password from the emailed link and sign in', async () => {
    const [mail] = await t.ctx.mailer.listTo(ben);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-long-new-passphrase-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await t.login(ben, 'a-long-new-passphrase-7');
    expect(signedIn.user.role).toBe('patient');
  });

  it('creates nothing twice when the same file is imported again', async () => {
    const again = await importNow(t, jane);
    expect(again).toMatchObject({ status: 'done', created: 0, matched: 3, skipped: 4 });
    const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ada));
    expect(rows).toHaveLength(1);
    expect(await t.ctx.mailer.listTo(ada)).toHaveLength(1);
  });

  it('logs the start, the end and the undo without names or emails', async () => {
    const undo = await t.injectAs('admin', { method: 'POST', url: `/api/admin/imports/${first.id}/undo` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<ImportRun>()).toMatchObject({ status: 'undone', canUndo: false });
    const gone = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.email, [ada, ben]));
    expect(gone).toEqual([]);
    const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, first.id));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'import.finished',
      'import.started',
      'import.undone',
    ]);
    expect(JSON.stringify(entries)).not.toContain(unique);
  });

  it('refuses a second undo with 409 and an unknown import with 404', async () => {
    const twice = await t.injectAs('admin', { method: 'POST', url: `/api/admin/imports/${first.id}/undo` });
    expect(twice.statusCode).toBe(409);
    const missing = await t.injectAs('admin', {
      method: 'GET',
      url: '/api/admin/imports/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('who may import', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/admin/imports' },
    { method: 'POST' as const, url: '/api/admin/imports/preview', payload: jane },
    { method: 'POST' as const, url: '/api/admin/imports', payload: jane },
    { method: 'GET' as const, url: '/api/admin/imports/00000000-0000-4000-8000-000000000000' },
    { method: 'POST' as const, url: '/api/admin/imports/00000000-0000-4000-8000-000000000000/undo' },
  ];

  it.each(routes)('$method $url is refused to every role but admin', async (request) => {
    for (const role of ['patient', 'practitioner', 'staff', 'member'] as const)
      expect((await t.injectAs(role, request)).statusCode, role).toBe(403);
    expect((await t.injectAs('visitor', request)).statusCode).toBe(401);
  });

  it('answers 400 to an unknown kind and a malformed id', async () => {
    const kind = await t.injectAs('admin', {
      method: 'POST',
      url: '/api/admin/imports/preview',
      payload: { kind: 'invoices', csv: 'a' },
    });
    expect(kind.statusCode).toBe(400);
    const id = await t.injectAs('admin', { method: 'GET', url: '/api/admin/imports/not-an-id' });
    expect(id.statusCode).toBe(400);
  });
});
