import { invoiceUrl } from '../../../../shared/billing';
import { formatMoney } from '../../../../shared/money';
import type { AppContext } from '../../../platform/context';
import type { DomainEvents } from '../../../platform/events';
import { raise } from '../../notifications/service';
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
    const invoice = await repository.findRow(ctx.db, event.invoiceId);
    if (!invoice?.number) return;
    const common = {
      actionUrl: invoiceUrl(invoice.id),
      data: { invoiceId: invoice.id, patientId: invoice.patientId },
    };
    if (event.change === 'sent' && invoice.status !== 'paid') {
      await raise(ctx, invoice.patientId, {
        ...common,
        type: 'invoice_created',
        title: 'Invoice issued',
        message: `Invoice ${invoice.number} for ${formatMoney(invoice.totalCents)} is due by ${invoice.dueDate}`,
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
        message: `Invoice ${invoice.number} was due by ${invoice.dueDate}; ${balance} is still to pay`,
        priority: 'high',
        emailText: `Invoice ${invoice.number} was due by ${invoice.dueDate} and ${balance} is still to pay.`,
      });
    } else if (event.change === 'paid') {
      const paid = {
        ...common,
        type: 'invoice_paid' as const,
        title: 'Invoice paid',
        message: `Invoice ${invoice.number} for ${formatMoney(invoice.totalCents)} is paid in full`,
        priority: 'low' as const,
      };
      await raise(ctx, invoice.patientId, {
        ...paid,
        emailText: `Thank you: invoice ${invoice.number} for ${formatMoney(invoice.totalCents)} is paid in full.`,
      });
      for (const userId of await staffIds(ctx.db)) await raise(ctx, userId, paid);
    }
  };
  ctx.events.subscribe('invoice.changed', tell);
}
