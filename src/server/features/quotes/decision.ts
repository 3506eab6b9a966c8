import { formatMoney } from '../../../shared/money';
import { type AcceptQuoteAnswer, QUOTE_ERRORS } from '../../../shared/quotes';
import { recordActivity } from '../../platform/activity';
import type { RequestMeta } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { quoteMessage } from '../notifications/wording';
import type { Payments } from '../payments/service';
import { createOrderFromLines, renewOrderPayment } from '../store/service';
import * as repository from './repository';
import {
  adminIds,
  type Ctx,
  conflict,
  expireLapsed,
  publish,
  quoteOrNotFound,
  tell,
  visibleTo,
} from './service';

// What the member does with an answered quote: accept it (it becomes an order to pay), pay again, or decline.

/**
 * The member accepts an answered quote that has not expired (checked here, now): in one transaction the quote
 * moves to accepted (a conditional UPDATE, so two accepts at once make one order) and a pending store order is
 * made from its lines, with a payment intent for its total.
 */
export async function accept(
  ctx: Ctx,
  { payments, caller, id, meta }: { payments: Payments; caller: SessionUser; id: string; meta: RequestMeta },
): Promise<AcceptQuoteAnswer> {
  const before = await quoteOrNotFound(ctx.db, visibleTo(caller, id));
  if (before.status === 'answered' && before.expiresAt && Date.parse(before.expiresAt) <= Date.now()) {
    await expireLapsed(ctx, { id });
    throw conflict(QUOTE_ERRORS.expired);
  }
  if (before.status === 'expired') throw conflict(QUOTE_ERRORS.expired);
  if (before.status !== 'answered') throw conflict(QUOTE_ERRORS.notAnswered);
  const now = new Date();
  const made = await createOrderFromLines(ctx, {
    payments,
    meta,
    input: {
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
  });
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
  const accepted = { memberName: quote.memberName, title: quote.title, order: formatMoney(made.totalCents) };
  await tell(ctx, [caller.id], {
    title: `Quote accepted: ${quote.title}`,
    message: quoteMessage('accepted', 'member', accepted),
    actionUrl: '/member/quotes',
    quoteId: id,
  });
  await tell(ctx, await adminIds(ctx.db), {
    title: `Quote accepted: ${quote.title}`,
    message: quoteMessage('accepted', 'admin', accepted),
    actionUrl: '/admin/quotes',
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
  { payments, caller, id }: { payments: Payments; caller: SessionUser; id: string },
): Promise<AcceptQuoteAnswer> {
  const quote = await quoteOrNotFound(ctx.db, visibleTo(caller, id));
  if (quote.status !== 'accepted' || !quote.orderId) throw conflict(QUOTE_ERRORS.notPayable);
  let renewed: Awaited<ReturnType<typeof renewOrderPayment>>;
  try {
    renewed = await renewOrderPayment(ctx, { payments, userId: caller.id, orderId: quote.orderId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw conflict(QUOTE_ERRORS.notPayable);
    throw error;
  }
  if (!renewed) throw conflict(QUOTE_ERRORS.notPayable);
  return { quote, ...renewed };
}

export async function decline(
  ctx: Ctx,
  { caller, id, meta }: { caller: SessionUser; id: string; meta: RequestMeta },
) {
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
  const declinedFacts = { memberName: quote.memberName, title: quote.title };
  await tell(ctx, [caller.id], {
    title: `Quote declined: ${quote.title}`,
    message: quoteMessage('declined', 'member', declinedFacts),
    actionUrl: '/member/quotes',
    quoteId: id,
  });
  await tell(ctx, await adminIds(ctx.db), {
    title: `Quote declined: ${quote.title}`,
    message: quoteMessage('declined', 'admin', declinedFacts),
    actionUrl: '/admin/quotes',
    quoteId: id,
  });
  return { quote };
}
