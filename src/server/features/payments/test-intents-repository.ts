import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testPaymentIntents, testSetupIntents } from '../../db/schema';

/** The built-in test provider's intents, kept in the database so every instance and a restart see them. */
export type TestIntentRow = typeof testPaymentIntents.$inferSelect;

export async function insertIntent(db: Db, values: typeof testPaymentIntents.$inferInsert) {
  await db.insert(testPaymentIntents).values(values);
}

/** An off-session charge's intent, made once per idempotency key: asking again answers the first one. */
export async function insertKeyedIntent(db: Db, values: typeof testPaymentIntents.$inferInsert) {
  await db.insert(testPaymentIntents).values(values).onConflictDoNothing({
    target: testPaymentIntents.idempotencyKey,
  });
  const [row] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.idempotencyKey, values.idempotencyKey ?? ''));
  return row;
}

export type TestSetupRow = typeof testSetupIntents.$inferSelect;

export async function insertSetup(db: Db, values: typeof testSetupIntents.$inferInsert) {
  await db.insert(testSetupIntents).values(values);
}

export async function findSetup(db: Db, id: string) {
  const [row] = await db.select().from(testSetupIntents).where(eq(testSetupIntents.id, id));
  return row;
}

export async function findSetupByMethod(db: Db, paymentMethodId: string) {
  const [row] = await db
    .select()
    .from(testSetupIntents)
    .where(eq(testSetupIntents.paymentMethodId, paymentMethodId));
  return row;
}

/** Confirms a setup intent not yet confirmed; answers whether it was. */
export async function updateUnconfirmedSetup(
  db: Db,
  id: string,
  values: Partial<Omit<TestSetupRow, 'id' | 'secretHash' | 'customerId' | 'metadata' | 'createdAt'>>,
) {
  const [row] = await db
    .update(testSetupIntents)
    .set(values)
    .where(and(eq(testSetupIntents.id, id), ne(testSetupIntents.status, 'succeeded')))
    .returning({ id: testSetupIntents.id });
  return row !== undefined;
}

export async function detachMethod(db: Db, paymentMethodId: string, at: Date) {
  await db
    .update(testSetupIntents)
    .set({ detachedAt: at, updatedAt: at })
    .where(and(eq(testSetupIntents.paymentMethodId, paymentMethodId), isNull(testSetupIntents.detachedAt)));
}

export async function findIntent(db: Db, id: string) {
  const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  return row;
}

/**
 * Refunds a succeeded intent: the whole of it, a stated total, or (`addCents`) an amount added to what was
 * refunded, never past the amount. Answers whether there was a succeeded intent to refund.
 */
export async function refundIntent(
  db: Db,
  id: string,
  refund: { whole: true } | { totalCents: number } | { addCents: number },
) {
  const refunded =
    'whole' in refund
      ? sql`${testPaymentIntents.amountCents}`
      : 'addCents' in refund
        ? sql`least(${testPaymentIntents.amountCents}, ${testPaymentIntents.refundedCents} + ${refund.addCents})`
        : refund.totalCents;
  const [row] = await db
    .update(testPaymentIntents)
    .set({ refundedCents: refunded, updatedAt: new Date() })
    .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, 'succeeded')))
    .returning({ id: testPaymentIntents.id });
  return row !== undefined;
}

/** Changes an intent that has not succeeded; answers whether one was changed (a succeeded one never is). */
export async function updateUnsucceeded(
  db: Db,
  id: string,
  values: Partial<Pick<TestIntentRow, 'status' | 'cardLast4' | 'updatedAt'>>,
) {
  const [row] = await db
    .update(testPaymentIntents)
    .set(values)
    .where(and(eq(testPaymentIntents.id, id), ne(testPaymentIntents.status, 'succeeded')))
    .returning({ id: testPaymentIntents.id });
  return row !== undefined;
}
