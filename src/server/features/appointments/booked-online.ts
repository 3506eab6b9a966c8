import { APPOINTMENT_TRANSITIONS, EDITABLE_STATUSES, SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { AppointmentEvent } from '../../platform/events';
import { audit, type Caller, toAppointment } from './access';
import { scheduleReminder, withdrawReminder } from './reminders';
import * as repository from './repository';

/**
 * Appointments that public booking makes and changes for a visitor's request. They run inside the public
 * booking feature's own transaction (the request and its appointment change together, or neither does);
 * that feature has checked who may act and that the time is free, and the database still refuses a clash
 * (SQLSTATE 23P01, which rolls the whole transaction back). Each returns what happened, to be announced with
 * `announceBookedOnline` once the transaction has committed, so notifications, pushes and the reminder
 * follow exactly as for any other booking.
 *
 * `actor` is whoever acted: the practitioner or staff member who confirmed a request, or, for what a
 * visitor does through their signed link, the patient the request became.
 */
export type BookedOnline = {
  id: string;
  event: 'appointment.created' | 'appointment.updated' | 'appointment.cancelled';
  change: AppointmentEvent['change'];
  actorId: string;
};

const conflict = (message: string) => new AppError('CONFLICT', message);
const VIA = { via: 'public_booking' } as const;

/** A confirmed appointment for the request's patient, time and service, with its reminder. */
export async function bookForRequest(
  tx: Tx,
  actor: Caller,
  {
    meta,
    ...values
  }: {
    patientId: string;
    practitionerId: string;
    serviceTypeId: string;
    startsAt: Date;
    endsAt: Date;
    meta: RequestMeta;
  },
): Promise<BookedOnline> {
  const id = await repository.insertAppointment(tx, { ...values, status: 'confirmed', createdBy: actor.id });
  await scheduleReminder(tx, id, values.startsAt);
  await audit(tx, actor, {
    action: 'appointment.created',
    id,
    meta,
    details: { patientId: values.patientId, ...VIA },
  });
  return { id, event: 'appointment.created', change: 'created', actorId: actor.id };
}

/** Moves the appointment to a new start, keeping its length; only one that has not started to happen. */
export async function moveForRequest(
  tx: Tx,
  actor: Caller,
  { id, startsAt, meta }: { id: string; startsAt: Date; meta: RequestMeta },
): Promise<BookedOnline> {
  const row = await repository.findAppointment(tx, id, { lock: true });
  if (!row || !(EDITABLE_STATUSES as readonly string[]).includes(row.status))
    throw conflict(SCHEDULING_ERRORS.notEditable);
  const endsAt = new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime()));
  await repository.updateAppointment(tx, id, { startsAt, endsAt });
  await withdrawReminder(tx, id, row.startsAt);
  await scheduleReminder(tx, id, startsAt);
  await audit(tx, actor, {
    action: 'appointment.rescheduled',
    id,
    meta,
    details: { patientId: row.patientId, fields: 'startsAt', ...VIA },
  });
  return { id, event: 'appointment.updated', change: 'rescheduled', actorId: actor.id };
}

/** Cancels the appointment with the visitor's reason, freeing its time. */
export async function cancelForRequest(
  tx: Tx,
  actor: Caller,
  { id, reason, meta }: { id: string; reason: string; meta: RequestMeta },
): Promise<BookedOnline> {
  const row = await repository.findAppointment(tx, id, { lock: true });
  if (!row || !(APPOINTMENT_TRANSITIONS.cancel.from as readonly string[]).includes(row.status))
    throw conflict(SCHEDULING_ERRORS.notEditable);
  await repository.updateAppointment(tx, id, {
    status: 'cancelled',
    cancellationReason: reason,
    cancelledAt: new Date(),
    cancelledBy: actor.id,
  });
  await withdrawReminder(tx, id, row.startsAt);
  await audit(tx, actor, {
    action: 'appointment.cancelled',
    id,
    meta,
    details: { patientId: row.patientId, ...VIA },
  });
  return { id, event: 'appointment.cancelled', change: 'cancelled', actorId: actor.id };
}

/** Publishes the appointment's event once the transaction that changed it has committed. */
export async function announceBookedOnline(ctx: Pick<AppContext, 'db' | 'events'>, outcome: BookedOnline) {
  const row = await repository.findAppointment(ctx.db, outcome.id);
  if (!row) return null;
  ctx.events.publish(outcome.event, {
    appointmentId: row.id,
    patientId: row.patientId,
    practitionerId: row.practitionerId,
    actorId: outcome.actorId,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    change: outcome.change,
  });
  return toAppointment(row);
}

/**
 * Where a request's appointment stands now (the clinic may have moved or cancelled it since): its status
 * and times, or null when it is gone. Reads no patient data.
 */
export async function bookedAppointmentState(db: Db | Tx, id: string) {
  const row = await repository.findAppointment(db, id);
  return row ? { status: row.status, startsAt: row.startsAt, endsAt: row.endsAt } : null;
}
