import {
  APPOINTMENT_MAX_MINUTES,
  APPOINTMENT_MIN_MINUTES,
  SCHEDULING_ERRORS,
} from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../platform/errors';
import * as services from '../services/service';
import * as repository from './repository';

/*
 * What a booked or changed appointment must name and last, whoever books it: an active practitioner, a
 * service still offered, and a length within the contract's bounds.
 */

export const MINUTE = 60_000;

/** The practitioner named must be an active practitioner account. */
export async function assertPractitioner(db: Db | Tx, practitionerId: string) {
  const person = await repository.findUserRole(db, practitionerId);
  if (person?.role !== 'practitioner' || !person.isActive)
    throw badRequest(SCHEDULING_ERRORS.notPractitioner, {
      practitionerId: SCHEDULING_ERRORS.notPractitioner,
    });
}

/** A service type that exists and is still offered. */
export async function offeredService(db: Db | Tx, serviceTypeId: string) {
  const service = await services.findServiceType(db, serviceTypeId, { withVideo: true });
  if (!service)
    throw badRequest(SCHEDULING_ERRORS.serviceNotFound, { serviceTypeId: SCHEDULING_ERRORS.serviceNotFound });
  if (!service.active)
    throw badRequest(SCHEDULING_ERRORS.serviceInactive, { serviceTypeId: SCHEDULING_ERRORS.serviceInactive });
  return service;
}

export function assertLength(startsAt: Date, endsAt: Date) {
  const minutes = (endsAt.getTime() - startsAt.getTime()) / MINUTE;
  if (minutes <= 0)
    throw badRequest(SCHEDULING_ERRORS.endBeforeStart, { endsAt: SCHEDULING_ERRORS.endBeforeStart });
  if (minutes < APPOINTMENT_MIN_MINUTES)
    throw badRequest(SCHEDULING_ERRORS.tooShort, { endsAt: SCHEDULING_ERRORS.tooShort });
  if (minutes > APPOINTMENT_MAX_MINUTES)
    throw badRequest(SCHEDULING_ERRORS.tooLong, { endsAt: SCHEDULING_ERRORS.tooLong });
}
