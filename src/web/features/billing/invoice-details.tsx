import { type ReactNode, useId, useState } from 'react';
import { formatTaxRate, type Invoice, type InvoicePayment } from '../../../shared/billing';
import { formatMoney, formatterFor } from '../../lib/format';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { useUser } from '../auth';
import { receiptPdfPath } from './download';
import { DownloadButton } from './download-button';
import { dayLabel, invoiceActionsFor, invoiceName } from './invoice-status';
import { RefundDialog } from './refund-dialog';

export function InvoiceSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-border border-t pt-3">
      <h3 id={id} className="font-semibold text-sm">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Figures({ entries }: { entries: [label: string, value: ReactNode, strong?: boolean][] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
      {entries.map(([label, value, strong]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={strong ? 'font-semibold tabular-nums' : 'tabular-nums'}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const METHOD_LABELS: Record<InvoicePayment['method'], string> = {
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
};

const methodOf = (payment: InvoicePayment) => {
  const how = payment.online ? 'Card online' : `${METHOD_LABELS[payment.method]} at the desk`;
  return payment.cardLast4 ? `${how} •••• ${payment.cardLast4}` : how;
};

/** Everything on the invoice, read-only: who and when, the lines, the figures, notes and payments. */
export function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  return (
    <>
      <InvoiceSection title="Details">
        <Figures
          entries={[
            ['Patient', invoice.patientName],
            ['Practitioner', invoice.practitionerName ?? '—'],
            ['Issued', dayLabel(invoice.issueDate)],
            ['Due', dayLabel(invoice.dueDate)],
          ]}
        />
      </InvoiceSection>
      <InvoiceSection title="Lines">
        <DataTable
          caption={`Lines of ${invoiceName(invoice)}`}
          columns={['Description', 'Quantity', 'Unit price', 'Amount']}
        >
          {invoice.lineItems.map((line) => (
            <tr key={line.id} className="border-border border-t">
              <th scope="row" className="px-3 py-2 font-normal">
                {line.description}
              </th>
              <td className="px-3 py-2 tabular-nums">{line.quantity}</td>
              <td className="px-3 py-2 tabular-nums">{formatMoney(line.unitPriceCents)}</td>
              <td className="px-3 py-2 tabular-nums">{formatMoney(line.amountCents)}</td>
            </tr>
          ))}
        </DataTable>
        <Figures
          entries={[
            ['Subtotal', formatMoney(invoice.subtotalCents)],
            ['Discount', formatMoney(invoice.discountCents)],
            [`Tax (${formatTaxRate(invoice.taxRateBasisPoints)})`, formatMoney(invoice.taxCents)],
            ['Total', formatMoney(invoice.totalCents), true],
            ['Paid', formatMoney(invoice.paidCents)],
            ['Balance due', formatMoney(invoice.balanceCents), true],
          ]}
        />
      </InvoiceSection>
      {invoice.voidReason ? (
        <InvoiceSection title="Voided">
          <p className="whitespace-pre-wrap break-words text-sm">
            {invoice.voidedAt ? `${formatterFor().date(invoice.voidedAt)}: ` : ''}
            {invoice.voidReason}
          </p>
        </InvoiceSection>
      ) : null}
      {invoice.notes ? (
        <InvoiceSection title="Notes">
          <p className="whitespace-pre-wrap break-words text-sm">{invoice.notes}</p>
        </InvoiceSection>
      ) : null}
      <InvoiceSection title="Payments">
        {invoice.payments.length === 0 ? (
          <p className="text-muted-foreground text-sm">No payments yet.</p>
        ) : (
          <Payments invoice={invoice} />
        )}
      </InvoiceSection>
    </>
  );
}

function Payments({ invoice }: { invoice: Invoice }) {
  const user = useUser();
  const allowed = invoiceActionsFor(invoice, user.role);
  const [refunding, setRefunding] = useState<InvoicePayment | null>(null);
  return (
    <>
      <DataTable
        caption={`Payments of ${invoiceName(invoice)}`}
        columns={['Paid on', 'How', 'Amount', 'Refunded', 'Actions']}
      >
        {invoice.payments.map((payment) => {
          const day = formatterFor().date(payment.paidAt);
          const describe = `${formatMoney(payment.amountCents)} of ${day}`;
          const left = payment.amountCents - payment.refundedCents;
          return (
            <tr key={payment.id} className="border-border border-t align-top">
              <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                <time dateTime={payment.paidAt}>{day}</time>
              </th>
              <td className="px-3 py-2">
                {methodOf(payment)}
                {payment.reference ? (
                  <span className="block text-muted-foreground text-xs">Ref. {payment.reference}</span>
                ) : null}
              </td>
              <td className="px-3 py-2 tabular-nums">{formatMoney(payment.amountCents)}</td>
              <td className="px-3 py-2 tabular-nums">
                {payment.refundedCents > 0 ? formatMoney(payment.refundedCents) : '—'}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  <DownloadButton
                    path={receiptPdfPath(invoice.id, payment.id)}
                    fileName={`receipt-${invoice.number ?? 'draft'}-${payment.paidAt.slice(0, 10)}.pdf`}
                    label={`Receipt for ${describe}`}
                  >
                    Receipt
                  </DownloadButton>
                  {allowed.refund && left > 0 ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Refund ${describe}`}
                      onClick={() => setRefunding(payment)}
                    >
                      Refund
                    </Button>
                  ) : null}
                </div>
              </td>
            </tr>
          );
        })}
      </DataTable>
      {refunding ? (
        <RefundDialog
          invoice={invoice}
          payment={refunding}
          open
          onOpenChange={(open) => (open ? undefined : setRefunding(null))}
        />
      ) : null}
    </>
  );
}
