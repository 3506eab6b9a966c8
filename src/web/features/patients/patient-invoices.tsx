import { useState } from 'react';
import { Link } from 'react-router';
import type { PatientRecord } from '../../../shared/patients';
import { formatMoney, fullName } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { Pager } from '../../ui/pager';
import { LoadingState } from '../../ui/spinner';
import {
  dayLabel,
  InvoiceStatusBadge,
  invoiceName,
  NO_INVOICE_FILTERS,
  useBillingPolicy,
  useInvoiceList,
} from '../billing';
import { HeldPackages } from '../billing-packages';
import { RecordSection } from './patient-record-view';

/** The patient's invoices in the record panel, newest first, each opening on the billing page. */
export function PatientInvoices({ record }: { record: PatientRecord }) {
  const [page, setPage] = useState(1);
  const list = useInvoiceList({ ...NO_INVOICE_FILTERS, patientId: record.id, page });
  const billsSessions = useBillingPolicy().data?.sessionBilling === true;
  return (
    <RecordSection title="Invoices">
      <HeldPackages patientId={record.id} enabled={billsSessions} />
      {list.isPending ? (
        <LoadingState label="Loading invoices…" />
      ) : list.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{list.error.message || 'Could not load the invoices.'}</span>
          <Button size="sm" variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : list.data.invoices.length === 0 ? (
        <p className="text-muted-foreground text-sm">No invoices yet.</p>
      ) : (
        <>
          <p className="text-sm">
            Outstanding:{' '}
            <strong className="tabular-nums">{formatMoney(list.data.totals.outstandingCents)}</strong>
          </p>
          <DataTable
            caption={`Invoices of ${fullName(record)}: ${list.data.total}, newest first`}
            columns={['Invoice', 'Issued', 'Due', 'Total', 'Balance', 'Status']}
          >
            {list.data.invoices.map((invoice) => (
              <tr key={invoice.id} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-normal">
                  <Link
                    to={`/billing?invoice=${invoice.id}`}
                    className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {invoiceName(invoice)}
                  </Link>
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{dayLabel(invoice.issueDate)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{dayLabel(invoice.dueDate)}</td>
                <td className="px-3 py-2 tabular-nums">{formatMoney(invoice.totalCents)}</td>
                <td className="px-3 py-2 tabular-nums">{formatMoney(invoice.balanceCents)}</td>
                <td className="px-3 py-2">
                  <InvoiceStatusBadge status={invoice.status} />
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
          />
        </>
      )}
    </RecordSection>
  );
}
