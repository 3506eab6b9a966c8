import { BILLING_ERRORS, type BillingPolicy, type BillingSettings } from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { Caller } from '../invoices/access';
import * as repository from './repository';

/** The clinic's billing settings; new invoices and the store's totals read their tax rate here. */
export async function getSettings(db: Db | Tx): Promise<{ settings: BillingSettings }> {
  const row = await repository.readSettings(db);
  return {
    settings: { taxRateBasisPoints: row.taxRateBasisPoints, paymentTermsDays: row.paymentTermsDays },
  };
}

export async function putSettings(
  db: Db,
  caller: Caller,
  change: { input: BillingSettings; meta: RequestMeta },
) {
  const { input, meta } = change;
  await db.transaction(async (tx) => {
    await repository.saveSettings(tx, { settings: input, by: caller.id });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'billing.settings_updated',
      entityType: 'billing_settings',
      entityId: null,
      ipAddress: meta.ipAddress,
      details: { ...input },
    });
  });
  return getSettings(db);
}

/** The clinic's payment policy: whether session billing is on, and its late-cancellation and no-show fees. */
export async function getPolicy(db: Db | Tx): Promise<{ policy: BillingPolicy }> {
  const row = await repository.readSettings(db);
  return {
    policy: {
      sessionBilling: row.sessionBilling,
      lateCancelWindowHours: row.lateCancelWindowHours,
      lateCancelFeeCents: row.lateCancelFeeCents,
      noShowFeeCents: row.noShowFeeCents,
    },
  };
}

/** Refuses (409) what only a clinic with session billing on does. */
export async function requireSessionBilling(db: Db | Tx) {
  const { policy } = await getPolicy(db);
  if (!policy.sessionBilling) throw new AppError('CONFLICT', BILLING_ERRORS.sessionBillingOff);
  return policy;
}

export async function putPolicy(db: Db, caller: Caller, change: { input: BillingPolicy; meta: RequestMeta }) {
  const { input, meta } = change;
  await db.transaction(async (tx) => {
    await repository.saveSettings(tx, { settings: input, by: caller.id });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'billing.policy_updated',
      entityType: 'billing_settings',
      entityId: null,
      ipAddress: meta.ipAddress,
      details: { ...input },
    });
  });
  return getPolicy(db);
}
