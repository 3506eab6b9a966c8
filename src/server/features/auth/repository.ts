import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export async function insertResetToken(db: Db | Tx, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values);
}

export async function insertResetTokens(db: Db | Tx, list: (typeof passwordResetTokens.$inferInsert)[]) {
  if (list.length > 0) await db.insert(passwordResetTokens).values(list);
}

/** Marks a live token used and returns its user; a second caller with the same token gets nothing. */
export async function consumeResetToken(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row ?? null;
}
