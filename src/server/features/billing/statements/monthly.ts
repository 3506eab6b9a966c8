import { recordActivity } from '../../../platform/activity';
import { addDays, clinicMonthOf } from '../../../platform/clinic-time';
import type { AppContext } from '../../../platform/context';
import { enqueue, enqueueMany, type Job, type JobHandler } from '../../../platform/jobs';
import * as accounts from '../../accounts/service';
import { getPolicy } from '../settings/service';
import * as repository from './repository';
import { buildStatement, statementEmail } from './service';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>;

export const MONTHLY_STATEMENTS_JOB = 'billing.statements.monthly';
export const STATEMENT_EMAIL_JOB = 'billing.statement.email';
/** The run starts at 08:00 on the first of the month, clinic time, so statements arrive in the morning. */
const RUN_HOUR_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Queues the run on the first of the month after `now`. Every instance queues it at start and each run queues
 * the next; the job's key is the month, so however many instances queue it, it is one job, and the job claim
 * runs it on one of them.
 */
export async function scheduleMonthlyStatements(db: Ctx['db'], now = new Date()) {
  const next = clinicMonthOf(now).to;
  const { month } = clinicMonthOf(next);
  await enqueue(db, {
    kind: MONTHLY_STATEMENTS_JOB,
    key: `${MONTHLY_STATEMENTS_JOB}:${month}`,
    runAt: new Date(next.getTime() + RUN_HOUR_MS),
    payload: { month },
  });
}

/** The month before YYYY-MM, as its first and last days. */
function previousMonth(month: string) {
  const firstOfThis = `${month}-01`;
  const to = addDays(firstOfThis, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/**
 * The monthly run: one statement of last month for every patient with a balance, each a job of its own (keyed
 * by month and patient, so a run taken again after a crash emails nobody twice), then the next month's run.
 * Nothing is sent while session billing is off.
 */
async function runMonth(ctx: Ctx, job: Job) {
  const month = String(job.payload.month);
  if ((await getPolicy(ctx.db)).policy.sessionBilling) {
    const period = previousMonth(month);
    const patients = await repository.patientsWithBalance(ctx.db);
    await enqueueMany(
      ctx.db,
      patients.map((patientId) => ({
        kind: STATEMENT_EMAIL_JOB,
        key: `${STATEMENT_EMAIL_JOB}:${month}:${patientId}`,
        runAt: new Date(),
        payload: { patientId, ...period },
      })),
    );
  }
  await scheduleMonthlyStatements(ctx.db, new Date(job.runAt.getTime() + DAY_MS));
}

async function emailOne(ctx: Ctx, job: Job) {
  const patient = await accounts.findAccountById(ctx.db, String(job.payload.patientId));
  if (patient?.role !== 'patient' || !patient.isActive) return;
  const period = { from: String(job.payload.from), to: String(job.payload.to) };
  const statement = await buildStatement(ctx.db, { patient, period });
  await ctx.mailer.send(statementEmail(ctx, { statement, to: patient }));
  await recordActivity(ctx.db, {
    actorId: null,
    action: 'billing.statement_emailed',
    entityType: 'patient',
    entityId: patient.id,
    ipAddress: null,
    details: { patientId: patient.id, ...period, monthly: true },
  });
}

/** The statement jobs, for the job worker every instance runs. */
export const statementJobHandlers = (ctx: Ctx): Record<string, JobHandler> => ({
  [MONTHLY_STATEMENTS_JOB]: (job) => runMonth(ctx, job),
  [STATEMENT_EMAIL_JOB]: (job) => emailOne(ctx, job),
});
