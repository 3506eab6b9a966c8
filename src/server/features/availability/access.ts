import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import * as careTeam from '../care-team/service';

export type Caller = Pick<SessionUser, 'id' | 'role'>;

async function activePractitioner(db: Db | Tx, practitionerId: string) {
  const account = await accounts.findAccountById(db, practitionerId);
  if (account?.role !== 'practitioner' || !account.isActive)
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
}

/**
 * A practitioner's availability is theirs to keep and the clinic staff's to run; another practitioner is
 * answered as if it did not exist. Roles that never manage it are refused by the routes.
 */
export async function assertMayManage(db: Db | Tx, caller: Caller, practitionerId: string) {
  if (caller.role === 'practitioner' && caller.id !== practitionerId)
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
  await activePractitioner(db, practitionerId);
}

/**
 * Free times: staff and admin for anyone, a practitioner their own (they book only with themselves), a
 * patient those of the practitioners on their care team. Anyone else's answer as not found.
 */
export async function assertMayReadSlots(db: Db | Tx, caller: Caller, practitionerId: string) {
  if (caller.role === 'practitioner' && caller.id !== practitionerId)
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
  if (caller.role === 'patient' && !(await careTeam.practitionersOf(db, caller.id)).includes(practitionerId))
    throw notFound(SCHEDULING_ERRORS.notPractitioner);
  await activePractitioner(db, practitionerId);
}
