import { formatMoney } from '../../../shared/money';
import {
  type AcceptQuoteAnswer,
  type AnswerQuoteInput,
  type CreateQuoteInput,
  QUOTE_ERRORS,
  type Quote,
  type QuoteStatus,
  quoteTotalCents,
} from '../../../shared/quotes';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { raise } from '../notifications/service';
import type { Payments } from '../payments/service';
import { createOrderFromLines, renewOrderPayment } from '../store/service';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;
const conflict = (message: string) => new AppError('CONFLICT', message);

type Row = repository.QuoteRow;

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

/** A member sees only their own quotes (anyone else's is 404); an admin sees any. */
const visibleTo = (caller: SessionUser, id: string): repository.QuoteScope =>
  caller.role === 'admin' ? { id } : { id, memberId: caller.id };

async function quoteOrNotFound(db: Db | Tx, scope: repository.QuoteScope) {
  const [row] = await repository.listQuotes(db, scope, 1);
  if (!row) throw notFound(QUOTE_ERRORS.notFound);
  return toQuote(row);
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
export async function expireLapsed(ctx: Ctx, scope: repository.QuoteScope = {}) {
  const lapsed = await repository.expireLapsed(ctx.db, scope, new Date());
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
    const row = await repository.insertQuote(tx, {
      memberId: caller.id,
      kind: input.kind,
      title: input.title,
      details: input.details,
      quantity: input.quantity ?? null,
      budgetCents: input.budgetCents ?? null,
    });
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
  const quote = await quoteOrNotFound(ctx.db, { id });
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
  await expireLapsed(ctx, { memberId: caller.id });
  return { quotes: (await repository.listQuotes(ctx.db, { memberId: caller.id })).map(toQuote) };
}

export async function listForAdmin(ctx: Ctx, query: { status?: QuoteStatus }) {
  await expireLapsed(ctx);
  return { quotes: (await repository.listQuotes(ctx.db, { status: query.status })).map(toQuote) };
}

export async function getOne(ctx: Ctx, caller: SessionUser, id: string) {
  await expireLapsed(ctx, { id });
  return { quote: await quoteOrNotFound(ctx.db, visibleTo(caller, id)) };
}

/**
 * The member's open quotes for their dashboard: how many, and the newest few. Read only: an answered quote
 * past its expiry is left out here even before the sweep marks it expired.
 */
export async function openSummary(db: Db, memberId: string, newest = 3) {
  const { count, recent } = await repository.openQuotesOf(db, memberId, { now: new Date(), newest });
  return { count, recent: recent.map(toQuote) };
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
  await quoteOrNotFound(ctx.db, { id });
  const now = new Date();
  const answered = await ctx.db.transaction(async (tx) => {
    const moved = await repository.moveQuote(tx, {
      scope: { id, status: 'requested' },
      values: {
        status: 'answered',
        lines,
        totalCents,
        message: input.message,
        expiresAt,
        answeredBy: caller.id,
        answeredAt: now,
        updatedAt: now,
      },
    });
    if (!moved) return false;
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
  const quote = await quoteOrNotFound(ctx.db, { id });
  publish(ctx, quote);
  await tell(ctx, [quote.memberId], {
    title: `Your quote is ready: ${quote.title}`,
    message: `The clinic answered your quote request: ${formatMoney(totalCents)}, open until ${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC. Accept or decline it under Quotes.`,
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
    await expireLapsed(ctx, { id });
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
        return repository.moveQuote(tx, {
          scope: { id, memberId: caller.id, status: 'answered' },
          unexpiredAt: now,
          values: { status: 'accepted', decidedAt: now, updatedAt: now },
        });
      },
      afterCreate: async (tx, orderId) => {
        await repository.setOrder(tx, id, orderId);
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
  const quote = await quoteOrNotFound(ctx.db, { id });
  publish(ctx, quote);
  await tell(ctx, [caller.id, ...(await adminIds(ctx.db))], {
    title: `Quote accepted: ${quote.title}`,
    message: `The quote "${quote.title}" was accepted and became an order of ${formatMoney(made.totalCents)} to pay.`,
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
    const moved = await repository.moveQuote(tx, {
      scope: { id, memberId: caller.id, status: 'answered' },
      values: { status: 'declined', decidedAt: now, updatedAt: now },
    });
    if (!moved) return false;
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
  const quote = await quoteOrNotFound(ctx.db, { id });
  publish(ctx, quote);
  await tell(ctx, [caller.id, ...(await adminIds(ctx.db))], {
    title: `Quote declined: ${quote.title}`,
    message: `The quote "${quote.title}" was declined.`,
    actionUrl: '/member/quotes',
    quoteId: id,
  });
  return { quote };
}
