import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clinicFeatures } from '../../db/schema';

/**
 * The demo clinic shows every optional capability. The migrations make the row; nobody has saved it while
 * updated_by is empty, and a clinic that saved its own choice keeps it.
 */
export async function seedDemoClinicFeatures(tx: Tx) {
  await tx
    .update(clinicFeatures)
    .set({ careBetweenVisits: true, dataExchange: true, videoVisits: true })
    .where(and(eq(clinicFeatures.id, 'clinic'), isNull(clinicFeatures.updatedBy)));
}
