import { addDays } from 'date-fns';
import { Download, Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Statement } from '../../../shared/billing';
import { formatMoney, useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { toIsoDay } from '../../ui/date-locale';
import { DateField } from '../../ui/date-picker';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { PatientPicker } from '../patients';
import { statementQueryString, useEmailStatement, useStatement } from './api';
import { downloadPdf } from './download';

type StatementDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A patient's statement over a period: the balance brought forward, each invoice, payment and refund with the
 * running balance, as a PDF to download and (for the desk) an email to the patient. Patients see their own.
 */
export function StatementDialog({ open, onOpenChange }: StatementDialogProps) {
  const user = useUser();
  const isPatient = user.role === 'patient';
  const isDesk = user.role === 'staff' || user.role === 'admin';
  const [patientId, setPatientId] = useState('');
  // The last 90 days, today included, as the server's own default.
  const [from, setFrom] = useState(() => toIsoDay(addDays(new Date(), -89)));
  const [to, setTo] = useState(() => toIsoDay(new Date()));
  const query = { patientId: isPatient ? undefined : patientId || undefined, from, to };
  const ready = open && (isPatient || Boolean(patientId)) && Boolean(from && to) && from <= to;
  const statement = useStatement(query, ready);
  const email = useEmailStatement();

  const download = async () => {
    try {
      await downloadPdf(
        `/api/billing/statements/pdf?${statementQueryString(query)}`,
        `statement-${from}-to-${to}.pdf`,
      );
    } catch (caught) {
      toast.error((caught as Error).message || 'Could not download the statement.');
    }
  };
  const send = async () => {
    try {
      await email.mutateAsync({ patientId, from, to });
      toast.success('Statement emailed to the patient');
    } catch (caught) {
      toast.error((caught as Error).message || 'Could not email the statement.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close statement" className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Statement</DialogTitle>
          <DialogDescription>
            {isPatient
              ? 'Your account over a period: what was invoiced, what you paid, and your balance.'
              : "A patient's account over a period: what was invoiced, what was paid, and the balance."}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          {isPatient ? null : (
            <div className="sm:col-span-2">
              <PatientPicker
                label="Patient"
                emptyLabel="Choose a patient"
                value={patientId}
                onChange={setPatientId}
              />
            </div>
          )}
          <DateField label="From" value={from} onChange={setFrom} max={to || undefined} />
          <DateField label="To" value={to} onChange={setTo} min={from || undefined} />
        </div>
        {!ready ? (
          <p className="text-muted-foreground text-sm">
            {from > to ? 'The period must start before it ends.' : 'Choose a patient to see their statement.'}
          </p>
        ) : statement.isPending ? (
          <LoadingState label="Loading the statement…" />
        ) : statement.isError ? (
          <Alert variant="error">{statement.error.message || 'Could not load the statement.'}</Alert>
        ) : (
          <StatementView statement={statement.data} />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {isDesk ? (
            <Button variant="outline" onClick={() => void send()} disabled={!ready || email.isPending}>
              <Mail aria-hidden="true" />
              {email.isPending ? 'Emailing…' : 'Email to patient'}
            </Button>
          ) : null}
          <Button onClick={() => void download()} disabled={!ready || !statement.data}>
            <Download aria-hidden="true" />
            Download PDF
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const KIND_NAMES = { invoice: 'Invoice', payment: 'Payment', refund: 'Refund' } as const;

function StatementView({ statement }: { statement: Statement }) {
  const format = useFormatter();
  const money = (cents: number) => formatMoney(cents, statement.currency);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Figure label="Brought forward" value={money(statement.openingBalanceCents)} />
        <Figure label="Invoiced" value={money(statement.invoicedCents)} />
        <Figure label="Paid" value={money(statement.paidCents - statement.refundedCents)} />
        <Figure label="Balance" value={money(statement.closingBalanceCents)} strong />
      </dl>
      {statement.entries.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed p-4 text-center text-muted-foreground text-sm">
          Nothing was invoiced or paid in this period.
        </p>
      ) : (
        <div className="max-h-72 overflow-auto rounded-lg border border-border">
          <table className="w-full text-sm">
            <caption className="sr-only">
              Statement for {statement.patientName}, {format.day(statement.from)} to{' '}
              {format.day(statement.to)}
            </caption>
            <thead className="sticky top-0 bg-muted text-left">
              <tr>
                <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Entry
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.entries.map((entry) => (
                // The running balance tells apart two like entries of one day.
                <tr
                  key={`${entry.day}-${entry.kind}-${entry.invoiceNumber}-${entry.balanceCents}`}
                  className="border-border border-t"
                >
                  <td className="hidden whitespace-nowrap px-3 py-2 sm:table-cell">
                    {format.day(entry.day)}
                  </td>
                  <td className="px-3 py-2">
                    {/* On a phone the date moves into the entry, so the figures keep their room. */}
                    <span className="block text-muted-foreground text-xs sm:hidden">
                      {format.day(entry.day)}
                    </span>
                    <span className="sr-only">{KIND_NAMES[entry.kind]}: </span>
                    {entry.description}
                    {entry.kind === 'invoice' ? null : (
                      <span className="text-muted-foreground">, {entry.invoiceNumber}</span>
                    )}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {money(entry.amountCents)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {money(entry.balanceCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? 'font-semibold tabular-nums' : 'tabular-nums'}>{value}</dd>
    </div>
  );
}
