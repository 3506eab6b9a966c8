import { invoiceUrl } from '../../../../shared/billing';
import { formatMoney } from '../../../../shared/money';
import { clinicText } from '../../../platform/clinic-time';
import type { AppContext } from '../../../platform/context';
import type { DomainEvents } from '../../../platform/events';
import { raise } from '../../notifications/service';
import { invoiceDueMessage, invoicePaidMessage, invoicePartPaidMessage } from '../../notifications/wording';
import * as repository from './repository';
import { staffIds } from './service';

/**
 * Invoice notifications, raised from the invoice's domain events: the patient hears that an invoice was
 * issued (invoice_created) or fell overdue (invoice_overdue); the patient and the staff hear that one was
 * paid in full (invoice_paid). Numbers, amounts and dates only.
 */
export function raiseInvoiceNotifications(ctx: AppContext) {
  const tell = async (event: DomainEvents['invoice.changed']) => {
    if (event.change !== 'sent' && event.change !== 'paid' && event.change !== 'overdue') return;
    const named = await repository.findNamed(ctx.db, event.invoiceId);
    const invoice = named?.invoice;
    if (!invoice?.number) return;
    const figures = {
      number: invoice.number,
      total: formatMoney(invoice.totalCents),
      dueDate: clinicText.day(invoice.dueDate),
    };
    const common = {
      actionUrl: invoiceUrl(invoice.id),
      data: { invoiceId: invoice.id, patientId: invoice.patientId },
    };
    if (event.change === 'sent' && invoice.status !== 'paid') {
      await raise(ctx, invoice.patientId, {
        ...common,
        type: 'invoice_created',
        title: 'Invoice issued',
        message: invoiceDueMessage('issued', { ...figures, balance: '' }),
        priority: 'medium',
        // Sending the invoice emailed it to the patient with its figures and link already.
        emailedSeparately: true,
      });
    } else if (event.change === 'overdue') {
      const balance = formatMoney(invoice.totalCents - invoice.paidCents);
      await raise(ctx, invoice.patientId, {
        ...common,
        type: 'invoice_overdue',
        title: 'Invoice overdue',
        message: invoiceDueMessage('overdue', { ...figures, balance }),
        priority: 'high',
        emailText: `Invoice ${invoice.number} was due by ${clinicText.day(invoice.dueDate)} and ${balance} is still to pay.`,
      });
    } else if (event.change === 'paid') {
      const facts = {
        number: invoice.number,
        total: formatMoney(invoice.totalCents),
        patientName: named?.patientName ?? '',
      };
      const paid = {
        ...common,
        type: 'invoice_paid' as const,
        title: 'Invoice paid',
        priority: 'low' as const,
      };
      await raise(ctx, invoice.patientId, {
        ...paid,
        message: invoicePaidMessage('patient', facts),
        emailText: `Thank you: invoice ${invoice.number} for ${formatMoney(invoice.totalCents)} is paid in full.`,
      });
      // The clinic team reads whose invoice it was (in the portal only: their email names the type alone).
      for (const userId of await staffIds(ctx.db))
        await raise(ctx, userId, { ...paid, message: invoicePaidMessage('staff', facts) });
    }
  };
  ctx.events.subscribe('invoice.changed', tell);
}

/**
 * The patient's receipt for part of an invoice paid by their card on file: the same notification and email as
 * a payment in full (invoice_paid, under the patient's own preference for it), naming what was paid and what
 * is still to pay. Nothing once the invoice is paid in full, which the full payment's receipt covers.
 */
export async function raisePartPaymentReceipt(
  ctx: Parameters<typeof raise>[0],
  paid: { invoiceId: string; amountCents: number },
) {
  const invoice = (await repository.findNamed(ctx.db, paid.invoiceId))?.invoice;
  if (!invoice?.number || invoice.status === 'paid') return;
  const facts = {
    number: invoice.number,
    amount: formatMoney(paid.amountCents),
    balance: formatMoney(invoice.totalCents - invoice.paidCents),
  };
  await raise(ctx, invoice.patientId, {
    type: 'invoice_paid',
    title: 'Payment received',
    message: invoicePartPaidMessage(facts),
    priority: 'low',
    actionUrl: invoiceUrl(invoice.id),
    data: { invoiceId: invoice.id, patientId: invoice.patientId },
    emailText: `Thank you: ${invoicePartPaidMessage(facts)}.`,
  });
}
