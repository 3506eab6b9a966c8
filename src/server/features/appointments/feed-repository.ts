import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

/** Calendar feeds: one per person, found by its owner or by its token's hash (the token itself is never kept). */
export async function feedOf(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
}

export async function feedByTokenHash(db: Db | Tx, tokenHash: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

/** Gives the person a feed under a new token hash; an earlier feed of theirs stops answering. */
export async function replaceFeed(db: Db | Tx, feed: { userId: string; tokenHash: string; createdAt: Date }) {
  await db
    .insert(calendarFeeds)
    .values(feed)
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash: feed.tokenHash, createdAt: feed.createdAt },
    });
}

export async function deleteFeed(db: Db | Tx, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
