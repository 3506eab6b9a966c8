import type { CreateServiceTypeInput, ServiceType, UpdateServiceTypeInput } from '../../../shared/scheduling';
import { SCHEDULING_ERRORS } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { getFeatures, requireVideoVisits } from '../clinic-features/service';
import * as repository from './repository';

export const SERVICE_NAME_TAKEN = 'A service type with this name already exists';

/**
 * A service type as the API shows it. `isVideo` only while the clinic has video visits on; while they are off
 * the answer is the specification's.
 */
export function toServiceType(row: repository.ServiceTypeRow, video = false): ServiceType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.durationMinutes,
    priceCents: row.priceCents,
    colour: row.colour,
    isPublic: row.isPublic,
    ...(video ? { isVideo: row.isVideo } : {}),
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function isUniqueViolation(error: unknown) {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

/** Names are unique whatever their case: two 'Follow-up' entries would be indistinguishable in a menu. */
async function nameTakenGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', SERVICE_NAME_TAKEN, { fields: { name: SERVICE_NAME_TAKEN } });
    throw error;
  }
}

/** What can be booked now; staff and admin may ask for retired ones too, to bring them back. */
export async function listServiceTypes(db: Db, options: { includeInactive: boolean }) {
  const [rows, video] = await Promise.all([repository.listServiceTypes(db, options), videoVisitsOn(db)]);
  return rows.map((row) => toServiceType(row, video));
}

const videoVisitsOn = async (db: Db | Tx) => (await getFeatures(db)).features.videoVisits;

/**
 * A service type by id, whether or not it is still offered; null when there is none. `withVideo` tells
 * whether it is a video visit whatever the clinic's setting (booking takes it into the appointment).
 */
export async function findServiceType(db: Db | Tx, id: string, options: { withVideo?: boolean } = {}) {
  const row = await repository.findServiceType(db, id);
  if (!row) return null;
  return toServiceType(row, options.withVideo || (await videoVisitsOn(db)));
}

/** A service type that can be booked: unknown is 404, retired is refused as bad input. */
export async function bookableServiceType(db: Db | Tx, id: string) {
  const service = await findServiceType(db, id);
  if (!service) throw notFound(SCHEDULING_ERRORS.serviceNotFound);
  if (!service.active)
    throw new AppError('BAD_REQUEST', SCHEDULING_ERRORS.serviceInactive, {
      fields: { serviceTypeId: SCHEDULING_ERRORS.serviceInactive },
    });
  return service;
}

export function createServiceType(
  db: Db,
  caller: SessionUser,
  { input, meta }: { input: CreateServiceTypeInput; meta: RequestMeta },
) {
  return nameTakenGuard(() =>
    db.transaction(async (tx) => {
      if (input.isVideo !== undefined) await requireVideoVisits(tx);
      const row = await repository.insertServiceType(tx, {
        name: input.name,
        description: input.description ?? '',
        durationMinutes: input.durationMinutes,
        priceCents: input.priceCents,
        colour: input.colour.toLowerCase(),
        isPublic: input.isPublic ?? false,
        isVideo: input.isVideo ?? false,
        active: input.active ?? true,
      });
      await recordActivity(tx, {
        actorId: caller.id,
        action: 'service_type.created',
        entityType: 'service_type',
        entityId: row.id,
        ipAddress: meta.ipAddress,
      });
      return toServiceType(row, await videoVisitsOn(tx));
    }),
  );
}

export function updateServiceType(
  db: Db,
  caller: SessionUser,
  {
    id,
    input,
    meta,
    action = 'service_type.updated',
  }: { id: string; input: UpdateServiceTypeInput; meta: RequestMeta; action?: string },
) {
  return nameTakenGuard(() =>
    db.transaction(async (tx) => {
      if (input.isVideo !== undefined) await requireVideoVisits(tx);
      const row = await repository.updateServiceType(tx, id, {
        ...input,
        ...(input.colour ? { colour: input.colour.toLowerCase() } : {}),
      });
      if (!row) throw notFound(SCHEDULING_ERRORS.serviceNotFound);
      await recordActivity(tx, {
        actorId: caller.id,
        action,
        entityType: 'service_type',
        entityId: id,
        ipAddress: meta.ipAddress,
        details: { fields: Object.keys(input).sort().join(',') },
      });
      return toServiceType(row, await videoVisitsOn(tx));
    }),
  );
}

/** Retired, not deleted: past and booked appointments still name it. */
export const archiveServiceType = (
  db: Db,
  caller: SessionUser,
  { id, meta }: { id: string; meta: RequestMeta },
) => updateServiceType(db, caller, { id, input: { active: false }, meta, action: 'service_type.archived' });
