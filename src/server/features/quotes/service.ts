import { and, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type AcceptQuoteAnswer,
  type AnswerQuoteInput,
  type CreateQuoteInput,
  OPEN_QUOTE_STATUSES,
  QUOTE_ERRORS,
  type Quote,
  type QuoteStatus,
  quoteTotalCents,
} from '../../../shared/quotes';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { quotes } from '../../db/schema/quotes';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { raise } from '../notifications/service';
import type { Payments } from '../payments/service';
import { createOrderFromLines, renewOrderPayment } from '../store/service';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;
const conflict = (message: string) => new AppError('CONFLICT', message);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Row = typeof quotes.$inferSelect & { memberFirst: string; memberLast: string };

function toQuote(row: Row): Quote {
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

async function select(db: Db | Tx, where: SQL | undefined, limit = 500) {
  const rows = await db
    .select({ quote: quotes, memberFirst: users.firstName, memberLast: users.lastName })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.memberId))
    .where(where)
    .orderBy(desc(quotes.createdAt))
    .limit(limit);
  return rows.map((row) =>
    toQuote({ ...row.quote, memberFirst: row.memberFirst, memberLast: row.memberLast }),
  );
}

/** A member sees only their own quotes (anyone else's is 404); an admin sees any. */
const visibleTo = (caller: SessionUser, id: string) =>
  caller.role === 'admin'
    ? eq(quotes.id, id)
    : (and(eq(quotes.id, id), eq(quotes.memberId, caller.id)) as SQL);

async function quoteOrNotFound(db: Db | Tx, where: SQL) {
  const [quote] = await select(db, where, 1);
  if (!quote) throw notFound(QUOTE_ERRORS.notFound);
  return quote;
}

function publish(ctx: Ctx, quote: Pick<Quote, 'id' | 'memberId' | 'status'>) {
  ctx.events.publish('quote.changed', { quoteId: quote.id, memberId: quote.memberId, status: quote.status });
}

async function tell(
  ctx: Ctx,
  userIds: string[],
  input: { title: string; message: string; actionUrl: string; quoteId: string },
) {
  for (const userId of userIds) {
    try {
      await raise(ctx, userId, {
        type: 'system_update',
        title: input.title,
        message: input.message,
        priority: 'medium',
        actionUrl: input.actionUrl,
        data: { quoteId: input.quoteId },
      });
    } catch (error) {
      ctx.log.error(
        { quoteId: input.quoteId, err: { message: (error as Error).message } },
        'quote change not told',
      );
    }
  }
}

/**
 * Answered quotes past their expiry become expired, in one UPDATE … RETURNING, and each member is told once:
 * whichever comes first (the sweep, a list being read, or an accept that comes too late) moves the quote, and
 * the others find it expired already. Lists run it before reading, so they never show a lapsed quote as open.
 */
export async function expireLapsed(ctx: Ctx, where?: SQL) {
  const lapsed = await ctx.db
    .update(quotes)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(quotes.status, 'answered'), lte(quotes.expiresAt, new Date()), where))
    .returning({ id: quotes.id, memberId: quotes.memberId, title: quotes.title });
  for (const quote of lapsed) {
    publish(ctx, { ...quote, status: 'expired' });
    await tell(ctx, [quote.memberId], {
      title: `Quote expired: ${quote.title}`,
      message: `The quote "${quote.title}" was not accepted before it expired. Ask again if you still need it.`,
      actionUrl: '/member/quotes',
      quoteId: quote.id,
    });
  }
  return lapsed.map((quote) => quote.id);
}

const adminIds = async (db: Db) =>
  (await accounts.listActiveAccountsWithRole(db, 'admin')).map((person) => person.id);

