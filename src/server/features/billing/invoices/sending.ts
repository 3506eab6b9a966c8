import { BILLING_ERRORS, formatInvoiceNumber, invoiceUrl } from '../../../../shared/billing';
import { formatMoney } from '../../../../shared/money';
import type { Tx } from '../../../db/client';
import { clinicText, clinicToday } from '../../../platform/clinic-time';
import type { RequestMeta } from '../../../platform/context';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import * as accounts from '../../accounts/service';
import { issuePackages, removePackages } from '../packages/lifecycle';
import { answer, audit, type Caller, type Ctx, inReach, inReachToManage, publish } from './access';
import type { InvoiceRow } from './mapping';
import * as repository from './repository';
import { giveLineStockBack } from './stock';

/**
 * Sends a draft: in one transaction the counter row is locked and moved on, so numbers have no gaps and no
 * two sends share one; then the patient is emailed and told.
 */
export async function sendInvoice(
  ctx: Ctx,
  caller: Caller,
  change: { id: string; meta: RequestMeta; now?: Date },
) {
  const { id, meta, now = new Date() } = change;
  await inReachToManage(ctx.db, caller, id);
  const row = await ctx.db.transaction((tx) => sendDraft(tx, caller, { id, meta, now }));
  await emailInvoice(ctx, row);
  publish(ctx, row, 'sent');
  return answer(ctx.db, id);
}

/**
 * Numbers and sends a draft inside the caller's transaction, with its log entry; the caller emails it and
 * publishes 'sent' once the transaction has committed.
 */
export async function sendDraft(
  tx: Tx,
  caller: Caller,
  change: { id: string; meta: RequestMeta; now: Date },
) {
  const { id, meta, now } = change;
  const today = clinicToday(now);
  const draft = await repository.lockRow(tx, id);
  if (draft?.status !== 'draft') throw new AppError('CONFLICT', BILLING_ERRORS.notDraft);
  if (draft.dueDate < today)
    throw badRequest(BILLING_ERRORS.dueDateBeforeIssue, { dueDate: BILLING_ERRORS.dueDateBeforeIssue });
  const number = formatInvoiceNumber(await repository.takeNumber(tx));
  const zero = draft.totalCents === 0;
  const sent = await repository.updateRow(tx, id, {
    number,
    status: zero ? 'paid' : 'sent',
    issueDate: today,
    sentAt: now,
    paidAt: zero ? now : null,
    updatedAt: now,
  });
  await audit(tx, { caller, action: 'invoice.sent', invoice: sent, meta, details: { number } });
  await issuePackages(tx, { invoiceId: id, actorId: caller.id, ipAddress: meta.ipAddress });
  return sent;
}

/** Emails the patient their issued invoice; what cannot be sent stays in the outbox. */
export async function emailInvoice(ctx: Ctx, invoice: InvoiceRow) {
  const patient = await accounts.findAccountById(ctx.db, invoice.patientId);
  if (!patient) return;
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}${invoiceUrl(invoice.id)}`;
  try {
    await ctx.mailer.send({
      to: patient.email,
      subject: `Your invoice ${invoice.number}`,
      text: `Dear ${patient.firstName},\n\nYour invoice ${invoice.number} for ${formatMoney(invoice.totalCents)} was issued on ${clinicText.day(invoice.issueDate ?? clinicToday())} and is due by ${clinicText.day(invoice.dueDate)}.\n\nSee it, download it and pay it online in the portal:\n${link}\n\nClinic Portal`,
    });
  } catch (error) {
    // The invoice is sent either way; the outbox keeps what could not be sent.
    ctx.log.error(
      { invoiceId: invoice.id, err: { message: (error as Error).message } },
      'invoice email not sent',
    );
  }
}

/** Voids an invoice with nothing paid; its appointments may be billed again, its products go back on the shelf. */
export async function voidInvoice(
  ctx: Ctx,
  caller: Caller,
  change: { id: string; reason: string; meta: RequestMeta },
) {
  const { id, reason, meta } = change;
  await inReach(ctx.db, caller, id);
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const invoice = await repository.lockRow(tx, id);
    if (!invoice) throw notFound(BILLING_ERRORS.notFound);
    if (invoice.status === 'void') throw new AppError('CONFLICT', BILLING_ERRORS.alreadyVoid);
    if (invoice.status === 'draft') throw new AppError('CONFLICT', BILLING_ERRORS.draftNotVoidable);
    if (invoice.paidCents > 0) throw new AppError('CONFLICT', BILLING_ERRORS.notVoidable);
    const voided = await repository.markVoid(tx, id, { reason, at: now });
    const restocked = await giveLineStockBack(tx, id);
    await audit(tx, {
      caller,
      action: 'invoice.voided',
      invoice,
      meta,
      details: restocked ? { productLinesRestocked: restocked } : {},
    });
    await removePackages(tx, { invoiceId: id, actorId: caller.id, ipAddress: meta.ipAddress });
    return voided;
  });
  publish(ctx, row, 'voided');
  return answer(ctx.db, id);
}
