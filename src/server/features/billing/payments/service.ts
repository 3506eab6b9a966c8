import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  BILLING_ERRORS,
  type PayInvoiceAnswer,
  type RecordPaymentInput,
  type RefundPaymentInput,
} from '../../../../shared/billing';
import type { Tx } from '../../../db/client';
import { invoices, payments as paymentRecords, paymentRefunds } from '../../../db/schema';
import { recordActivity } from '../../../platform/activity';
import { clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import type { ProviderIntent } from '../../payments/provider';
import { type Payments, recordPayment, withdrawRefund } from '../../payments/service';
import {
  answer,
  audit,
  type Caller,
  type Change,
  type Ctx,
  inReach,
  inReachToManage,
  isOpen,
  publish,
  statusFor,
} from '../invoice-access';
import * as repository from '../repository';

/** Applies a payment to the locked invoice: what is paid, the status, and when it was paid in full. */
async function applyPaid(tx: Tx, invoice: repository.InvoiceRow, paidCents: number, now: Date) {
  const status = statusFor(invoice, paidCents, clinicToday(now));
  const [updated] = await tx
    .update(invoices)
    .set({
      paidCents,
      status,
      paidAt: status === 'paid' ? (invoice.paidAt ?? now) : null,
      overdueAt: status === 'overdue' ? (invoice.overdueAt ?? now) : invoice.overdueAt,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return updated;
}

const paymentChange = (before: repository.InvoiceRow, after: repository.InvoiceRow): Change =>
  after.status === 'paid' && before.status !== 'paid' ? 'paid' : 'payment';

/** A payment taken at the desk (cash, cheque, or a card terminal), never more than the balance. */
export async function recordDeskPayment(
  ctx: Ctx,
  caller: Caller,
  id: string,
  input: RecordPaymentInput,
  meta: RequestMeta,
) {
  await inReachToManage(ctx.db, caller, id);
  const now = new Date();
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, id);
    if (!invoice || !isOpen(invoice.status)) throw new AppError('CONFLICT', BILLING_ERRORS.notOpen);
    if (input.amountCents > invoice.totalCents - invoice.paidCents)
      throw badRequest(BILLING_ERRORS.amountOverBalance, { amountCents: BILLING_ERRORS.amountOverBalance });
    const [payment] = await tx
      .insert(paymentRecords)
      .values({
        method: input.method,
        purpose: 'invoice',
        referenceId: id,
        amountCents: input.amountCents,
        currency: invoice.currency,
        reference: input.reference || null,
        recordedBy: caller.id,
        createdAt: now,
      })
      .returning();
    const updated = await applyPaid(tx, invoice, invoice.paidCents + input.amountCents, now);
    await audit(tx, caller, 'invoice.payment_recorded', invoice, meta, {
      paymentId: payment.id,
      method: input.method,
      amountCents: input.amountCents,
    });
    return { before: invoice, after: updated };
  });
  publish(ctx, after, paymentChange(before, after));
  return answer(ctx.db, id);
}

/** An intent for the whole balance, computed here; the browser never names an amount. */
export async function startOnlinePayment(
  ctx: Ctx,
  payments: Payments,
  caller: Caller,
  id: string,
  meta: RequestMeta,
): Promise<PayInvoiceAnswer> {
  const invoice = await inReach(ctx.db, caller, id);
  if (caller.role === 'practitioner') throw notFound(BILLING_ERRORS.notFound);
  const balance = invoice.totalCents - invoice.paidCents;
  if (!isOpen(invoice.status) || balance <= 0) throw new AppError('CONFLICT', BILLING_ERRORS.notOpen);
  const intent = await payments.provider.createIntent(balance, invoice.currency, {
    purpose: 'invoice',
    invoiceId: invoice.id,
  });
  await audit(ctx.db, caller, 'invoice.payment_started', invoice, meta, { amountCents: balance });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountCents: balance };
}

/** The browser's word that the card went through: believed only once the provider says so. */
export async function confirmOnlinePayment(
  ctx: Ctx,
  payments: Payments,
  caller: Caller,
  id: string,
  paymentIntentId: string,
) {
  await inReach(ctx.db, caller, id);
  if (caller.role === 'practitioner') throw notFound(BILLING_ERRORS.notFound);
  const intent = await payments.provider.retrieveIntent(paymentIntentId);
  if (intent?.metadata?.purpose !== 'invoice' || intent.metadata.invoiceId !== id)
    throw badRequest(BILLING_ERRORS.amountMismatch, { paymentIntentId: BILLING_ERRORS.amountMismatch });
  if (intent.status !== 'succeeded') throw new AppError('CONFLICT', BILLING_ERRORS.notSucceeded);
  await settleInvoicePayment(ctx, payments, intent, caller.id);
  return answer(ctx.db, id);
}

/**
 * A succeeded intent that pays an invoice: recorded once however often (and however concurrently) this runs.
 * The invoice is locked first, so a second settle waits and then finds the payment recorded. What no longer
 * fits the balance (the invoice was paid meanwhile, at the desk or by a second card) is refunded to the card
 * at once, so the invoice is never paid beyond its total.
 */
