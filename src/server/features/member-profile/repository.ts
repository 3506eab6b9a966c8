import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { memberProfiles } from '../../db/schema';

export type ProfileRow = typeof memberProfiles.$inferSelect;
type ProfileChanges = Omit<Partial<typeof memberProfiles.$inferInsert>, 'userId'>;

export async function findProfile(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(memberProfiles).where(eq(memberProfiles.userId, userId));
  return row;
}

/** Writes the member's profile, making it on the first save. */
export async function saveProfile(db: Db | Tx, userId: string, changes: ProfileChanges) {
  const [row] = await db
    .insert(memberProfiles)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: memberProfiles.userId, set: changes })
    .returning();
  return row!;
}

/** Marks onboarding finished unless it already was: of two finishes at once only one matches a row. */
export async function markCompleted(db: Db | Tx, userId: string, now: Date) {
  const [row] = await db
    .update(memberProfiles)
    .set({ completedAt: now, updatedAt: now })
    .where(and(eq(memberProfiles.userId, userId), isNull(memberProfiles.completedAt)))
    .returning();
  return row;
}
