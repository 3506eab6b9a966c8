import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import * as accounts from '../accounts/service';
import * as repository from './repository';

/**
 * The care team: which practitioners look after which patients. Messaging asks it who may write to whom;
 * the patient-records screens will manage it.
 */
export async function isAssigned(db: Db | Tx, practitionerId: string, patientId: string) {
  return (await repository.findAssignment(db, practitionerId, patientId)) !== null;
}

export const practitionersOf = (db: Db | Tx, patientId: string) =>
  repository.practitionerIdsOf(db, patientId);
export const patientsOf = (db: Db | Tx, practitionerId: string) =>
  repository.patientIdsOf(db, practitionerId);

/** The people on the other side of a person's care-team links: a patient's practitioners, a practitioner's patients. */
export function linkedPeopleOf(db: Db | Tx, person: { id: string; role: Role }): Promise<string[]> {
  if (person.role === 'patient') return practitionersOf(db, person.id);
  if (person.role === 'practitioner') return patientsOf(db, person.id);
  return Promise.resolve([]);
}

/** Links two people; true when the link is new. Both must exist with the right roles. */
export async function assign(db: Db | Tx, practitionerId: string, patientId: string) {
  const practitioner = await accounts.findAccountById(db, practitionerId);
  const patient = await accounts.findAccountById(db, patientId);
  if (!practitioner || !patient) throw notFound('User not found');
  if (practitioner.role !== 'practitioner')
    throw badRequest('Only a practitioner can be assigned to a patient');
  if (patient.role !== 'patient') throw badRequest('Practitioners are assigned to patients only');
  return repository.insertAssignment(db, practitionerId, patientId);
}

export const unassign = (db: Db | Tx, practitionerId: string, patientId: string) =>
  repository.deleteAssignment(db, practitionerId, patientId);
