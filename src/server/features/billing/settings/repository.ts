import { eq } from 'drizzle-orm';
import { type BillingPolicy, type BillingSettings, DEFAULT_BILLING_POLICY } from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { billingSettings } from '../../../db/schema';

/** The clinic's one settings row, or the defaults before anyone saved it. */
export async function readSettings(db: Db | Tx) {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 'clinic'));
  return row ?? { taxRateBasisPoints: 0, paymentTermsDays: 30, ...DEFAULT_BILLING_POLICY };
}

/** Writes part of the row (the settings or the policy), making the row with defaults for the rest. */
export async function saveSettings(tx: Tx, saved: { settings: BillingSettings | BillingPolicy; by: string }) {
  await tx
    .insert(billingSettings)
    .values({ id: 'clinic', ...saved.settings, updatedBy: saved.by })
    .onConflictDoUpdate({
      target: billingSettings.id,
      set: { ...saved.settings, updatedBy: saved.by, updatedAt: new Date() },
    });
}
