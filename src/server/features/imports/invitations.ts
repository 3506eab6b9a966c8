import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { enqueueMany, type Job, type JobHandler } from '../../platform/jobs';
import * as accounts from '../accounts/service';
import { createResetLinks } from '../auth/service';

/** One invitation email per imported patient, queued in the batch's transaction (an outbox). */
export const IMPORT_INVITATION_JOB = 'import.invite';
type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config'>;

export const invitationEmail = (firstName: string, link: string) => ({
  subject: 'Your clinic portal account',
  text:
    `Hello ${firstName},\n\nYour clinic has moved to a new patient portal and opened an account for you. ` +
    `Open this link within one hour to choose your password:\n\n${link}\n\n` +
    'If the link has expired, choose "Forgot password" on the sign-in page to get a new one.',
});

/**
 * Queues the invitations of a batch's new patients in the batch's own transaction: a patient who is committed
 * has an invitation waiting, and a batch rolled back leaves none. Only ids go in the queue; the link and its
 * token are made when the email is sent, so no token is stored in the jobs table and the hour starts then.
 */
export async function queueInvitations(tx: Tx, patientIds: readonly string[], now = new Date()) {
  await enqueueMany(
    tx,
    patientIds.map((patientId) => ({
      kind: IMPORT_INVITATION_JOB,
      key: `${IMPORT_INVITATION_JOB}:${patientId}`,
      runAt: now,
      payload: { patientId },
    })),
  );
}

/** Sends one invitation; nothing for an account undone or deactivated since it was queued. */
async function sendInvitation(ctx: Ctx, job: Job) {
  const account = await accounts.findAccountById(ctx.db, String(job.payload.patientId));
  if (!account?.isActive || account.role !== 'patient') return;
  const links = await createResetLinks(ctx.db, { appUrl: ctx.config.appUrl, userIds: [account.id] });
  await ctx.mailer.send({
    to: account.email,
    ...invitationEmail(account.firstName, links.get(account.id) as string),
  });
}

export const invitationJobHandlers = (ctx: Ctx): Record<string, JobHandler> => ({
  [IMPORT_INVITATION_JOB]: (job) => sendInvitation(ctx, job),
});
