import { randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { Job, JobHandler } from '../../platform/jobs';
import * as accounts from '../accounts/service';
import * as booking from '../appointments/imported';
import * as patients from '../patients/service';
import type { AppointmentRow } from './appointment-rows';
import { invitationJobHandlers, queueInvitations } from './invitations';
import type { PatientRow } from './patient-rows';
import * as repository from './repository';
import { evaluate, IMPORT_JOB, logImport } from './service';

/** Rows per transaction: large enough to be quick, small enough that progress moves and a retry is short. */
export const IMPORT_BATCH = 1_000;
type Ctx = Pick<AppContext, 'db' | 'mailer' | 'config'>;
type Step = { processed: number; created: number; matched: number; skipped: number };

const stepOf = (rows: { action: string }[], created: number): Step => ({
  processed: rows.length,
  created,
  matched: rows.filter((row) => row.action === 'match').length,
  skipped: rows.filter((row) => row.action === 'skip').length,
});

/** One batch of clients: new accounts, their records, and their invitations queued, in one transaction. */
async function importPatients(
  tx: Tx,
  batch: { runId: string; rows: PatientRow[]; passwordHash: string; actorId: string | null },
) {
  const list = batch.rows.flatMap((row) =>
    row.action === 'create' && row.patient ? [{ id: randomUUID(), ...row.patient }] : [],
  );
  await accounts.createImportedPatients(tx, {
    list,
    passwordHash: batch.passwordHash,
    actorId: batch.actorId,
  });
  await patients.fillImportedRecords(
    tx,
    list.map(({ id, email: _e, firstName: _f, lastName: _l, ...record }) => ({ userId: id, ...record })),
  );
  await queueInvitations(
    tx,
    list.map((p) => p.id),
  );
  await repository.insertItems(
    tx,
    batch.runId,
    list.map((p) => p.id),
  );
  await repository.addProgress(tx, batch.runId, stepOf(batch.rows, list.length));
}

async function importAppointments(
  tx: Tx,
  batch: { runId: string; rows: AppointmentRow[]; actorId: string | null },
) {
  const list = batch.rows.flatMap((row) =>
    row.action === 'create' && row.appointment ? [{ id: randomUUID(), ...row.appointment }] : [],
  );
  await booking.bookImportedAppointments(tx, { list, actorId: batch.actorId });
  await repository.insertItems(
    tx,
    batch.runId,
    list.map((a) => a.id),
  );
  await repository.addProgress(tx, batch.runId, stepOf(batch.rows, list.length));
}

/**
 * Runs a confirmed import: the rows are judged again against the clinic as it is now (so a run that
 * stopped halfway and is tried again matches what it already created), then written one transaction per
 * batch, the progress moving with each. Each batch queues its invitations in its own transaction; the job
 * worker sends them (invitations.ts).
 */
export async function runImport(ctx: Ctx, runId: string) {
  const run = await repository.findRun(ctx.db, runId);
  if (!run || run.status === 'done' || run.status === 'undone') return;
  await repository.updateRun(ctx.db, runId, { status: 'running', processed: 0, matched: 0, skipped: 0 });
  const { rows } = await evaluate(ctx.db, {
    kind: run.kind,
    preset: 'custom',
    mapping: run.mapping,
    fileName: run.fileName,
    csv: run.source,
  });
  // Nobody knows this password; the patients choose theirs from the invitation.
  const passwordHash =
    run.kind === 'patients' ? await accounts.hashPassword(randomBytes(32).toString('base64url')) : '';
  for (let at = 0; at < rows.length; at += IMPORT_BATCH) {
    const slice = rows.slice(at, at + IMPORT_BATCH);
    if (run.kind === 'patients') {
      await ctx.db.transaction((tx) =>
        importPatients(tx, { runId, rows: slice as PatientRow[], passwordHash, actorId: run.createdBy }),
      );
    } else {
      await ctx.db.transaction((tx) =>
        importAppointments(tx, { runId, rows: slice as AppointmentRow[], actorId: run.createdBy }),
      );
    }
  }
  const created = await repository.countItems(ctx.db, runId);
  await ctx.db.transaction(async (tx) => {
    await repository.updateRun(tx, runId, { status: 'done', created, finishedAt: new Date() });
    const done = (await repository.findRun(tx, runId))!;
    await logImport(tx, {
      caller: run.createdBy ? { id: run.createdBy, role: 'admin' } : null,
      action: 'import.finished',
      id: runId,
      details: { kind: run.kind, rows: done.total, created, matched: done.matched, skipped: done.skipped },
    });
  });
}

/** The import itself and the invitations it queues. */
export function importJobHandlers(ctx: Ctx): Record<string, JobHandler> {
  return {
    ...invitationJobHandlers(ctx),
    [IMPORT_JOB]: async (job: Job) => {
      const id = String((job.payload as { id?: string }).id ?? '');
      try {
        await runImport(ctx, id);
      } catch (error) {
        // The worker retries; the screen shows the run as failed only when it gives up.
        if (job.attempts >= 5)
          await repository.updateRun(ctx.db, id, { status: 'failed', finishedAt: new Date() });
        throw error;
      }
    },
  };
}
