import {
  ADMIN_DONATIONS_PAGE_SIZE,
  type AdminDonationsAnswer,
  type AdminDonationsQuery,
  type CreateDonationIntentAnswer,
  DONATION_CURRENCY,
  DONATION_DEFAULT_DESCRIPTION,
  DONATION_ERRORS,
  type DonationPeriod,
  dollarsToCents,
  formatDonationAmount,
} from '../../../shared/donations';
import type { Db } from '../../db/client';
import { recordActivity } from '../../platform/activity';
import type { AppContext, RequestMeta } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import type { ProviderIntent } from '../payments/provider';
import { type Payments, recordFullRefund, recordPayment } from '../payments/service';
import * as repository from './repository';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'events'>;

/** The create call's body once the shared schema has read it. */
export type DonationDetails = {
  amount: number;
  email?: string;
  firstName: string;
  lastName: string;
  phone?: string;
  description?: string;
};

/**
 * Stores a pending donation for a new payment intent of its amount and answers the intent's client secret.
 * A visitor must give an email for the receipt; a signed-in user without one gets their account's.
 */
export async function createIntent(
  ctx: Ctx,
  {
    payments,
    caller,
    input,
    meta,
  }: { payments: Payments; caller: SessionUser | null; input: DonationDetails; meta: RequestMeta },
): Promise<CreateDonationIntentAnswer> {
  let email = input.email;
  if (!email && caller) {
    const account = await accounts.findAccountById(ctx.db, caller.id);
    email = account?.email;
  }
  if (!email) throw badRequest(DONATION_ERRORS.email, { email: DONATION_ERRORS.email });

  const amountCents = dollarsToCents(input.amount);
  const intent = await payments.provider.createIntent(amountCents, DONATION_CURRENCY, {
    purpose: 'donation',
  });
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertDonation(tx, {
      userId: caller?.id ?? null,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      description: input.description ?? DONATION_DEFAULT_DESCRIPTION,
      amountCents,
      currency: DONATION_CURRENCY,
      provider: payments.provider.name,
      paymentIntentId: intent.id,
    });
    await recordActivity(tx, {
      actorId: caller?.id ?? null,
      action: 'donation.intent_created',
      entityType: 'donation',
      entityId: inserted.id,
      ipAddress: meta.ipAddress,
      details: { amountCents, provider: payments.provider.name },
    });
    return inserted;
  });
  ctx.events.publish('donation.changed', { donationId: row.id, userId: row.userId, change: 'created' });
  return { success: true, clientSecret: intent.clientSecret, paymentIntentId: row.paymentIntentId };
}

/**
 * A succeeded intent that is a donation's: checked against the donation's amount, then the donation is paid
 * and the payment recorded, once however often (and however concurrently) this runs. The receipt goes out
 * only from the call that made it paid.
 */
export async function settleDonation(ctx: Ctx, intent: ProviderIntent, actorId: string | null = null) {
  const donation = await repository.findByIntent(ctx.db, intent.id);
  if (!donation) return false;
  if (intent.amountCents !== donation.amountCents || intent.currency !== donation.currency) {
    await recordActivity(ctx.db, {
      actorId,
      action: 'donation.amount_mismatch',
      entityType: 'donation',
      entityId: donation.id,
      outcome: 'failure',
      details: { expectedCents: donation.amountCents, paidCents: intent.amountCents },
    });
    throw new AppError('CONFLICT', DONATION_ERRORS.amountMismatch);
  }
  const paid = await ctx.db.transaction(async (tx) => {
    const updated = await repository.moveDonation(tx, {
      id: donation.id,
      from: 'pending',
      values: { status: 'paid', paidAt: new Date(), cardLast4: intent.last4 ?? null },
    });
    await recordPayment(tx, {
      provider: donation.provider,
      intent,
      purpose: 'donation',
      referenceId: donation.id,
    });
    if (updated)
      await recordActivity(tx, {
        actorId,
        action: 'donation.paid',
        entityType: 'donation',
        entityId: donation.id,
        details: { amountCents: donation.amountCents },
      });
    return updated ?? null;
  });
  if (paid) {
    ctx.events.publish('donation.changed', { donationId: paid.id, userId: paid.userId, change: 'paid' });
    await sendReceipt(ctx, paid);
  }
  return true;
}

