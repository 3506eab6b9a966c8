import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_ERRORS,
  DEFAULT_BILLING_POLICY,
  type Invoice,
  type StatementAnswer,
} from '../../../../shared/billing';
import { activityLog, jobs } from '../../../db/schema';
import { addDays, clinicToday } from '../../../platform/clinic-time';
import { JobWorker } from '../../../platform/jobs';
import { createTestApp, type TestApp } from '../../../test/app';
import { createPerson, type TestPerson } from '../../../test/people';
import { call, careTeam, expectStatus, pay, pdfText, sentInvoice, type Who } from '../testing';
import {
  MONTHLY_STATEMENTS_JOB,
  STATEMENT_EMAIL_JOB,
  scheduleMonthlyStatements,
  statementJobHandlers,
} from './monthly';

/** Patient statements: the account's figures, who reads them, the PDF and email, and the monthly run. */
let t: TestApp;
let practitioner: TestPerson;
let patient: TestPerson;
let stranger: TestPerson;
const today = clinicToday();

const setPolicy = (sessionBilling: boolean) =>
  expectStatus(t, 'admin', {
    method: 'PUT',
    url: '/api/billing/policy',
    payload: { ...DEFAULT_BILLING_POLICY, sessionBilling },
    status: 200,
  });

const statementOf = (who: Who, query: string) =>
  expectStatus<StatementAnswer>(t, who, {
    method: 'GET',
    url: `/api/billing/statements?${query}`,
    status: 200,
  }).then((body) => body.statement);

beforeAll(async () => {
  t = await createTestApp();
  ({ practitioner, patient } = await careTeam(t));
  stranger = await createPerson(t, 'patient');
});
afterAll(() => t.close());

