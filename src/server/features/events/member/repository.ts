import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { eventRegistrations } from '../../../db/schema/events';

type Reader = Db | Tx;

export async function findByIntent(db: Reader, intentId: string) {
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.paymentIntentId, intentId));
  return row ?? null;
}

export async function insertRegistration(db: Reader, values: typeof eventRegistrations.$inferInsert) {
  const [row] = await db.insert(eventRegistrations).values(values).returning();
  return row!;
}