export async function create(ctx: Ctx, caller: SessionUser, input: CreateQuoteInput, meta: RequestMeta) {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quotes)
      .values({
        memberId: caller.id,
        kind: input.kind,
        title: input.title,
        details: input.details,
        quantity: input.quantity ?? null,
        budgetCents: input.budgetCents ?? null,
      })
      .returning({ id: quotes.id });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'quote.requested',
      entityType: 'quote',
      entityId: row.id,
      ipAddress: meta.ipAddress,
      details: { kind: input.kind },
    });
    return row.id;
  });
  const quote = await quoteOrNotFound(ctx.db, eq(quotes.id, id));
  publish(ctx, quote);
  await tell(ctx, await adminIds(ctx.db), {
    title: `Quote requested: ${quote.title}`,
    message: `${quote.memberName} asked for a quote. Answer it under Quotes.`,
    actionUrl: '/admin/quotes',
    quoteId: id,
  });
  return { quote };
}

export async function listMine(ctx: Ctx, caller: SessionUser) {
  await expireLapsed(ctx, eq(quotes.memberId, caller.id));
  return { quotes: await select(ctx.db, eq(quotes.memberId, caller.id)) };
}

export async function listForAdmin(ctx: Ctx, query: { status?: QuoteStatus }) {
  await expireLapsed(ctx);
  return { quotes: await select(ctx.db, query.status ? eq(quotes.status, query.status) : undefined) };
}

export async function getOne(ctx: Ctx, caller: SessionUser, id: string) {
  await expireLapsed(ctx, eq(quotes.id, id));
  return { quote: await quoteOrNotFound(ctx.db, visibleTo(caller, id)) };
}

/**
 * The member's open quotes for their dashboard: how many, and the newest few. Read only: an answered quote
 * past its expiry is left out here even before the sweep marks it expired.
 */
export async function openSummary(db: Db, memberId: string, newest = 3) {
  const where = and(
    eq(quotes.memberId, memberId),
    inArray(quotes.status, [...OPEN_QUOTE_STATUSES]),
    or(ne(quotes.status, 'answered'), gt(quotes.expiresAt, new Date())),
  ) as SQL;
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(quotes).where(where);
  return { count, recent: await select(db, where, newest) };
}

/** An admin answers a requested quote: the lines are priced here and the total computed from them. */
export async function answer(
  ctx: Ctx,
  caller: SessionUser,
  id: string,
  input: AnswerQuoteInput,
  meta: RequestMeta,
) {
  const expiresAt = new Date(input.expiresAt);
  if (expiresAt.getTime() <= Date.now())
    throw badRequest(QUOTE_ERRORS.expiresInPast, { expiresAt: QUOTE_ERRORS.expiresInPast });
  const lines = input.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.quantity * line.unitPriceCents,
  }));
  const totalCents = quoteTotalCents(lines);
  await quoteOrNotFound(ctx.db, eq(quotes.id, id));
  const now = new Date();
  const answered = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({
        status: 'answered',
        lines,
        totalCents,
        message: input.message,
        expiresAt,
        answeredBy: caller.id,
        answeredAt: now,
        updatedAt: now,
      })
      .where(and(eq(quotes.id, id), eq(quotes.status, 'requested')))
      .returning({ id: quotes.id });
    if (!row) return false;
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'quote.answered',
      entityType: 'quote',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { totalCents, lines: lines.length },
    });
    return true;
  });
  if (!answered) throw conflict(QUOTE_ERRORS.notRequested);
  const quote = await quoteOrNotFound(ctx.db, eq(quotes.id, id));
  publish(ctx, quote);
  await tell(ctx, [quote.memberId], {
    title: `Your quote is ready: ${quote.title}`,
    message: `The clinic answered your quote request: ${dollars(totalCents)}, open until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC. Accept or decline it under Quotes.`,
    actionUrl: '/member/quotes',
    quoteId: id,
  });
  return { quote };
}

/**
 * The member accepts an answered quote that has not expired (checked here, now): in one transaction the quote
 * moves to accepted (a conditional UPDATE, so two accepts at once make one order) and a pending store order is
 * made from its lines, with a payment intent for its total.
 */
