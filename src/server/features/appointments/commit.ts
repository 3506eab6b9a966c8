import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { Tx } from '../../db/client';
import { hasSqlState, transactionRetrying } from '../../db/concurrency';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { AppointmentEvent, DomainEvents, EventName } from '../../platform/events';
import { type Caller, toAppointment, videoViewOf } from './access';
import * as repository from './repository';

/** With the configuration, answers show video visits as such while the clinic has them on. */
export type Ctx = Pick<AppContext, 'db' | 'events'> & { config?: Pick<AppContext['config'], 'appUrl'> };
export type Change = AppointmentEvent['change'];
type Outcome = {
  id: string;
  event: EventName;
  change: Change;
  previousPractitionerId?: string;
  /** A policy fee the change offered or withdrew in its transaction, announced with it. */
  fee?: DomainEvents['fee.changed'];
};

export const conflict = (message: string) => new AppError('CONFLICT', message);

/** The database's exclusion constraint refused the time (SQLSTATE 23P01), on either driver. */
const isOverlap = (error: unknown) => hasSqlState(error, '23P01');

/**
 * Runs a change in one transaction with its log entry, then publishes its event once it has committed. A
 * clash with another active appointment of the practitioner, however close the race, is the database's to
 * refuse and answers 409.
 */
export async function commitChange(ctx: Ctx, caller: Caller, work: (tx: Tx) => Promise<Outcome>) {
  let outcome: Outcome;
  try {
    outcome = await transactionRetrying(ctx.db, work);
  } catch (error) {
    if (isOverlap(error)) throw conflict(SCHEDULING_ERRORS.overlap);
    throw error;
  }
  const row = (await repository.findAppointment(ctx.db, outcome.id))!;
  ctx.events.publish(outcome.event, {
    appointmentId: row.id,
    patientId: row.patientId,
    practitionerId: row.practitionerId,
    previousPractitionerId: outcome.previousPractitionerId,
    actorId: caller.id,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    change: outcome.change,
  });
  if (outcome.fee) ctx.events.publish('fee.changed', outcome.fee);
  return toAppointment(row, await videoViewOf(ctx.db, ctx.config));
}
