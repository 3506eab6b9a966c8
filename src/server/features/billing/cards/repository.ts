import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { savedCardCharges, savedCards } from '../../../db/schema';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type ChargeRow = typeof savedCardCharges.$inferSelect;

/** The patient's cards still on file, newest first. */
export function cardsOf(db: Db | Tx, patientId: string) {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.patientId, patientId), isNull(savedCards.removedAt)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

export async function findCard(db: Db | Tx, id: string) {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.id, id));
  return row ?? null;
}

/** The provider customer the patient's cards belong to (any card they ever saved there), or null. */
export async function customerOf(db: Db | Tx, of: { patientId: string; provider: 'stripe' | 'test' }) {
  const [row] = await db
    .select({ customerId: savedCards.providerCustomerId })
    .from(savedCards)
    .where(and(eq(savedCards.patientId, of.patientId), eq(savedCards.provider, of.provider)))
    .orderBy(desc(savedCards.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}

/** Keeps a confirmed card once: saving the same payment method again answers the row kept first. */
export async function insertCard(tx: Tx, values: typeof savedCards.$inferInsert) {
  const [row] = await tx
    .insert(savedCards)
    .values(values)
    .onConflictDoNothing({ target: savedCards.providerPaymentMethodId })
    .returning();
  if (row) return { card: row, created: true };
  const [kept] = await tx
    .select()
    .from(savedCards)
    .where(eq(savedCards.providerPaymentMethodId, values.providerPaymentMethodId));
  return { card: kept, created: false };
}

/** Marks a card removed unless it was; answers the row when this call removed it. */
export async function markRemoved(tx: Tx, removal: { id: string; by: string; at: Date }) {
  const [row] = await tx
    .update(savedCards)
    .set({ removedAt: removal.at, removedBy: removal.by })
    .where(and(eq(savedCards.id, removal.id), isNull(savedCards.removedAt)))
    .returning();
  return row ?? null;
}

export async function chargeByKey(tx: Tx, idempotencyKey: string) {
  const [row] = await tx
    .select()
    .from(savedCardCharges)
    .where(eq(savedCardCharges.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** The invoice's attempt still under way, if any (one at a time: a unique index holds it). */
export async function pendingChargeOf(db: Db | Tx, invoiceId: string) {
  const [row] = await db
    .select()
    .from(savedCardCharges)
    .where(and(eq(savedCardCharges.invoiceId, invoiceId), eq(savedCardCharges.status, 'pending')));
  return row ?? null;
}

/** Keeps the intent the provider answered on the attempt still under way, so it can be read again later. */
export async function noteIntent(db: Db, note: { id: string; providerIntentId: string; at: Date }) {
  await db
    .update(savedCardCharges)
    .set({ providerIntentId: note.providerIntentId, updatedAt: note.at })
    .where(and(eq(savedCardCharges.id, note.id), eq(savedCardCharges.status, 'pending')));
}

export async function insertCharge(tx: Tx, values: typeof savedCardCharges.$inferInsert) {
  const [row] = await tx.insert(savedCardCharges).values(values).returning();
  return row;
}

/** Ends a pending charge with the provider's outcome; answers the row when it was still pending. */
export async function finishCharge(
  tx: Tx,
  finish: {
    id: string;
    status: 'succeeded' | 'declined' | 'failed';
    providerIntentId: string | null;
    failureMessage: string | null;
    at: Date;
  },
) {
  const [row] = await tx
    .update(savedCardCharges)
    .set({
      status: finish.status,
      providerIntentId: finish.providerIntentId,
      failureMessage: finish.failureMessage,
      updatedAt: finish.at,
    })
    .where(and(eq(savedCardCharges.id, finish.id), eq(savedCardCharges.status, 'pending')))
    .returning();
  return row ?? null;
}
