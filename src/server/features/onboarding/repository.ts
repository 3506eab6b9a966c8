import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { patientConsents, patientOnboarding } from '../../db/schema';

export type OnboardingRow = typeof patientOnboarding.$inferSelect;
export type ConsentRow = typeof patientConsents.$inferSelect;

export async function findOnboarding(db: Db | Tx, patientId: string): Promise<OnboardingRow | null> {
  const [row] = await db.select().from(patientOnboarding).where(eq(patientOnboarding.patientId, patientId));
  return row ?? null;
}

/** Starts the patient's onboarding row if it does not exist yet, and locks it for this transaction. */
export async function lockOnboarding(tx: Tx, patientId: string, createdViaOnboarding = false) {
  await tx
    .insert(patientOnboarding)
    .values({ patientId, createdViaOnboarding })
    .onConflictDoNothing({ target: patientOnboarding.patientId });
  const [row] = await tx
    .select()
    .from(patientOnboarding)
    .where(eq(patientOnboarding.patientId, patientId))
    .for('update');
  return row;
}

export async function updateOnboarding(
  db: Db | Tx,
  patientId: string,
  values: Partial<Omit<OnboardingRow, 'patientId' | 'createdAt'>>,
) {
  await db
    .update(patientOnboarding)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(patientOnboarding.patientId, patientId));
}

export async function insertConsents(db: Db | Tx, rows: Array<typeof patientConsents.$inferInsert>) {
  if (rows.length > 0) await db.insert(patientConsents).values(rows);
}

/** The latest signature of each kind. */
export async function latestConsents(db: Db | Tx, patientId: string): Promise<ConsentRow[]> {
  return db
    .selectDistinctOn([patientConsents.kind])
    .from(patientConsents)
    .where(and(eq(patientConsents.patientId, patientId)))
    .orderBy(patientConsents.kind, desc(patientConsents.signedAt), desc(sql`${patientConsents.id}`));
}
