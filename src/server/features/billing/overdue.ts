import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OVERDUE_CHECK_INTERVAL_MS } from '../../../shared/billing';
import type { AppContext } from '../../platform/context';
import { clinicToday } from './service';

type Ctx = Pick<AppContext, 'db' | 'events' | 'log'>;

/**
 * Moves every sent or partly paid invoice whose due date is before `today` (the clinic's day) to overdue, in
 * one statement, and announces exactly the invoices that statement moved. Two instances sweeping at once
 * cannot both move one invoice: the second finds it overdue already, so it is announced (and the patient
 * told) once.
 */
export async function sweepOverdue(ctx: Pick<Ctx, 'db' | 'events'>, today = clinicToday()) {
  const result = await ctx.db.execute(sql`
    update invoices set status = 'overdue', overdue_at = now(), updated_at = now()
    where status in ('sent', 'partially_paid') and due_date < ${today}::date
    returning id, patient_id, practitioner_id`);
  const rows = (
    result as unknown as { rows: Array<{ id: string; patient_id: string; practitioner_id: string | null }> }
  ).rows;
  for (const row of rows)
    ctx.events.publish('invoice.changed', {
      invoiceId: row.id,
      patientId: row.patient_id,
      practitionerId: row.practitioner_id,
      change: 'overdue',
    });
  return rows.map((row) => row.id);
}

/** Runs the sweep now and then every OVERDUE_CHECK_INTERVAL_MS on every instance, until stopped. */
export class OverdueWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly ctx: Ctx,
    private readonly intervalMs = OVERDUE_CHECK_INTERVAL_MS,
    private readonly log: FastifyBaseLogger = ctx.log,
  ) {}

  start() {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the clock and waits for a sweep in hand. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick() {
    if (this.running) return;
    this.running = sweepOverdue(this.ctx)
      .catch((error) =>
        this.log.error({ err: { message: (error as Error).message } }, 'overdue sweep failed'),
      )
      .finally(() => {
        this.running = null;
      });
  }
}
