import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { passkeyChallenges, passkeys } from '../../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
type Purpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

export async function insertChallenge(db: Db | Tx, values: typeof passkeyChallenges.$inferInsert) {
  await db.insert(passkeyChallenges).values(values);
}

/**
 * Deletes a live challenge and returns it: the delete is the single use, so of two requests naming one
 * challenge only the first gets it back, and an expired one is never handed out.
 */
export async function consumeChallenge(
  db: Db | Tx,
  { id, purpose, userId }: { id: string; purpose: Purpose; userId: string | null },
) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.id, id),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return row?.challenge ?? null;
}

export async function deleteExpiredChallenges(db: Db | Tx) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
}

export function listPasskeys(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db | Tx, userId: string) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findPasskeyByCredential(db: Db | Tx, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** Inserts unless the credential is already saved; null when it was. */
export async function insertPasskey(tx: Tx, values: typeof passkeys.$inferInsert) {
  const [row] = await tx.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function renamePasskey(
  db: Db | Tx,
  { id, userId, name }: { id: string; userId: string; name: string },
) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(tx: Tx, { id, userId }: { id: string; userId: string }) {
  const [row] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return row ?? null;
}

export async function findOwnPasskey(db: Db | Tx, { id, userId }: { id: string; userId: string }) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  return row ?? null;
}

/** Records a sign-in; the counter moves only forward, so of two racing uses of one signature one loses. */
export async function recordPasskeyUse(
  tx: Tx,
  {
    id,
    fromCounter,
    counter,
    backedUp,
  }: { id: string; fromCounter: number; counter: number; backedUp: boolean },
) {
  const [row] = await tx
    .update(passkeys)
    .set({ counter, backedUp, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, fromCounter)))
    .returning({ id: passkeys.id });
  return Boolean(row);
}
