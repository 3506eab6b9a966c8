import type { PractitionerOption } from '../../../shared/practitioners';
import type { Db } from '../../db/client';
import { listActiveAccountsWithRole } from '../accounts/service';

/** Active practitioners sorted by last then first name: names only, nothing of their accounts beyond that. */
export function listPractitioners(db: Db): Promise<PractitionerOption[]> {
  return listActiveAccountsWithRole(db, 'practitioner');
}
