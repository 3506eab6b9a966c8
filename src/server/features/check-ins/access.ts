import { CHECK_IN_ERRORS, type CheckIn, type Schedule } from '../../../shared/check-ins';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { auditAs } from '../../platform/activity';
import { notFound } from '../../platform/errors';
import * as patients from '../patients/service';
import type * as repository from './repository';

export type Caller = { id: string; role: Role };

/** Staff and admin reach every patient's check-ins; they never answer one. */
export const MANAGERS: readonly Role[] = ['staff', 'admin'];

/**
 * Whether the caller reaches a patient's check-ins (PRODUCT.md, 'Who may see what'): the patient their own,
 * a practitioner their care team's patients (the patients feature decides), staff and admin all, members none.
 */
export async function reachesPatient(db: Db | Tx, caller: Caller, patientId: string) {
  if (caller.role === 'member') return false;
  return patients.isPatientInReach(db, caller, patientId);
}

/** The patient when the caller reaches them; otherwise they do not exist for the caller. */
export async function assertPatientInReach(db: Db | Tx, caller: Caller, patientId: string) {
  if (!(await reachesPatient(db, caller, patientId))) throw notFound(patients.PATIENT_NOT_FOUND);
}

/** Every read and write of a patient's check-ins is logged: who, what, which; never answers or scores. */
export const audit = auditAs<'check_in' | 'check_in_schedule' | 'patient'>;

export function toCheckIn(row: repository.CheckInRow): CheckIn {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: `${row.patientFirstName} ${row.patientLastName}`,
    measure: row.measure,
    reason: row.reason,
    status: row.status,
    requestedByName: row.requestedByFirstName
      ? `${row.requestedByFirstName} ${row.requestedByLastName}`
      : null,
    dueAt: row.dueAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    score: row.score,
    answers: row.answers,
  };
}

export function toSchedule(row: repository.ScheduleRow): Schedule {
  return {
    id: row.id,
    patientId: row.patientId,
    serviceTypeId: row.serviceTypeId,
    serviceTypeName: row.serviceTypeName,
    measure: row.measure,
    trigger: row.trigger,
    interval: row.interval,
    createdAt: row.createdAt.toISOString(),
  };
}

export const checkInNotFound = () => notFound(CHECK_IN_ERRORS.notFound);
