import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRun } from '../../../shared/imports';
import { jobs, users } from '../../db/schema';
import { JobWorker } from '../../platform/jobs';
import { createTestApp, demoAccount, type TestApp } from '../../test/app';
import { demoPerson } from '../../test/people';
import { IMPORT_INVITATION_JOB, invitationJobHandlers } from './invitations';
import { importJobHandlers } from './run';
import { IMPORT_JOB } from './service';
import { csvOf, JANE_HEADER } from './testing';

/**
 * Import invitations are an outbox: each batch queues one invitation job per patient it creates, in the
 * batch's transaction, so a committed patient always gets their email even when the process stops right
 * after the commit. Running the jobs (on any instance) sends them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const unique = Math.random().toString(36).slice(2, 8);
const emails = ['ines', 'omar', 'rosa'].map((name) => `${name}.${unique}@example.test`);
const file = csvOf(JANE_HEADER, [
  `Ines,Hart,${emails[0]},,,,,,,,`,
  `Omar,Vale,${emails[1]},,,,,,,,`,
  `Rosa,Finch,${emails[2]},,,,,,,,`,
  `Demo,Patient,${demoAccount('patient').email},,,,,,,,`,
]);

/** Only the import job: what an instance that stops right after the batches commit has done. */
const importOnly = () =>
  new JobWorker(t.database.db, {
    log: t.app.log,
    handlers: { [IMPORT_JOB]: importJobHandlers(t.ctx)[IMPORT_JOB] },
  });
/** Another instance's worker, which sends what is queued. */
const sender = () => new JobWorker(t.database.db, { log: t.app.log, handlers: invitationJobHandlers(t.ctx) });

async function start(csv: string) {
  const response = await t.injectAs('admin', {
    method: 'POST',
    url: '/api/admin/imports',
    payload: { kind: 'patients', preset: 'jane', csv, fileName: 'clients.csv' },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ImportRun>();
}

const invitationJobs = (patientIds: string[]) =>
  t.database.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, IMPORT_INVITATION_JOB),
        inArray(
          jobs.key,
          patientIds.map((id) => `${IMPORT_INVITATION_JOB}:${id}`),
        ),
      ),
    );

describe('invitations of an import', () => {
  let created: { id: string; email: string }[] = [];

  it('are queued with the batch: one job per created patient, none for a matched one, nothing sent yet', async () => {
    const run = await start(file);
    expect(await importOnly().drain()).toBe(1);
    const done = (
      await t.injectAs('admin', { method: 'GET', url: `/api/admin/imports/${run.id}` })
    ).json<ImportRun>();
    expect(done).toMatchObject({ status: 'done', created: 3, matched: 1 });
    created = await t.database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    expect(created).toHaveLength(3);
    const queued = await invitationJobs(created.map((row) => row.id));
    expect(queued).toHaveLength(3);
    expect(queued.every((job) => job.status === 'queued')).toBe(true);
    expect(queued.map((job) => job.payload.patientId).sort()).toEqual(created.map((row) => row.id).sort());
    const demoPatient = await demoPerson(t, 'patient');
    const demo = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${IMPORT_INVITATION_JOB}:${demoPatient.id}`));
    expect(demo).toEqual([]);
    // The queue holds ids only: no link, no token.
    expect(JSON.stringify(queued.map((job) => job.payload))).not.toMatch(/token|reset-password|@/);
    for (const email of emails) expect(await t.ctx.mailer.listTo(email)).toEqual([]);
  });

  it('are sent when the jobs run, one email each with a link that sets a password', async () => {
    expect(await sender().drain()).toBe(3);
    for (const email of emails) {
      const mails = await t.ctx.mailer.listTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Your clinic portal account');
      expect(mails[0].body).toMatch(/\/reset-password\?token=/);
    }
    const queued = await invitationJobs(created.map((row) => row.id));
    expect(queued.every((job) => job.status === 'done')).toBe(true);
    const [mail] = await t.ctx.mailer.listTo(emails[0]);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)?.[1] ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a-long-new-passphrase-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await sender().drain()).toBe(0);
  });

  it('are not sent for patients whose import was undone before the jobs ran', async () => {
    const late = `late.${unique}@example.test`;
    const run = await start(csvOf(JANE_HEADER, [`Lee,Late,${late},,,,,,,,`]));
    expect(await importOnly().drain()).toBe(1);
    const undo = await t.injectAs('admin', { method: 'POST', url: `/api/admin/imports/${run.id}/undo` });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await sender().drain()).toBe(1);
    expect(await t.ctx.mailer.listTo(late)).toEqual([]);
  });
});