export async function accept(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  id: string,
  meta: RequestMeta,
): Promise<AcceptQuoteAnswer> {
  const before = await quoteOrNotFound(ctx.db, visibleTo(caller, id));
  if (before.status === 'answered' && before.expiresAt && Date.parse(before.expiresAt) <= Date.now()) {
    await expireLapsed(ctx, eq(quotes.id, id));
    throw conflict(QUOTE_ERRORS.expired);
  }
  if (before.status === 'expired') throw conflict(QUOTE_ERRORS.expired);
  if (before.status !== 'answered') throw conflict(QUOTE_ERRORS.notAnswered);
  const now = new Date();
  const made = await createOrderFromLines(
    ctx,
    payments,
    {
      userId: caller.id,
      lines: before.lines,
      claim: async (tx) => {
        const [row] = await tx
          .update(quotes)
          .set({ status: 'accepted', decidedAt: now, updatedAt: now })
          .where(
            and(
              eq(quotes.id, id),
              eq(quotes.memberId, caller.id),
              eq(quotes.status, 'answered'),
              sql`${quotes.expiresAt} > ${now.toISOString()}`,
            ),
          )
          .returning({ id: quotes.id });
        return Boolean(row);
      },
      afterCreate: async (tx, orderId) => {
        await tx.update(quotes).set({ orderId }).where(eq(quotes.id, id));
        await recordActivity(tx, {
          actorId: caller.id,
          action: 'quote.accepted',
          entityType: 'quote',
          entityId: id,
          ipAddress: meta.ipAddress,
          details: { orderId, totalCents: before.totalCents ?? 0 },
        });
      },
    },
    meta,
  );
  if (!made) {
    const latest = await quoteOrNotFound(ctx.db, visibleTo(caller, id));
    throw conflict(
      latest.status === 'answered' || latest.status === 'expired'
        ? QUOTE_ERRORS.expired
        : QUOTE_ERRORS.notAnswered,
    );
  }
  const quote = await quoteOrNotFound(ctx.db, eq(quotes.id, id));
  publish(ctx, quote);
  await tell(ctx, [caller.id, ...(await adminIds(ctx.db))], {
    title: `Quote accepted: ${quote.title}`,
    message: `The quote "${quote.title}" was accepted and became an order of ${dollars(made.totalCents)} to pay.`,
    actionUrl: '/member/quotes',
    quoteId: id,
  });
  return { quote, ...made };
}

/**
 * A fresh card payment for an accepted quote whose order is still to pay (the member left the first payment).
 * Answers as accepting does; a quote not accepted, or whose order is paid or cancelled, is 409.
 */
export async function payAgain(
  ctx: Ctx,
  payments: Payments,
  caller: SessionUser,
  id: string,
): Promise<AcceptQuoteAnswer> {
  const quote = await quoteOrNotFound(ctx.db, visibleTo(caller, id));
  if (quote.status !== 'accepted' || !quote.orderId) throw conflict(QUOTE_ERRORS.notPayable);
  let renewed: Awaited<ReturnType<typeof renewOrderPayment>>;
  try {
    renewed = await renewOrderPayment(ctx, payments, caller.id, quote.orderId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw conflict(QUOTE_ERRORS.notPayable);
    throw error;
  }
  if (!renewed) throw conflict(QUOTE_ERRORS.notPayable);
  return { quote, ...renewed };
}

export async function decline(ctx: Ctx, caller: SessionUser, id: string, meta: RequestMeta) {
  await quoteOrNotFound(ctx.db, visibleTo(caller, id));
  const now = new Date();
  const declined = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({ status: 'declined', decidedAt: now, updatedAt: now })
      .where(and(eq(quotes.id, id), eq(quotes.memberId, caller.id), eq(quotes.status, 'answered')))
      .returning({ id: quotes.id });
    if (!row) return false;
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'quote.declined',
      entityType: 'quote',
      entityId: id,
      ipAddress: meta.ipAddress,
    });
    return true;
  });
  if (!declined) throw conflict(QUOTE_ERRORS.notAnswered);
  const quote = await quoteOrNotFound(ctx.db, eq(quotes.id, id));
  publish(ctx, quote);
  await tell(ctx, [caller.id, ...(await adminIds(ctx.db))], {
    title: `Quote declined: ${quote.title}`,
    message: `The quote "${quote.title}" was declined.`,
    actionUrl: '/member/quotes',
    quoteId: id,
  });
  return { quote };
}
