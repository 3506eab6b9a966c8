import { formatMoney } from '../../../shared/money';
import {
  type AnswerQuoteInput,
  type CreateQuoteInput,
  QUOTE_ERRORS,
  type Quote,
  type QuoteStatus,
  quoteTotalCents,
} from '../../../shared/quotes';
import type { Db, Tx } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import { clinicText } from '../../platform/clinic-time';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { raise } from '../notifications/service';
import { quoteMessage } from '../notifications/wording';
import * as repository from './repository';

export type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** A member sees only their own quotes (anyone else's is 404); an admin sees any. */
export const visibleTo = (caller: SessionUser, id: string): repository.QuoteScope =>
  caller.role === 'admin' ? { id } : { id, memberId: caller.id };

export async function quoteOrNotFound(db: Db | Tx, scope: repository.QuoteScope) {
  const [row] = await repository.listQuotes(db, scope, 1);
  if (!row) throw notFound(QUOTE_ERRORS.notFound);
  return repository.toQuote(row);
}

export function publish(ctx: Ctx, quote: Pick<Quote, 'id' | 'memberId' | 'status'>) {
  ctx.events.publish('quote.changed', { quoteId: quote.id, memberId: quote.memberId, status: quote.status });
}

export async function tell(
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

export const adminIds = async (db: Db) =>
  (await accounts.listActiveAccountsWithRole(db, 'admin')).map((person) => person.id);

export async function create(
  ctx: Ctx,
  { caller, input, meta }: { caller: SessionUser; input: CreateQuoteInput; meta: RequestMeta },
) {
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
    message: quoteMessage('requested', 'admin', { memberName: quote.memberName, title: quote.title }),
    actionUrl: '/admin/quotes',
    quoteId: id,
  });
  return { quote };
}

export async function listMine(ctx: Ctx, caller: SessionUser) {
  await expireLapsed(ctx, { memberId: caller.id });
  return { quotes: (await repository.listQuotes(ctx.db, { memberId: caller.id })).map(repository.toQuote) };
}

export async function listForAdmin(ctx: Ctx, query: { status?: QuoteStatus }) {
  await expireLapsed(ctx);
  return { quotes: (await repository.listQuotes(ctx.db, { status: query.status })).map(repository.toQuote) };
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
  return { count, recent: recent.map(repository.toQuote) };
}

/** An admin answers a requested quote: the lines are priced here and the total computed from them. */
export async function answer(
  ctx: Ctx,
  {
    caller,
    id,
    input,
    meta,
  }: { caller: SessionUser; id: string; input: AnswerQuoteInput; meta: RequestMeta },
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
    message: `The clinic answered your quote request: ${formatMoney(totalCents)}, open until ${clinicText.dateTime(expiresAt)} (clinic time). Accept or decline it under Quotes.`,
    actionUrl: '/member/quotes',
    quoteId: id,
  });
  return { quote };
}
