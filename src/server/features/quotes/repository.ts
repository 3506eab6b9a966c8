import { and, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { OPEN_QUOTE_STATUSES, type Quote, type QuoteStatus } from '../../../shared/quotes';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { quotes } from '../../db/schema/quotes';

export type QuoteRow = typeof quotes.$inferSelect & { memberFirst: string; memberLast: string };
type Reader = Db | Tx;

/** Which quotes: any combination of one quote, one member's and one status; nothing given is every quote. */
export type QuoteScope = { id?: string; memberId?: string; status?: QuoteStatus };

const whereOf = (scope: QuoteScope) =>
  and(
    scope.id === undefined ? undefined : eq(quotes.id, scope.id),
    scope.memberId === undefined ? undefined : eq(quotes.memberId, scope.memberId),
    scope.status === undefined ? undefined : eq(quotes.status, scope.status),
  );

async function select(db: Reader, where: SQL | undefined, limit: number): Promise<QuoteRow[]> {
  const rows = await db
    .select({ quote: quotes, memberFirst: users.firstName, memberLast: users.lastName })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.memberId))
    .where(where)
    .orderBy(desc(quotes.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row.quote, memberFirst: row.memberFirst, memberLast: row.memberLast }));
}

/** Newest first, with the member's name. */
export const listQuotes = (db: Reader, scope: QuoteScope, limit = 500) => select(db, whereOf(scope), limit);

/** A member's open quotes (an answered one only while it has not expired): how many, and the newest. */
export async function openQuotesOf(db: Reader, memberId: string, options: { now: Date; newest: number }) {
  const where = and(
    eq(quotes.memberId, memberId),
    inArray(quotes.status, [...OPEN_QUOTE_STATUSES]),
    or(ne(quotes.status, 'answered'), gt(quotes.expiresAt, options.now)),
  );
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(quotes).where(where);
  return { count, recent: await select(db, where, options.newest) };
}

/** Answered quotes of the scope past their expiry become expired in one statement; answers those moved. */
export function expireLapsed(db: Reader, scope: QuoteScope, now: Date) {
  return db
    .update(quotes)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(quotes.status, 'answered'), lte(quotes.expiresAt, now), whereOf(scope)))
    .returning({ id: quotes.id, memberId: quotes.memberId, title: quotes.title });
}

export async function insertQuote(db: Reader, values: typeof quotes.$inferInsert) {
  const [row] = await db.insert(quotes).values(values).returning({ id: quotes.id });
  return row!;
}

/**
 * Moves one quote on only from the status it must be in (and, when `unexpiredAt` is given, only while it has
 * not expired): of two racing changes one wins. Answers whether this one did.
 */
export async function moveQuote(
  db: Reader,
  change: {
    scope: QuoteScope & { id: string; status: QuoteStatus };
    unexpiredAt?: Date;
    values: Partial<typeof quotes.$inferInsert>;
  },
) {
  const [row] = await db
    .update(quotes)
    .set(change.values)
    .where(
      and(
        whereOf(change.scope),
        change.unexpiredAt && sql`${quotes.expiresAt} > ${change.unexpiredAt.toISOString()}`,
      ),
    )
    .returning({ id: quotes.id });
  return row !== undefined;
}

export async function setOrder(db: Reader, id: string, orderId: string) {
  await db.update(quotes).set({ orderId }).where(eq(quotes.id, id));
}

/** A row as the contract's quote. */
export function toQuote(row: QuoteRow): Quote {
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    id: row.id,
    memberId: row.memberId,
    memberName: `${row.memberFirst} ${row.memberLast}`.trim(),
    kind: row.kind,
    title: row.title,
    details: row.details,
    quantity: row.quantity,
    budgetCents: row.budgetCents,
    status: row.status,
    lines: row.lines,
    totalCents: row.totalCents,
    message: row.message,
    expiresAt: iso(row.expiresAt),
    answeredAt: iso(row.answeredAt),
    decidedAt: iso(row.decidedAt),
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}
