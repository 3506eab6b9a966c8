import { eq } from 'drizzle-orm';
import type { BillingSettings } from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { billingSettings } from '../../../db/schema';

/** The clinic's one settings row, or the defaults before anyone saved it. */
export async function readSettings(db: Db | Tx) {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 'clinic'));
  return row ?? { taxRateBasisPoints: 0, paymentTermsDays: 30 };
}

export async function saveSettings(tx: Tx, saved: { settings: BillingSettings; by: string }) {
  await tx
    .insert(billingSettings)
    .values({ id: 'clinic', ...saved.settings, updatedBy: saved.by })
    .onConflictDoUpdate({
      target: billingSettings.id,
      set: { ...saved.settings, updatedBy: saved.by, updatedAt: new Date() },
    });
}
