import {
  APPOINTMENT_TRANSITIONS,
  type AppointmentAction,
  type CancelAppointmentInput,
  EDITABLE_STATUSES,
  NO_SHOW_UNDO_ERRORS,
  PATIENT_CANCEL_NOTICE_HOURS,
  SCHEDULING_ERRORS,
  transitionRefused,
  type UndoNoShowAnswer,
  type UndoNoShowInput,
  type UpdateAppointmentInput,
} from '../../../shared/scheduling';
import { lockSchedules } from '../../db/concurrency';
import type { RequestMeta } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { coverWithPackage, offerFee, withdrawNoShowFee } from '../billing/service';
import { requireVideoVisits } from '../clinic-features/service';
import { assertMayManage, audit, type Caller, MANAGERS, readableAppointment } from './access';
import { assertLength, assertPractitioner, MINUTE, offeredService } from './checks';
import { type Change, type Ctx, commitChange, conflict } from './commit';
import { scheduleReminder, withdrawReminder } from './reminders';
import * as repository from './repository';

/* What happens to a booked appointment afterwards: edited or moved, moved along its day, or cancelled. */

export const NO_SHOW_TOO_EARLY = 'A no-show can be recorded only once the appointment has started';
export const ONLY_STAFF_REASSIGN = 'Only the clinic staff can move an appointment to another practitioner';

/**
 * Edits or reschedules an appointment that has not started to happen (scheduled or confirmed). Moving the
 * start alone keeps the length; a new service alone keeps the start and takes the service's length.
 */
export async function updateAppointment(
  ctx: Ctx,
  caller: Caller,
  { id, input, meta }: { id: string; input: UpdateAppointmentInput; meta: RequestMeta },
) {
  return commitChange(ctx, caller, async (tx) => {
    const row = await readableAppointment(tx, caller, { id, lock: true });
    assertMayManage(caller, row);
    if (input.isVideo !== undefined) await requireVideoVisits(tx);
    if (!(EDITABLE_STATUSES as readonly string[]).includes(row.status))
      throw conflict(SCHEDULING_ERRORS.notEditable);
    const practitionerId = input.practitionerId ?? row.practitionerId;
    if (practitionerId !== row.practitionerId) {
      if (!MANAGERS.includes(caller.role)) throw forbidden(ONLY_STAFF_REASSIGN);
      await assertPractitioner(tx, practitionerId);
    }
    const serviceChanged = input.serviceTypeId !== undefined && input.serviceTypeId !== row.serviceTypeId;
    const service = serviceChanged ? await offeredService(tx, input.serviceTypeId!) : null;
    const startsAt = input.startsAt ? new Date(input.startsAt) : row.startsAt;
    let endsAt = row.endsAt;
    if (input.endsAt) endsAt = new Date(input.endsAt);
    else if (service) endsAt = new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
    else if (input.startsAt)
      endsAt = new Date(startsAt.getTime() + (row.endsAt.getTime() - row.startsAt.getTime()));
    assertLength(startsAt, endsAt);
    const moved =
      practitionerId !== row.practitionerId ||
      startsAt.getTime() !== row.startsAt.getTime() ||
      endsAt.getTime() !== row.endsAt.getTime();
    // Only the appointment's own row is locked so far; no writer of a schedule waits on that row.
    if (moved) await lockSchedules(tx, [row.practitionerId, practitionerId]);
    await repository.updateAppointment(tx, id, {
      practitionerId,
      serviceTypeId: service?.id ?? row.serviceTypeId,
      startsAt,
      endsAt,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      // A new service brings its own kind of visit unless the change says which.
      isVideo: input.isVideo ?? (service ? (service.isVideo ?? false) : row.isVideo),
    });
    if (startsAt.getTime() !== row.startsAt.getTime()) {
      await withdrawReminder(tx, id, row.startsAt);
      await scheduleReminder(tx, id, startsAt);
    }
    // The names of the fields changed, never the notes themselves.
    await audit(tx, caller, {
      action: moved ? 'appointment.rescheduled' : 'appointment.updated',
      id,
      meta,
      details: { patientId: row.patientId, fields: Object.keys(input).join(',') },
    });
    return {
      id,
      event: 'appointment.updated',
      change: moved ? 'rescheduled' : 'edited',
      previousPractitionerId: practitionerId !== row.practitionerId ? row.practitionerId : undefined,
    };
  });
}

/** The fee a change offered, as its event names it; nothing when the policy made none. */
const offered = (fee: { id: string } | null, row: repository.AppointmentRow) =>
  fee
    ? {
        feeId: fee.id,
        patientId: row.patientId,
        practitionerId: row.practitionerId,
        change: 'offered' as const,
      }
    : undefined;

const CHANGE_OF: Record<Exclude<AppointmentAction, 'cancel'>, Change> = {
  confirm: 'confirmed',
  'check-in': 'checked_in',
  complete: 'completed',
  'no-show': 'no_show',
};

/**
 * Moves an appointment along its day: confirm, check in, complete, no-show; each only from the statuses the
 * contract allows (otherwise 409). The appointment's practitioner, staff and admin do this.
 */
