import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { recoveryCodes, signInChallenges, signInPolicy, totpCredentials } from '../../../db/schema';
import type { Sealed } from '../../../platform/secrets';

type Q = Db | Tx;

export async function findTotp(db: Q, userId: string) {
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  return row ?? null;
}

export async function hasEnabledTotp(db: Q, userId: string) {
  const [row] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.enabledAt)));
  return Boolean(row);
}

/** A new pending secret, replacing a pending one; an enabled app is never replaced here. */
export async function savePendingTotp(db: Q, userId: string, sealed: Sealed) {
  const values = { secretCiphertext: sealed.ciphertext, secretIv: sealed.iv, secretTag: sealed.tag };
  const [row] = await db
    .insert(totpCredentials)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { ...values, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(totpCredentials.enabledAt),
    })
    .returning({ userId: totpCredentials.userId });
  return Boolean(row);
}

/**
 * Takes a code's step if it is later than the last one taken: a conditional update, so two requests with the
 * same code cannot both pass. `enable` turns a pending app on with its first code.
 */
export async function takeStep(
  tx: Q,
  { userId, step, enable }: { userId: string; step: number; enable: boolean },
) {
  const [row] = await tx
    .update(totpCredentials)
    .set({ lastUsedStep: step, ...(enable ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        enable ? isNull(totpCredentials.enabledAt) : isNotNull(totpCredentials.enabledAt),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return Boolean(row);
}

export async function deleteTotp(tx: Q, userId: string) {
  await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(tx: Q, userId: string, hashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused code used; of two requests with the same code, one gets the row and the other nothing. */
export async function spendRecoveryCode(tx: Q, userId: string, codeHash: string) {
  const [row] = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return Boolean(row);
}

export async function countUnusedRecoveryCodes(db: Q, userId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function insertChallenge(db: Q, values: typeof signInChallenges.$inferInsert) {
  await db.insert(signInChallenges).values(values);
}

/** A challenge still open: not used, not spent, not expired. */
export async function findOpenChallenge(db: Q, tokenHash: string) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/** Closes an open challenge for its one use; a second caller gets false. */
export async function closeChallenge(tx: Q, id: string) {
  const [row] = await tx
    .update(signInChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(signInChallenges.id, id),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ id: signInChallenges.id });
  return Boolean(row);
}

/** Counts a wrong code; the limit-th one spends the challenge. */
export async function countWrongCode(db: Q, id: string, limit: number) {
  await db
    .update(signInChallenges)
    .set({
      failedAttempts: sql`${signInChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${signInChallenges.failedAttempts} + 1 >= ${limit} then now() else ${signInChallenges.usedAt} end`,
    })
    .where(eq(signInChallenges.id, id));
}

/** Challenges end within minutes; the ones of an account past their time go when it makes a new one. */
export async function dropEndedChallenges(db: Q, userId: string) {
  await db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.userId, userId),
        or(isNotNull(signInChallenges.usedAt), lt(signInChallenges.expiresAt, new Date())),
      ),
    );
}

export async function readPolicy(db: Q) {
  const [row] = await db.select().from(signInPolicy).where(eq(signInPolicy.id, 'clinic'));
  return (
    row ?? {
      requireForAdmins: false,
      requireForPractitioners: false,
      requireForStaff: false,
      setByAdmin: false,
    }
  );
}

export async function savePolicy(
  tx: Q,
  policy: { requireForAdmins: boolean; requireForPractitioners: boolean; requireForStaff: boolean },
  by: string,
) {
  const values = { ...policy, setByAdmin: true, updatedBy: by, updatedAt: new Date() };
  await tx
    .insert(signInPolicy)
    .values({ id: 'clinic', ...values })
    .onConflictDoUpdate({ target: signInPolicy.id, set: values });
}

/** The first admin's enrolment: admins need a second step from now on, unless an admin set the policy by hand. */
export async function requireAdminsByDefault(tx: Q, by: string) {
  await tx
    .insert(signInPolicy)
    .values({ id: 'clinic', requireForAdmins: true, updatedBy: by })
    .onConflictDoUpdate({
      target: signInPolicy.id,
      set: { requireForAdmins: true, updatedBy: by, updatedAt: new Date() },
      setWhere: eq(signInPolicy.setByAdmin, false),
    });
}
