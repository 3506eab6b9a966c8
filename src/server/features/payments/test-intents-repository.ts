import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { testPaymentIntents } from '../../db/schema';

/** The built-in test provider's intents, kept in the database so every instance and a restart see them. */
export type TestIntentRow = typeof testPaymentIntents.$inferSelect;

export async function insertIntent(db: Db, values: typeof testPaymentIntents.$inferInsert) {
  await db.insert(testPaymentIntents).values(values);
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
