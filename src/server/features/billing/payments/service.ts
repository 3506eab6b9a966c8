import { randomUUID } from 'node:crypto';
import { BILLING_ERRORS, type RecordPaymentInput, type RefundPaymentInput } from '../../../../shared/billing';
import type { Db, Tx } from '../../../db/client';
import { clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import * as ledger from '../../payments/service';
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
} from '../invoices/access';
import type { InvoiceRow } from '../invoices/mapping';
import * as invoices from '../invoices/repository';

/** Applies a payment to the locked invoice: what is paid, the status, and when it was paid in full. */
export function applyPaid(tx: Tx, paid: { invoice: InvoiceRow; paidCents: number; now: Date }) {
  const { invoice, paidCents, now } = paid;
  const status = statusFor(invoice, paidCents, clinicToday(now));
  return invoices.updateRow(tx, invoice.id, {
    paidCents,
    status,
    paidAt: status === 'paid' ? (invoice.paidAt ?? now) : null,
    overdueAt: status === 'overdue' ? (invoice.overdueAt ?? now) : invoice.overdueAt,
    updatedAt: now,
  });
}

export const paymentChange = (before: InvoiceRow, after: InvoiceRow): Change =>
  after.status === 'paid' && before.status !== 'paid' ? 'paid' : 'payment';

/** A payment taken at the desk (cash, cheque, or a card terminal), never more than the balance. */
export async function recordDeskPayment(
  ctx: Ctx,
  caller: Caller,
  change: { id: string; input: RecordPaymentInput; meta: RequestMeta },
) {
  const { id, input, meta } = change;
  await inReachToManage(ctx.db, caller, id);
  const now = new Date();
  const { before, after } = await ctx.db.transaction(async (tx) => {
    const invoice = await invoices.lockRow(tx, id);
    if (!invoice || !isOpen(invoice.status)) throw new AppError('CONFLICT', BILLING_ERRORS.notOpen);
    if (input.amountCents > invoice.totalCents - invoice.paidCents)
      throw badRequest(BILLING_ERRORS.amountOverBalance, { amountCents: BILLING_ERRORS.amountOverBalance });
    const payment = await ledger.recordManualPayment(tx, {
      method: input.method,
      purpose: 'invoice',
      referenceId: id,
      amountCents: input.amountCents,
      currency: invoice.currency,
      reference: input.reference || null,
      recordedBy: caller.id,
      at: now,
    });
    const updated = await applyPaid(tx, { invoice, paidCents: invoice.paidCents + input.amountCents, now });
    await audit(tx, {
      caller,
      action: 'invoice.payment_recorded',
      invoice,
      meta,
      details: { paymentId: payment.id, method: input.method, amountCents: input.amountCents },
    });
    return { before: invoice, after: updated };
  });
  publish(ctx, after, paymentChange(before, after));
  return answer(ctx.db, id);
}

/**
 * Refunds part or all of what is left of a payment. The refund is recorded under the invoice's lock first
 * (so two refunds cannot take more than was paid), then a card payment made online is refunded through the
 * provider; should the provider refuse, the record is taken back and the refusal answered.
 */
export async function refundPayment(
  ctx: Ctx,
  caller: Caller,
  change: {
    payments: ledger.Payments;
    id: string;
    paymentId: string;
    input: RefundPaymentInput;
    meta: RequestMeta;
  },
) {
  const { payments, id, paymentId, input, meta } = change;
  await inReach(ctx.db, caller, id);
  if (!(await ledger.findPaymentFor(ctx.db, { id: paymentId, purpose: 'invoice', referenceId: id })))
    throw notFound(BILLING_ERRORS.paymentNotFound);
  const now = new Date();
  const refundId = randomUUID();
  const done = await ctx.db.transaction(async (tx) => {
    const invoice = await invoices.lockRow(tx, id);
    const payment = await ledger.lockPayment(tx, paymentId);
    if (!invoice || !payment) throw notFound(BILLING_ERRORS.paymentNotFound);
    const left = payment.amountCents - payment.refundedCents;
    const amount = input.amountCents ?? left;
    if (left <= 0 || amount > left)
      throw badRequest(BILLING_ERRORS.refundTooLarge, { amountCents: BILLING_ERRORS.refundTooLarge });
    await ledger.recordPartialRefund(tx, {
      id: refundId,
      paymentId,
      amountCents: amount,
      reason: input.reason,
      by: caller.id,
      at: now,
    });
    const paidCents = Math.max(0, invoice.paidCents - amount);
    const updated = await applyPaid(tx, { invoice, paidCents, now });
    await audit(tx, {
      caller,
      action: 'invoice.payment_refunded',
      invoice,
      meta,
      details: { paymentId, amountCents: amount },
    });
    return { payment, amount, updated };
  });
  if (done.payment.providerIntentId) {
    try {
      await payments.provider.refund(done.payment.providerIntentId, done.amount, refundId);
    } catch (error) {
      await ctx.db.transaction(async (tx) => {
        const invoice = await invoices.lockRow(tx, id);
        const payment = await ledger.lockPayment(tx, paymentId);
        if (!invoice || !payment) return;
        await ledger.withdrawRefund(tx, refundId);
        await applyPaid(tx, { invoice, paidCents: invoice.paidCents + done.amount, now: new Date() });
        await audit(tx, {
          caller,
          action: 'invoice.refund_failed',
          invoice,
          meta,
          details: { paymentId, amountCents: done.amount },
        });
      });
      throw error;
    }
  }
  publish(ctx, done.updated, 'refunded');
  return answer(ctx.db, id);
}

/** For the receipt: one payment of an invoice the caller may see, and the read logged. */
export async function paymentForReceipt(
  db: Db,
  caller: Caller,
  read: { id: string; paymentId: string; meta: RequestMeta },
) {
  const { id, paymentId, meta } = read;
  const row = await inReach(db, caller, id);
  const invoice = (await answer(db, id)).invoice;
  const payment = invoice.payments.find((candidate) => candidate.id === paymentId);
  if (!payment) throw notFound(BILLING_ERRORS.paymentNotFound);
  await audit(db, {
    caller,
    action: 'invoice.receipt_downloaded',
    invoice: row,
    meta,
    details: { paymentId },
  });
  return { invoice, payment };
}
