import { type CreateAppointmentInput, SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { Db } from '../../db/client';
import { lockSchedules } from '../../db/concurrency';
import type { RequestMeta } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import * as availability from '../availability/service';
import * as careTeam from '../care-team/service';
import { requireVideoVisits } from '../clinic-features/service';
import * as patients from '../patients/service';
import { audit, type Caller } from './access';
import { assertLength, assertPractitioner, MINUTE, offeredService } from './checks';
import { type Ctx, commitChange, conflict } from './commit';
import { scheduleReminder } from './reminders';
import * as repository from './repository';

export const PRACTITIONER_BOOKS_OWN =
  'Practitioners book appointments with themselves; the clinic staff can book with anyone';
export const PATIENT_LENGTH_FIXED = 'A requested appointment lasts as long as its service';

/** 'YYYY-MM-DD' of an instant in a time zone. */
const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

/**
 * A patient asks only for one of their practitioner's free times (hours, overrides, time off, other
 * bookings with the buffer, minimum notice and horizon, as the free-slot computation answers them). The
 * database still has the last word on a race for the same time.
 */
async function assertFreeTime(
  db: Db,
  caller: Caller,
  {
    practitionerId,
    serviceTypeId,
    startsAt,
  }: { practitionerId: string; serviceTypeId: string; startsAt: Date },
) {
  if (startsAt.getTime() <= Date.now())
    throw badRequest(SCHEDULING_ERRORS.inThePast, { startsAt: SCHEDULING_ERRORS.inThePast });
  if (!(await careTeam.isAssigned(db, practitionerId, caller.id)))
    throw badRequest(SCHEDULING_ERRORS.notCareTeam, { practitionerId: SCHEDULING_ERRORS.notCareTeam });
  const day = dayIn(startsAt, await availability.timeZoneOf(db, practitionerId));
  const { slots } = await availability.slotsFor(db, caller, {
    practitionerId,
    query: { serviceTypeId, from: day, to: day },
  });
  if (!slots.some((slot) => Date.parse(slot.startsAt) === startsAt.getTime()))
    throw conflict(SCHEDULING_ERRORS.notFree);
}

/**
 * Books an appointment. Staff and admin book any patient with any practitioner; a practitioner books a
 * patient in their reach with themselves; a patient requests one of the free times of a practitioner on
 * their care team, for the service's length, and it waits as 'scheduled' until the clinic confirms it.
 * What the clinic books is confirmed at once.
 */
export async function createAppointment(
  ctx: Ctx,
  caller: Caller,
  { input, meta }: { input: CreateAppointmentInput; meta: RequestMeta },
) {
  const isPatient = caller.role === 'patient';
  const patientId = isPatient ? (input.patientId ?? caller.id) : input.patientId;
  if (!patientId) throw badRequest('Patient is required', { patientId: 'Patient is required' });
  if (caller.role === 'practitioner' && input.practitionerId !== caller.id)
    throw forbidden(PRACTITIONER_BOOKS_OWN);
  const startsAt = new Date(input.startsAt);
  if (isPatient)
    await assertFreeTime(ctx.db, caller, {
      practitionerId: input.practitionerId,
      serviceTypeId: input.serviceTypeId,
      startsAt,
    });
  return commitChange(ctx, caller, async (tx) => {
    if (input.isVideo !== undefined) await requireVideoVisits(tx);
    await lockSchedules(tx, [input.practitionerId]);
    if (!(await patients.isPatientInReach(tx, caller, patientId)))
      throw notFound(SCHEDULING_ERRORS.notPatient);
    await assertPractitioner(tx, input.practitionerId);
    const service = await offeredService(tx, input.serviceTypeId);
    const serviceEnd = new Date(startsAt.getTime() + service.durationMinutes * MINUTE);
    const endsAt = input.endsAt ? new Date(input.endsAt) : serviceEnd;
    if (isPatient && endsAt.getTime() !== serviceEnd.getTime())
      throw badRequest(PATIENT_LENGTH_FIXED, { endsAt: PATIENT_LENGTH_FIXED });
    assertLength(startsAt, endsAt);
    const id = await repository.insertAppointment(tx, {
      patientId,
      practitionerId: input.practitionerId,
      serviceTypeId: service.id,
      startsAt,
      endsAt,
      status: isPatient ? 'scheduled' : 'confirmed',
      notes: input.notes ?? '',
      isVideo: input.isVideo ?? service.isVideo ?? false,
      createdBy: caller.id,
    });
    await scheduleReminder(tx, id, startsAt);
    await audit(tx, caller, { action: 'appointment.created', id, meta, details: { patientId } });
    return { id, event: 'appointment.created', change: 'created' };
  });
}
