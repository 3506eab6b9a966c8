import { and, asc, eq, max, sql } from 'drizzle-orm';
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

/**
 * The consents in force: those of the patient's latest signing. All of one signing share its time, so a
 * consent left unsigned the last time (the optional reminders) is no longer given; older rows stay for audit.
 */
export async function currentConsents(db: Db | Tx, patientId: string): Promise<ConsentRow[]> {
  const latest = db
    .select({ at: max(patientConsents.signedAt) })
    .from(patientConsents)
    .where(eq(patientConsents.patientId, patientId));
  return db
    .select()
    .from(patientConsents)
    .where(and(eq(patientConsents.patientId, patientId), eq(patientConsents.signedAt, sql`(${latest})`)))
    .orderBy(asc(patientConsents.kind));
}
