import type { PublicBookingRequest } from '../../../shared/public-booking';
import type { Role } from '../../../shared/roles';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import * as repository from './repository';

export type Caller = { id: string; role: Role };

export const REQUEST_NOT_FOUND = 'Booking request not found';
/** Staff and admin handle every practitioner's requests. */
export const MANAGERS: readonly Role[] = ['staff', 'admin'];

/** Practitioners, staff and admin handle requests; patients and members are refused outright. */
export function assertHandlesRequests(caller: Caller) {
  if (caller.role !== 'practitioner' && !MANAGERS.includes(caller.role)) throw forbidden();
}

/**
 * A request when the caller may handle it: staff and admin any, a practitioner their own. Another
 * practitioner's is answered as not found, so ids cannot be probed.
 */
export async function handledRequest(
  db: Db | Tx,
  caller: Caller,
  { id, lock }: { id: string; lock?: boolean },
) {
  assertHandlesRequests(caller);
  const row = await repository.findRequest(db, id, { lock });
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  if (caller.role === 'practitioner' && row.practitionerId !== caller.id) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/**
 * Reads and decisions are logged like any record of a person: who, what and which request (never the
 * visitor's details or reason). A visitor acting through their link is logged without an actor.
 */
export const audit = (
  db: Db | Tx,
  {
    actorId,
    action,
    id,
    meta,
    details,
  }: {
    actorId: string | null;
    action: string;
    id: string | null;
    meta: RequestMeta;
    details?: Record<string, string | number | boolean | null>;
  },
) =>
  recordActivity(db, {
    actorId,
    action,
    entityType: 'public_booking_request',
    entityId: id,
    ipAddress: meta.ipAddress,
    details,
  });

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toRequest(row: repository.RequestRow): PublicBookingRequest {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    practitionerId: row.practitionerId,
    practitionerName: row.practitionerName,
    serviceTypeId: row.serviceTypeId,
    serviceName: row.serviceName,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    reason: row.reason,
    message: row.message,
    patientId: row.patientId,
    appointmentId: row.appointmentId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    decidedByName: row.decidedByName,
  };
}
