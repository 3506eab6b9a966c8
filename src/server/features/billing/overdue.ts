import { sql } from 'drizzle-orm';
import { OVERDUE_CHECK_INTERVAL_MS } from '../../../shared/billing';
import { rowsOf } from '../../db/rows';
import { clinicToday } from '../../platform/clinic-time';
import type { AppContext } from '../../platform/context';
import { Sweeper } from '../../platform/sweeper';

type Ctx = Pick<AppContext, 'db' | 'events' | 'log'>;

/**
 * Moves every sent or partly paid invoice whose due date is before `today` (the clinic's day) to overdue, in
 * one statement, and announces exactly the invoices that statement moved. Two instances sweeping at once
 * cannot both move one invoice: the second finds it overdue already, so it is announced (and the patient
 * told) once.
 */
export async function sweepOverdue(ctx: Pick<Ctx, 'db' | 'events'>, today = clinicToday()) {
  const rows = await rowsOf<{ id: string; patient_id: string; practitioner_id: string | null }>(
    ctx.db,
    sql`
    update invoices set status = 'overdue', overdue_at = now(), updated_at = now()
    where status in ('sent', 'partially_paid') and due_date < ${today}::date
    returning id, patient_id, practitioner_id`,
  );
  for (const row of rows)
    ctx.events.publish('invoice.changed', {
      invoiceId: row.id,
      patientId: row.patient_id,
      practitionerId: row.practitioner_id,
      change: 'overdue',
    });
  return rows.map((row) => row.id);
}

/** The overdue sweep, every OVERDUE_CHECK_INTERVAL_MS on every listening instance. */
export const overdueSweeper = (ctx: Ctx, intervalMs = OVERDUE_CHECK_INTERVAL_MS) =>
  new Sweeper('overdue sweep', () => sweepOverdue(ctx), { intervalMs, log: ctx.log });