export async function settleInvoicePayment(
  ctx: Ctx,
  payments: Payments,
  intent: ProviderIntent,
  actorId: string | null = null,
) {
  if (intent.metadata?.purpose !== 'invoice' || !intent.metadata.invoiceId) return false;
  const invoiceId = intent.metadata.invoiceId;
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, invoiceId);
    if (!invoice) return null;
    if (intent.currency !== invoice.currency) throw new AppError('CONFLICT', BILLING_ERRORS.amountMismatch);
    const payment = await recordPayment(tx, {
      provider: payments.provider.name,
      intent,
      purpose: 'invoice',
      referenceId: invoiceId,
    });
    if (!payment) return null;
    const balance = isOpen(invoice.status) ? invoice.totalCents - invoice.paidCents : 0;
    const fits = Math.max(0, Math.min(intent.amountCents, balance));
    const excess = intent.amountCents - fits;
    let refundId: string | null = null;
    if (excess > 0) {
      refundId = randomUUID();
      await tx.insert(paymentRefunds).values({
        id: refundId,
        paymentId: payment.id,
        amountCents: excess,
        reason: 'Paid more than the balance due',
        createdAt: now,
      });
      await tx
        .update(paymentRecords)
        .set({
          refundedCents: excess,
          status: fits === 0 ? 'refunded' : 'partially_refunded',
          refundedAt: now,
        })
        .where(eq(paymentRecords.id, payment.id));
    }
    const updated = fits > 0 ? await applyPaid(tx, invoice, invoice.paidCents + fits, now) : invoice;
    await recordActivity(tx, {
      actorId,
      action: 'invoice.paid_online',
      entityType: 'invoice',
      entityId: invoiceId,
      details: {
        patientId: invoice.patientId,
        paymentId: payment.id,
        amountCents: fits,
        refundedCents: excess,
      },
    });
    return { before: invoice, after: updated, excess, refundId };
  });
  if (!outcome) return true;
  if (outcome.excess > 0 && outcome.refundId) {
    try {
      await payments.provider.refund(intent.id, outcome.excess, outcome.refundId);
    } catch (error) {
      ctx.log.error(
        { invoiceId, err: { message: (error as Error).message } },
        'refund of an overpayment failed; refund it by hand',
      );
    }
  }
  publish(ctx, outcome.after, paymentChange(outcome.before, outcome.after));
  return true;
}

/**
 * Refunds part or all of what is left of a payment. The refund is recorded under the invoice's lock first
 * (so two refunds cannot take more than was paid), then a card payment made online is refunded through the
 * provider; should the provider refuse, the record is taken back and the refusal answered.
 */
export async function refundPayment(
  ctx: Ctx,
  payments: Payments,
  caller: Caller,
  id: string,
  paymentId: string,
  input: RefundPaymentInput,
  meta: RequestMeta,
) {
  await inReach(ctx.db, caller, id);
  if (!(await repository.findPayment(ctx.db, id, paymentId))) throw notFound(BILLING_ERRORS.paymentNotFound);
  const now = new Date();
  const refundId = randomUUID();
  const done = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, id);
    const payment = await repository.lockPayment(tx, paymentId);
    if (!invoice || !payment) throw notFound(BILLING_ERRORS.paymentNotFound);
    const left = payment.amountCents - payment.refundedCents;
    const amount = input.amountCents ?? left;
    if (left <= 0 || amount > left)
      throw badRequest(BILLING_ERRORS.refundTooLarge, { amountCents: BILLING_ERRORS.refundTooLarge });
    await tx.insert(paymentRefunds).values({
      id: refundId,
      paymentId,
      amountCents: amount,
      reason: input.reason,
      createdBy: caller.id,
      createdAt: now,
    });
    const refunded = payment.refundedCents + amount;
    await tx
      .update(paymentRecords)
      .set({
        refundedCents: refunded,
        status: refunded >= payment.amountCents ? 'refunded' : 'partially_refunded',
        refundedAt: now,
      })
      .where(eq(paymentRecords.id, paymentId));
    const updated = await applyPaid(tx, invoice, Math.max(0, invoice.paidCents - amount), now);
    await audit(tx, caller, 'invoice.payment_refunded', invoice, meta, { paymentId, amountCents: amount });
    return { invoice, payment, amount, updated };
  });
  if (done.payment.providerIntentId) {
    try {
      await payments.provider.refund(done.payment.providerIntentId, done.amount, refundId);
    } catch (error) {
      await ctx.db.transaction(async (tx) => {
        const invoice = await repository.lockRow(tx, id);
        const payment = await repository.lockPayment(tx, paymentId);
        if (!invoice || !payment) return;
        await withdrawRefund(tx, refundId);
        await applyPaid(tx, invoice, invoice.paidCents + done.amount, new Date());
        await audit(tx, caller, 'invoice.refund_failed', invoice, meta, {
          paymentId,
          amountCents: done.amount,
        });
      });
      throw error;
    }
  }
  publish(ctx, done.updated, 'refunded');
  return answer(ctx.db, id);
}
