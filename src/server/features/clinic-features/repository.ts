import { eq } from 'drizzle-orm';
import { type ClinicFeaturesChange, DEFAULT_CLINIC_FEATURES } from '../../../shared/clinic-features';
import type { Db, Tx } from '../../db/client';
import { clinicFeatures } from '../../db/schema';

/** The clinic's one row, or the defaults (everything off) before anyone saved it. */
export async function readFeatures(db: Db | Tx) {
  const [row] = await db.select().from(clinicFeatures).where(eq(clinicFeatures.id, 'clinic'));
  return row ?? { ...DEFAULT_CLINIC_FEATURES, updatedBy: null };
}

export async function saveFeatures(
  tx: Db | Tx,
  saved: { features: ClinicFeaturesChange; by: string | null },
) {
  await tx
    .insert(clinicFeatures)
    .values({ id: 'clinic', ...saved.features, updatedBy: saved.by })
    .onConflictDoUpdate({
      target: clinicFeatures.id,
      set: { ...saved.features, updatedBy: saved.by, updatedAt: new Date() },
    });
}
