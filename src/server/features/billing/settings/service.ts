import type { BillingSettings } from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { billingSettings } from '../../../db/schema';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import type { Caller } from '../invoice-access';
import * as repository from '../repository';

/** The clinic's billing settings; the store's totals read their tax rate here. */
export async function getSettings(db: Db | Tx): Promise<{ settings: BillingSettings }> {
  const row = await repository.settings(db);
  return {
    settings: { taxRateBasisPoints: row.taxRateBasisPoints, paymentTermsDays: row.paymentTermsDays },
  };
}

export async function putSettings(db: Db, caller: Caller, input: BillingSettings, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    await tx
      .insert(billingSettings)
      .values({ id: 'clinic', ...input, updatedBy: caller.id })
      .onConflictDoUpdate({
        target: billingSettings.id,
        set: { ...input, updatedBy: caller.id, updatedAt: new Date() },
      });
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
