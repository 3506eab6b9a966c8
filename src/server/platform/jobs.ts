import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { jobs } from '../db/schema';

export type JobPayload = Record<string, string | number | boolean | null>;
export type Job = typeof jobs.$inferSelect;
export type JobHandler = (job: Job) => Promise<void>;

/** A job that fails is tried again later, this many times in all, then left as failed for a person to see. */
const MAX_ATTEMPTS = 5;
/** A job still 'running' this long after it was claimed belonged to an instance that died; it is taken again. */
const STALE_AFTER_MS = 10 * 60_000;

/**
 * Queues a job, once per key: queuing the same key again moves a job that has not run yet to the new time
 * and payload, and leaves one that ran alone.
 */
export const enqueue = (db: Db | Tx, job: QueuedJob) => enqueueMany(db, [job]);

type QueuedJob = { kind: string; key: string; runAt: Date; payload?: JobPayload };

/** Queues many jobs in one statement, each as enqueue would (keys must differ within one call). */
export async function enqueueMany(db: Db | Tx, list: QueuedJob[]) {
  if (list.length === 0) return;
  await db
    .insert(jobs)
    .values(
      list.map((job) => ({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })),
    )
    .onConflictDoUpdate({
      target: jobs.key,
      set: { runAt: sql`excluded.run_at`, payload: sql`excluded.payload`, status: 'queued' },
      setWhere: sql`${jobs.status} in ('queued', 'cancelled')`,
    });
}

/**
 * Queues the jobs whose keys are not there yet; a key already queued, run or cancelled is left as it is, so
 * queuing the same jobs at every start writes nothing once they are in place.
 */
export async function enqueueOnce(db: Db | Tx, list: QueuedJob[]) {
  if (list.length === 0) return;
  await db
    .insert(jobs)
    .values(
      list.map((job) => ({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })),
    )
    .onConflictDoNothing({ target: jobs.key });
}

/** Withdraws a job that has not run yet; one already run or running is left as it is. */
export async function cancelJob(db: Db | Tx, key: string) {
  await db
    .update(jobs)
    .set({ status: 'cancelled' })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')));
}

/**
 * Claims the next due job for this worker. FOR UPDATE SKIP LOCKED lets any number of workers on any number
 * of instances claim at once without waiting on each other, and never two of them the same job.
 */
async function claimNext(
  db: Db,
  { workerId, kinds, now = new Date() }: { workerId: string; kinds: readonly string[]; now?: Date },
) {
  if (kinds.length === 0) return null;
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`
    update jobs set status = 'running', locked_at = ${now.toISOString()}, locked_by = ${workerId},
                    attempts = attempts + 1
    where id = (
      select id from jobs
      where kind in (${kindList})
        and ((status = 'queued' and run_at <= ${now.toISOString()})
             or (status = 'running' and locked_at < ${staleBefore}))
      order by run_at
      for update skip locked
      limit 1
    )
    returning id`,
  );
  if (!row) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, row.id));
  return job ?? null;
}

async function settle(db: Db, job: Job, error: unknown) {
  if (!error) {
    await db
      .update(jobs)
      .set({ status: 'done', finishedAt: new Date(), lastError: null })
      .where(eq(jobs.id, job.id));
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const retry = job.attempts < MAX_ATTEMPTS;
  await db
    .update(jobs)
    .set(
      retry
        ? { status: 'queued', runAt: new Date(Date.now() + 2 ** job.attempts * 30_000), lastError: message }
        : { status: 'failed', finishedAt: new Date(), lastError: message },
    )
    .where(eq(jobs.id, job.id));
}

/**
 * Runs due jobs of the kinds it has handlers for, one at a time, polling while idle. Every server instance
 * runs one; the claim makes each job run on exactly one of them.
 */
export class JobWorker {
  readonly id = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly log: FastifyBaseLogger;
  private readonly handlers: Record<string, JobHandler>;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    {
      log,
      handlers,
      pollMs = 5_000,
    }: { log: FastifyBaseLogger; handlers: Record<string, JobHandler>; pollMs?: number },
  ) {
    this.log = log;
    this.handlers = handlers;
    this.pollMs = pollMs;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the job in hand, so shutting down never cuts one off halfway. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs every job due now, then answers how many ran; the tests and the poll loop both use it. */
  async drain(now?: Date) {
    let count = 0;
    for (;;) {
      const job = await claimNext(this.db, { workerId: this.id, kinds: Object.keys(this.handlers), now });
      if (!job) return count;
      let failure: unknown = null;
      try {
        await this.handlers[job.kind](job);
      } catch (error) {
        failure = error ?? new Error('job failed');
        this.log.error(
          { jobId: job.id, kind: job.kind, err: { message: (error as Error)?.message } },
          'job failed',
        );
      }
      await settle(this.db, job, failure);
      count += 1;
    }
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => undefined)
        .catch((err) => this.log.error({ err }, 'job worker could not claim jobs'))
        .finally(() => {
          this.running = null;
          this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref?.();
  }
}
