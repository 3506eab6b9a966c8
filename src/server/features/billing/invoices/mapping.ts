import type { Invoice, InvoiceLine, InvoicePayment, InvoiceSummary } from '../../../../shared/billing';
import type { invoiceLineItems, invoices } from '../../../db/schema';
import type { PaymentRow } from '../../payments/service';

export type InvoiceRow = typeof invoices.$inferSelect;
export type LineRow = typeof invoiceLineItems.$inferSelect;
/** An invoice row with the names of its patient and practitioner. */
export type NamedRow = { invoice: InvoiceRow; patientName: string; practitionerName: string | null };

export function toSummary({ invoice, patientName, practitionerName }: NamedRow): InvoiceSummary {
  return {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    patientId: invoice.patientId,
    patientName,
    practitionerId: invoice.practitionerId,
    practitionerName: practitionerName ?? null,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    totalCents: invoice.totalCents,
    paidCents: invoice.paidCents,
    // A void invoice is owed by nobody.
    balanceCents: invoice.status === 'void' ? 0 : invoice.totalCents - invoice.paidCents,
    createdAt: invoice.createdAt.toISOString(),
  };
}

export function toLine(row: LineRow): InvoiceLine {
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    amountCents: row.amountCents,
    serviceTypeId: row.serviceTypeId,
    appointmentId: row.appointmentId,
  };
}

export function toInvoice(
  named: NamedRow,
  lines: LineRow[],
  paid: Array<{ payment: PaymentRow; recordedByName: string | null }>,
): Invoice {
  const { invoice } = named;
  return {
    ...toSummary(named),
    lineItems: lines.map(toLine),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    taxRateBasisPoints: invoice.taxRateBasisPoints,
    taxCents: invoice.taxCents,
    notes: invoice.notes,
    voidReason: invoice.voidReason,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    payments: paid.map(
      ({ payment, recordedByName }): InvoicePayment => ({
        id: payment.id,
        method: payment.method,
        amountCents: payment.amountCents,
        refundedCents: payment.refundedCents,
        cardLast4: payment.cardLast4,
        reference: payment.reference,
        online: payment.providerIntentId !== null,
        paidAt: payment.createdAt.toISOString(),
        recordedByName,
      }),
    ),
  };
}