export async function advanceAppointment(
  ctx: Ctx,
  caller: Caller,
  { id, action, meta }: { id: string; action: Exclude<AppointmentAction, 'cancel'>; meta: RequestMeta },
) {
  return commitChange(ctx, caller, async (tx) => {
    const row = await readableAppointment(tx, caller, { id, lock: true });
    assertMayManage(caller, row);
    const transition = APPOINTMENT_TRANSITIONS[action];
    if (!(transition.from as readonly string[]).includes(row.status))
      throw conflict(transitionRefused(action, row.status));
    if (action === 'no-show' && row.startsAt.getTime() > Date.now()) throw conflict(NO_SHOW_TOO_EARLY);
    await repository.updateAppointment(tx, id, {
      status: transition.to,
      // Kept so the mark can be taken back to what it was (undoNoShow); cleared by any other move.
      noShowFrom: action === 'no-show' ? (row.status as 'scheduled' | 'confirmed') : null,
    });
    await audit(tx, caller, {
      action: `appointment.${CHANGE_OF[action]}`,
      id,
      meta,
      details: { patientId: row.patientId },
    });
    const fee =
      action === 'no-show'
        ? await offerFee(tx, {
            appointment: row,
            kind: 'no_show',
            actorId: caller.id,
            ipAddress: meta.ipAddress,
          })
        : null;
    if (action === 'complete')
      await coverWithPackage(tx, { appointment: row, actorId: caller.id, ipAddress: meta.ipAddress });
    return { id, event: 'appointment.updated', change: CHANGE_OF[action], fee: offered(fee, row) };
  });
}

/**
 * Cancels with a reason, freeing the slot. The appointment's practitioner, staff and admin cancel any time;
 * the patient cancels their own only while it is more than 24 hours ahead.
 */
export async function cancelAppointment(
  ctx: Ctx,
  caller: Caller,
  { id, input, meta }: { id: string; input: CancelAppointmentInput; meta: RequestMeta },
) {
  return commitChange(ctx, caller, async (tx) => {
    const row = await readableAppointment(tx, caller, { id, lock: true });
    if (caller.role === 'patient') {
      if (row.startsAt.getTime() - Date.now() <= PATIENT_CANCEL_NOTICE_HOURS * 60 * MINUTE)
        throw forbidden(SCHEDULING_ERRORS.cancelTooLate);
    } else assertMayManage(caller, row);
    if (!(APPOINTMENT_TRANSITIONS.cancel.from as readonly string[]).includes(row.status))
      throw conflict(transitionRefused('cancel', row.status));
    await repository.updateAppointment(tx, id, {
      status: 'cancelled',
      cancellationReason: input.reason,
      cancelledAt: new Date(),
      cancelledBy: caller.id,
    });
    await withdrawReminder(tx, id, row.startsAt);
    await audit(tx, caller, {
      action: 'appointment.cancelled',
      id,
      meta,
      details: { patientId: row.patientId },
    });
    const fee =
      caller.role === 'patient' || input.atPatientRequest
        ? await offerFee(tx, {
            appointment: row,
            kind: 'late_cancel',
            actorId: caller.id,
            ipAddress: meta.ipAddress,
          })
        : null;
    return { id, event: 'appointment.cancelled', change: 'cancelled', fee: offered(fee, row) };
  });
}

/**
 * Takes back a no-show mark (staff and admins), with a reason kept in the activity log: the appointment returns
 * to the status it was marked from (scheduled for a mark older than that record), holding its slot again, so
 * a slot booked meanwhile answers 409. A pending no-show fee is withdrawn with the mark; an applied one stays,
 * and the answer says so.
 */
export async function undoNoShow(
  ctx: Ctx,
  caller: Caller,
  { id, input, meta }: { id: string; input: UndoNoShowInput; meta: RequestMeta },
): Promise<UndoNoShowAnswer> {
  let fee: Awaited<ReturnType<typeof withdrawNoShowFee>> = null;
  const appointment = await commitChange(ctx, caller, async (tx) => {
    const row = await readableAppointment(tx, caller, { id, lock: true });
    if (!MANAGERS.includes(caller.role)) throw forbidden(NO_SHOW_UNDO_ERRORS.onlyStaff);
    if (row.status !== 'no_show') throw conflict(NO_SHOW_UNDO_ERRORS.notNoShow);
    const status = row.noShowFrom ?? 'scheduled';
    // The slot is held again: writers of the practitioner's schedule take turns, as a booking does.
    await lockSchedules(tx, [row.practitionerId]);
    await repository.updateAppointment(tx, id, { status, noShowFrom: null });
    await audit(tx, caller, {
      action: 'appointment.no_show_undone',
      id,
      meta,
      details: { patientId: row.patientId, status, reason: input.reason },
    });
    fee = await withdrawNoShowFee(tx, { appointmentId: id, actorId: caller.id, ipAddress: meta.ipAddress });
    return {
      id,
      event: 'appointment.updated',
      change: 'no_show_undone',
      fee:
        fee?.outcome === 'withdrawn'
          ? {
              feeId: fee.feeId,
              patientId: row.patientId,
              practitionerId: row.practitionerId,
              change: 'withdrawn',
            }
          : undefined,
    };
  });
  const kept = fee as Awaited<ReturnType<typeof withdrawNoShowFee>>;
  return {
    appointment,
    fee: kept
      ? {
          outcome: kept.outcome,
          status: kept.status,
          amountCents: kept.amountCents,
          invoiceId: kept.invoiceId,
          invoiceNumber: kept.invoiceNumber,
        }
      : null,
  };
}
