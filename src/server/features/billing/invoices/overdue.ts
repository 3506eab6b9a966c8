import { OVERDUE_CHECK_INTERVAL_MS } from '../../../../shared/billing';
import { clinicToday } from '../../../platform/clinic-time';
import type { AppContext } from '../../../platform/context';
import { Sweeper } from '../../../platform/sweeper';
import { markOverdueBefore } from './repository';

type Ctx = Pick<AppContext, 'db' | 'events' | 'log'>;

/**
 * Moves every sent or partly paid invoice whose due date is before `today` (the clinic's day) to overdue, in
 * one statement, and announces exactly the invoices that statement moved. Two instances sweeping at once
 * cannot both move one invoice: the second finds it overdue already, so it is announced (and the patient
 * told) once.
 */
export async function sweepOverdue(ctx: Pick<Ctx, 'db' | 'events'>, today = clinicToday()) {
  const rows = await markOverdueBefore(ctx.db, today);
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
