import { randomUUID } from 'node:crypto';
import { BILLING_ERRORS, type PayInvoiceAnswer } from '../../../../shared/billing';
import { recordActivity } from '../../../platform/activity';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import type { ProviderIntent } from '../../payments/provider';
import * as ledger from '../../payments/service';
import { answer, audit, type Caller, type Ctx, inReach, isOpen, publish } from '../invoices/access';
import * as invoices from '../invoices/repository';
import { applyPaid, paymentChange } from './service';

/** An intent for the whole balance, computed here; the browser never names an amount. */
export async function startOnlinePayment(
  ctx: Ctx,
  caller: Caller,
  start: { payments: ledger.Payments; id: string; meta: RequestMeta },
): Promise<PayInvoiceAnswer> {
  const { payments, id, meta } = start;
  const invoice = await inReach(ctx.db, caller, id);
  if (caller.role === 'practitioner') throw notFound(BILLING_ERRORS.notFound);
  const balance = invoice.totalCents - invoice.paidCents;
  if (!isOpen(invoice.status) || balance <= 0) throw new AppError('CONFLICT', BILLING_ERRORS.notOpen);
  const intent = await payments.provider.createIntent(balance, invoice.currency, {
    purpose: 'invoice',
    invoiceId: invoice.id,
  });
  await audit(ctx.db, {
    caller,
    action: 'invoice.payment_started',
    invoice,
    meta,
    details: { amountCents: balance },
  });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountCents: balance };
}

/** The browser's word that the card went through: believed only once the provider says so. */
export async function confirmOnlinePayment(
  ctx: Ctx,
  caller: Caller,
  confirm: { payments: ledger.Payments; id: string; paymentIntentId: string },
) {
  const { payments, id, paymentIntentId } = confirm;
  await inReach(ctx.db, caller, id);
  if (caller.role === 'practitioner') throw notFound(BILLING_ERRORS.notFound);
  const intent = await payments.provider.retrieveIntent(paymentIntentId);
  if (intent?.metadata?.purpose !== 'invoice' || intent.metadata.invoiceId !== id)
    throw badRequest(BILLING_ERRORS.amountMismatch, { paymentIntentId: BILLING_ERRORS.amountMismatch });
  if (intent.status !== 'succeeded') throw new AppError('CONFLICT', BILLING_ERRORS.notSucceeded);
  await settleInvoicePayment(ctx, { payments, intent, actorId: caller.id });
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
  settle: { payments: ledger.Payments; intent: ProviderIntent; actorId?: string | null },
) {
  const { payments, intent, actorId = null } = settle;
  if (intent.metadata?.purpose !== 'invoice' || !intent.metadata.invoiceId) return false;
  const invoiceId = intent.metadata.invoiceId;
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx) => {
    const invoice = await invoices.lockRow(tx, invoiceId);
    if (!invoice) return null;
    if (intent.currency !== invoice.currency) throw new AppError('CONFLICT', BILLING_ERRORS.amountMismatch);
    const payment = await ledger.recordPayment(tx, {
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
      await ledger.recordPartialRefund(tx, {
        id: refundId,
        paymentId: payment.id,
        amountCents: excess,
        reason: 'Paid more than the balance due',
        by: null,
        at: now,
      });
    }
    const updated =
      fits > 0 ? await applyPaid(tx, { invoice, paidCents: invoice.paidCents + fits, now }) : invoice;
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
