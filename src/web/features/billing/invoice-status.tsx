import {
  INVOICE_STATUS_LABELS,
  type Invoice,
  type InvoiceStatus,
  type InvoiceSummary,
  OPEN_INVOICE_STATUSES,
} from '../../../shared/billing';
import type { Role } from '../../../shared/vocabulary/roles';
import { formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';

/** The status in words, never by colour alone. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const variant =
    status === 'overdue' ? 'default' : status === 'paid' || status === 'void' ? 'outline' : 'secondary';
  return <Badge variant={variant}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}

/** A day ('YYYY-MM-DD') as '2 Nov 2026'. */
export const dayLabel = (day: string | null) => (day ? formatterFor().day(day) : '—');

export const invoiceName = (invoice: Pick<InvoiceSummary, 'number'>) => invoice.number ?? 'Draft';

export const isOpen = (status: InvoiceStatus) =>
  (OPEN_INVOICE_STATUSES as readonly InvoiceStatus[]).includes(status);

const isDesk = (role: Role) => role === 'staff' || role === 'admin';

/** Who may make invoices: staff, admin, and practitioners for patients in their care. */
export const canCreateInvoices = (role: Role) => isDesk(role) || role === 'practitioner';

/** What the viewer may do with an invoice now; the server decides again on every request. */
export function invoiceActionsFor(invoice: Invoice, role: Role) {
  const writes = canCreateInvoices(role);
  const draft = invoice.status === 'draft';
  const open = isOpen(invoice.status);
  const netPaid = invoice.paidCents;
  return {
    edit: writes && draft,
    remove: writes && draft,
    send: writes && draft,
    recordPayment: writes && open && invoice.balanceCents > 0,
    payByCard: (role === 'patient' || isDesk(role)) && open && invoice.balanceCents > 0,
    chargeSavedCard: isDesk(role) && open && invoice.balanceCents > 0,
    refund: isDesk(role),
    void: isDesk(role) && !draft && invoice.status !== 'void' && netPaid === 0,
    download: !draft || writes,
  };
}
