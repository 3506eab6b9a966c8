import type { InvoiceSummary } from '../../../shared/billing';
import { formatMoney } from '../../lib/format';
import { columnsOf, DataTable } from '../../ui/data-table';
import { dayLabel, InvoiceStatusBadge, invoiceName } from './invoice-status';

type InvoiceTableProps = {
  caption: string;
  invoices: InvoiceSummary[];
  /** A patient's own list: the patient column says nothing. */
  forPatient: boolean;
  onOpen: (id: string) => void;
};

const cell = 'px-3 py-2 whitespace-nowrap';

/** One row an invoice; its number opens the detail and takes focus back when the detail closes. */
export function InvoiceTable({ caption, invoices, forPatient, onOpen }: InvoiceTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={columnsOf(
        'Invoice',
        !forPatient && 'Patient',
        'Practitioner',
        'Issued',
        'Due',
        'Total',
        'Balance',
        'Status',
      )}
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="border-border border-t">
          <th scope="row" className="px-3 py-2 font-normal">
            <button
              type="button"
              data-invoice-button={invoice.id}
              onClick={() => onOpen(invoice.id)}
              aria-label={
                invoice.number
                  ? undefined
                  : `Draft for ${invoice.patientName}, ${formatMoney(invoice.totalCents)}`
              }
              className="rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline"
            >
              {invoiceName(invoice)}
            </button>
          </th>
          {forPatient ? null : <td className="px-3 py-2">{invoice.patientName}</td>}
          <td className="px-3 py-2">{invoice.practitionerName ?? '—'}</td>
          <td className={cell}>{dayLabel(invoice.issueDate)}</td>
          <td className={cell}>{dayLabel(invoice.dueDate)}</td>
          <td className={`${cell} tabular-nums`}>{formatMoney(invoice.totalCents)}</td>
          <td className={`${cell} tabular-nums`}>
            {/* A void invoice is owed nothing, whatever was left on it. */}
            {invoice.status === 'void' ? '—' : formatMoney(invoice.balanceCents)}
          </td>
          <td className="px-3 py-2">
            <InvoiceStatusBadge status={invoice.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
