import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import * as repository from './repository';

export type Caller = { id: string; role: Role };

/** Staff and admin handle every practitioner's requests. */
export const MANAGERS: readonly Role[] = ['staff', 'admin'];

/**
 * How many requests wait for a decision within the caller's reach: a practitioner's own, the whole clinic's
 * for staff and admin, none for anyone else. For the dashboards, which log their own reading.
 */
export async function countPending(db: Db, caller: Caller): Promise<number> {
  if (caller.role === 'practitioner') return repository.countPending(db, caller.id);
  if (MANAGERS.includes(caller.role)) return repository.countPending(db);
  return 0;
}

/**
 * A practitioner's pending requests overlapping a window: time they hold, which the public page's free
 * slots leave out. `exceptId` leaves out the request being moved.
 */
export const pendingSpans = (
  db: Db | Tx,
  practitionerId: string,
  window: { from: Date; to: Date },
  exceptId?: string,
) => repository.pendingSpans(db, practitionerId, window, exceptId);