async function sendReceipt(ctx: Ctx, donation: repository.DonationRow) {
  const amount = formatDonationAmount(donation.amountCents);
  const card = donation.cardLast4 ? ` with the card ending ${donation.cardLast4}` : '';
  try {
    await ctx.mailer.send({
      to: donation.email,
      subject: `Your donation receipt: $${amount}`,
      text: `Dear ${donation.firstName},\n\nThank you for your donation of $${amount} (${donation.currency.toUpperCase()}), paid${card} on ${donation.paidAt?.toISOString().slice(0, 10)}.\n\nFor: ${donation.description}\nReceipt reference: ${donation.id}\n\nKeep this email as your receipt.`,
    });
  } catch (error) {
    // The donation is paid either way; the outbox keeps what could not be sent.
    ctx.log.error(
      { donationId: donation.id, err: { message: (error as Error).message } },
      'receipt not sent',
    );
  }
}

/** The browser's word that the card went through: believed only once the provider says so. */
export async function confirm(
  ctx: Ctx,
  {
    payments,
    caller,
    paymentIntentId,
  }: { payments: Payments; caller: SessionUser | null; paymentIntentId: string },
) {
  const donation = await repository.findByIntent(ctx.db, paymentIntentId);
  if (!donation) throw notFound(DONATION_ERRORS.notFound);
  if (donation.status !== 'pending') return { success: true };
  const intent = await payments.provider.retrieveIntent(paymentIntentId);
  if (intent?.status !== 'succeeded') throw new AppError('CONFLICT', DONATION_ERRORS.notSucceeded);
  await settleDonation(ctx, intent, caller?.id ?? null);
  return { success: true };
}

export async function listMine(db: Db, caller: SessionUser) {
  return { donations: (await repository.listOfUser(db, caller.id)).map(repository.toDonation) };
}

/** What the member dashboard shows of a donor's own gifts: those paid, their total, and the latest few. */
export async function summaryOf(db: Db, userId: string, recent = 3) {
  const settled = (await repository.listOfUser(db, userId)).filter(
    (row) => row.paidAt && (row.status === 'paid' || row.status === 'refunded'),
  );
  const paid = settled.filter((row) => row.status === 'paid');
  return {
    count: paid.length,
    totalCents: paid.reduce((sum, row) => sum + row.amountCents, 0),
    recent: settled.slice(0, recent).map((row) => ({
      id: row.id,
      amountCents: row.amountCents,
      status: row.status as 'paid' | 'refunded',
      paidAt: row.paidAt!.toISOString(),
    })),
  };
}

export async function listForAdmin(
  db: Db,
  query: Omit<AdminDonationsQuery, 'period' | 'page'> & { period: DonationPeriod; page: number },
): Promise<AdminDonationsAnswer> {
  const where = repository.adminFilter(query);
  const [{ rows, total }, byPeriod] = await Promise.all([
    repository.listForAdmin(db, { where, page: query.page, pageSize: ADMIN_DONATIONS_PAGE_SIZE }),
    repository.totalsByPeriod(db, where, query.period),
  ]);
  const totals = byPeriod.reduce(
    (sum, row) => ({
      count: sum.count + row.count,
      amountCents: sum.amountCents + row.amountCents,
      refundedCount: sum.refundedCount + row.refundedCount,
      refundedCents: sum.refundedCents + row.refundedCents,
    }),
    { count: 0, amountCents: 0, refundedCount: 0, refundedCents: 0 },
  );
  return {
    donations: rows.map(repository.toDonation),
    page: query.page,
    pageSize: ADMIN_DONATIONS_PAGE_SIZE,
    total,
    totals,
    byPeriod,
  };
}

/** Refunds a paid donation in full through the provider; a refunded one answers as it stands. */
export async function refund(
  ctx: Ctx,
  { payments, caller, id, meta }: { payments: Payments; caller: SessionUser; id: string; meta: RequestMeta },
) {
  const donation = await repository.findById(ctx.db, id);
  if (!donation) throw notFound(DONATION_ERRORS.notFound);
  if (donation.status === 'refunded') return { donation: repository.toDonation(donation) };
  if (donation.status !== 'paid') throw new AppError('CONFLICT', DONATION_ERRORS.notRefundable);
  await payments.provider.refund(donation.paymentIntentId, donation.amountCents);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repository.moveDonation(tx, {
      id,
      from: 'paid',
      values: { status: 'refunded', refundedAt: now, refundedBy: caller.id },
    });
    if (!updated) return null;
    await recordFullRefund(tx, {
      providerIntentId: donation.paymentIntentId,
      amountCents: donation.amountCents,
      reason: 'Donation refunded',
      by: caller.id,
      at: now,
    });
    await recordActivity(tx, {
      actorId: caller.id,
      action: 'donation.refunded',
      entityType: 'donation',
      entityId: id,
      ipAddress: meta.ipAddress,
      details: { amountCents: donation.amountCents },
    });
    return updated;
  });
  if (row) ctx.events.publish('donation.changed', { donationId: id, userId: row.userId, change: 'refunded' });
  return { donation: repository.toDonation(row ?? (await repository.findById(ctx.db, id)) ?? donation) };
}