describe('statements', () => {
  it('are refused while session billing is off', async () => {
    const response = await call(t, 'patient', { method: 'GET', url: '/api/billing/statements' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BILLING_ERRORS.sessionBillingOff);
    await setPolicy(true);
  });

  it('list each invoice, payment and refund with the running balance, ending at what is owed', async () => {
    const invoice = await sentInvoice(t, patient.id, { cents: 5000 });
    const paid = (await pay(t, 'staff', { id: invoice.id, amountCents: 2000 })).json<{ invoice: Invoice }>()
      .invoice;
    const refunded = await expectStatus(t, 'staff', {
      method: 'POST',
      url: `/api/invoices/${invoice.id}/payments/${paid.payments[0].id}/refund`,
      payload: { amountCents: 500, reason: 'Goodwill' },
      status: 200,
    });
    const other = await sentInvoice(t, patient.id, { cents: 1200 });
    // A draft was never issued and a void invoice was withdrawn: neither is on the account.
    const statement = await statementOf(patient, '');
    expect(statement).toMatchObject({
      patientId: patient.id,
      patientName: `${patient.firstName} ${patient.lastName}`,
      from: addDays(today, -89),
      to: today,
      openingBalanceCents: 0,
      invoicedCents: 6200,
      paidCents: 2000,
      refundedCents: 500,
      closingBalanceCents: 4700,
    });
    expect(statement.entries.map((entry) => [entry.kind, entry.amountCents, entry.balanceCents])).toEqual([
      ['invoice', 5000, 5000],
      ['invoice', 1200, 6200],
      ['payment', -2000, 4200],
      ['refund', 500, 4700],
    ]);
    expect(statement.entries[2]).toMatchObject({
      invoiceNumber: invoice.number,
      description: 'Payment by cash',
    });
    // What the statement says is owed is what the invoices say is owed.
    expect(refunded.invoice.balanceCents + other.balanceCents).toBe(statement.closingBalanceCents);

    // A later period brings the balance forward and lists nothing.
    const later = await statementOf(patient, `from=${addDays(today, 1)}&to=${addDays(today, 30)}`);
    expect(later).toMatchObject({ openingBalanceCents: 4700, entries: [], closingBalanceCents: 4700 });
  });

  it('are read by the patient, their practitioner and the desk; anyone else is told there is no such patient', async () => {
    expect((await statementOf(practitioner, `patientId=${patient.id}`)).closingBalanceCents).toBe(4700);
    expect((await statementOf('staff', `patientId=${patient.id}`)).closingBalanceCents).toBe(4700);
    expect((await statementOf('admin', `patientId=${stranger.id}`)).entries).toEqual([]);
    for (const [who, query] of [
      [patient, `patientId=${stranger.id}`],
      [practitioner, `patientId=${stranger.id}`],
      ['staff', `patientId=${practitioner.id}`],
    ] as const) {
      const response = await call(t, who, { method: 'GET', url: `/api/billing/statements?${query}` });
      expect(response.statusCode).toBe(404);
    }
    const member = await call(t, 'member', { method: 'GET', url: '/api/billing/statements' });
    expect(member.statusCode).toBe(403);
    const reads = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'billing.statement_read'), eq(activityLog.entityId, patient.id)));
    expect(reads.length).toBeGreaterThanOrEqual(4);
  });

  it('refuse a period that runs backwards or is too long, and the desk must name a patient', async () => {
    for (const query of [
      `from=${today}&to=${addDays(today, -1)}`,
      `from=${addDays(today, -731)}&to=${today}`,
    ]) {
      const response = await call(t, patient, { method: 'GET', url: `/api/billing/statements?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(BILLING_ERRORS.statementRange);
    }
    const unnamed = await call(t, 'staff', { method: 'GET', url: '/api/billing/statements' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(BILLING_ERRORS.statementPatient);
  });

  it('download as a PDF with every entry', async () => {
    const response = await call(t, patient, { method: 'GET', url: '/api/billing/statements/pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `statement-${addDays(today, -89)}-to-${today}.pdf`,
    );
    const text = pdfText(response.rawPayload);
    for (const words of ['Statement of account', 'Balance brought forward', 'Payment by cash', '$47.00'])
      expect(text).toContain(words);
  });

  it('are emailed to the patient by the desk only', async () => {
    const refused = await call(t, practitioner, {
      method: 'POST',
      url: '/api/billing/statements/email',
      payload: { patientId: patient.id },
    });
    expect(refused.statusCode).toBe(403);
    await expectStatus(t, 'staff', {
      method: 'POST',
      url: '/api/billing/statements/email',
      payload: { patientId: patient.id },
      status: 200,
    });
    const [email] = await t.ctx.mailer.listTo(patient.email);
    expect(email.subject).toMatch(/^Your statement, /);
    expect(email.body).toContain('Balance: $47.00');
    expect(email.body).toContain('/billing');
  });
});

describe('the monthly run', () => {
  const worker = () =>
    new JobWorker(t.database.db, { log: t.app.log, handlers: statementJobHandlers(t.ctx) });
  const monthlyJobs = () => t.database.db.select().from(jobs).where(eq(jobs.kind, MONTHLY_STATEMENTS_JOB));

  it('is one job however many instances queue it, and emails each patient with a balance once', async () => {
    await Promise.all([scheduleMonthlyStatements(t.database.db), scheduleMonthlyStatements(t.database.db)]);
    const [queued, ...others] = await monthlyJobs();
    expect(others).toEqual([]);
    const before = (await t.ctx.mailer.listTo(patient.email)).length;
    const strangerBefore = (await t.ctx.mailer.listTo(stranger.email)).length;

    // Three instances take the jobs at once, when the run is due and again a minute later.
    const due = new Date(queued.runAt.getTime() + 1000);
    await Promise.all([worker().drain(due), worker().drain(due), worker().drain(due)]);
    await Promise.all([
      worker().drain(new Date(due.getTime() + 60_000)),
      worker().drain(new Date(due.getTime() + 60_000)),
    ]);

    const emails = await t.ctx.mailer.listTo(patient.email);
    expect(emails.length - before).toBe(1);
    expect(emails[0].subject).toMatch(/^Your statement, 1 /);
    // The stranger owes nothing, so is sent nothing.
    expect((await t.ctx.mailer.listTo(stranger.email)).length).toBe(strangerBefore);
    const sent = await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `${STATEMENT_EMAIL_JOB}:%`));
    expect(sent.map((job) => job.status)).toEqual(['done']);
    // The run queued the month after.
    const runs = await monthlyJobs();
    expect(runs.map((job) => job.status).sort()).toEqual(['done', 'queued']);
  });

  it('sends nothing while session billing is off', async () => {
    await setPolicy(false);
    const [next] = (await monthlyJobs()).filter((job) => job.status === 'queued');
    const before = (await t.ctx.mailer.listTo(patient.email)).length;
    await worker().drain(new Date(next.runAt.getTime() + 1000));
    await worker().drain(new Date(next.runAt.getTime() + 60_000));
    expect((await t.ctx.mailer.listTo(patient.email)).length).toBe(before);
    expect((await monthlyJobs()).filter((job) => job.status === 'queued')).toHaveLength(1);
  });
});
