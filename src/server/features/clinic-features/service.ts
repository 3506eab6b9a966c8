import {
  CLINIC_FEATURE_ERRORS,
  type ClinicFeaturesAnswer,
  type ClinicFeaturesChange,
} from '../../../shared/clinic-features';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repository from './repository';

export async function getFeatures(db: Db | Tx): Promise<ClinicFeaturesAnswer> {
  const row = await repository.readFeatures(db);
  return {
    features: {
      careBetweenVisits: row.careBetweenVisits,
      dataExchange: row.dataExchange,
      videoVisits: row.videoVisits,
    },
  };
}

/** Refuses (409) what only a clinic with data exchange on does (FHIR, exports, the patient's copy). */
export async function requireDataExchange(db: Db | Tx) {
  const { features } = await getFeatures(db);
  if (!features.dataExchange) throw new AppError('CONFLICT', CLINIC_FEATURE_ERRORS.dataExchangeOff);
}

/** Refuses (409) what only a clinic with video visits on does (the call, its page and its signalling). */
export async function requireVideoVisits(db: Db | Tx) {
  const { features } = await getFeatures(db);
  if (!features.videoVisits) throw new AppError('CONFLICT', CLINIC_FEATURE_ERRORS.videoVisitsOff);
}

/** Refuses (409) what only a clinic with care between visits on does. */
export async function requireCareBetweenVisits(db: Db | Tx) {
  const { features } = await getFeatures(db);
  if (!features.careBetweenVisits) throw new AppError('CONFLICT', CLINIC_FEATURE_ERRORS.careBetweenVisitsOff);
}

export async function putFeatures(
  db: Db,
  change: { callerId: string; input: ClinicFeaturesChange; meta: RequestMeta },
): Promise<ClinicFeaturesAnswer> {
  const { callerId, input, meta } = change;
  await db.transaction(async (tx) => {
    await repository.saveFeatures(tx, { features: input, by: callerId });
    await recordActivity(tx, {
      actorId: callerId,
      action: 'clinic.features_updated',
      entityType: 'clinic_features',
      entityId: null,
      ipAddress: meta.ipAddress,
      details: { ...input },
    });
  });
  return getFeatures(db);
}
