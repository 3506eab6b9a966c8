import {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogPage,
  type AccessLogQuery,
  describeAccess,
} from '../../../shared/record-access';
import type { Role } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import * as patients from '../patients/service';
import * as repository from './repository';

type Caller = { id: string; role: Role };

export const PATIENT_NOT_FOUND = patients.PATIENT_NOT_FOUND;
const SYSTEM_NAME = 'The clinic system';

/**
 * Who may read a patient's access log: the patient their own, staff and admin anyone's. A practitioner
 * reaches the record but not the log of who else opened it (403 for their own patients); anyone else is
 * told the patient does not exist (404), so ids cannot be probed.
 */
async function assertMayRead(db: Db, caller: Caller, patientId: string) {
  const inReach = await patients.isPatientInReach(db, caller, patientId);
  if (!inReach) throw notFound(PATIENT_NOT_FOUND);
  if (caller.role === 'practitioner')
    throw forbidden('Only the patient, staff and admins see who opened a record');
}

export async function accessLogOf(
  db: Db,
  caller: Caller,
  { patientId, query, meta }: { patientId: string; query: AccessLogQuery; meta: RequestMeta },
): Promise<AccessLogPage> {
  await assertMayRead(db, caller, patientId);
  const limit = ACCESS_LOG_PAGE_SIZE;
  const rows = await repository.entriesAbout(db, patientId, {
    beforeId: query.cursor ? Number(query.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  // Reading the log is itself a read of the patient's data, so it is logged (after the page was read).
  await recordActivity(db, {
    actorId: caller.id,
    action: 'record-access.viewed',
    entityType: 'patient',
    entityId: patientId,
    ipAddress: meta.ipAddress,
    details: { count: page.length },
  });
  return {
    items: page.map((row) => ({
      id: String(row.id),
      at: row.createdAt.toISOString(),
      action: row.action,
      description: describeAccess(row.action),
      actor: {
        id: row.actorId,
        name: row.actorFirstName ? `${row.actorFirstName} ${row.actorLastName}` : SYSTEM_NAME,
        role: row.actorRole,
        isYou: row.actorId !== null && row.actorId === caller.id,
      },
      noteId: row.entityType === 'recovery_note' ? row.entityId : null,
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null,
  };
}
