import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { UnbilledSession } from '../../../shared/billing';
import { formatMoney, useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { DateRangeFilter, FilterBar } from '../../ui/filter-bar';
import { Pager } from '../../ui/pager';
import { LoadingState } from '../../ui/spinner';
import { PractitionerFilter } from '../patients';
import { type UnbilledFilters, useInvoiceSessions, useUnbilledSessions } from './api';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The completed sessions no invoice claims, across patients (a practitioner's own only), with "Invoice
 * selected": one invoice per patient, issued at once. The list follows invoice changes live.
 */
export function UnbilledSessions({ showPractitioner }: { showPractitioner: boolean }) {
  const format = useFormatter();
  const [filters, setFilters] = useState<UnbilledFilters>({ from: '', to: '', practitionerId: '', page: 1 });
  const [selected, setSelected] = useState<Map<string, UnbilledSession>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const list = useUnbilledSessions(filters);
  const invoicing = useInvoiceSessions();

  const change = (changes: Partial<UnbilledFilters>) => {
    setFilters((current) => ({ ...current, page: 1, ...changes }));
    setSelected(new Map());
  };
  const sessions = list.data?.sessions ?? [];
  // What is chosen and still listed: a session someone else invoiced drops out of the choice too.
  const chosen = sessions.filter((session) => selected.has(session.appointmentId));
  const patients = new Set(chosen.map((session) => session.patientId)).size;
  const chosenCents = chosen.reduce((sum, session) => sum + session.priceCents, 0);
  const allChosen = sessions.length > 0 && chosen.length === sessions.length;

  const toggle = (session: UnbilledSession) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(session.appointmentId)) next.delete(session.appointmentId);
      else next.set(session.appointmentId, session);
      return next;
    });
  const toggleAll = () =>
    setSelected(allChosen ? new Map() : new Map(sessions.map((session) => [session.appointmentId, session])));

  const invoice = async () => {
    try {
      const made = await invoicing.mutateAsync(chosen.map((session) => session.appointmentId));
      const skipped = made.skipped.length;
      toast.success(
        `${plural(made.invoices.length, 'invoice', 'invoices')} issued for ${plural(made.sessions, 'session', 'sessions')}` +
          (skipped > 0 ? `; ${plural(skipped, 'session was', 'sessions were')} already invoiced` : ''),
      );
      setSelected(new Map());
      setConfirming(false);
    } catch {
      // The dialog shows the server's message.
    }
  };

  return (
    <section aria-labelledby="unbilled-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="unbilled-heading" className="font-semibold text-lg">
            Unbilled sessions
          </h2>
          {list.data ? (
            <p className="text-muted-foreground text-sm">
              {plural(list.data.total, 'completed session', 'completed sessions')} not on an invoice,{' '}
              {formatMoney(list.data.totalCents)}, from {format.day(list.data.from)} to{' '}
              {format.day(list.data.to)}
            </p>
          ) : null}
        </div>
      </div>
      <FilterBar label="Filter unbilled sessions">
        {showPractitioner ? (
          <PractitionerFilter
            value={filters.practitionerId}
            onChange={(practitionerId) => change({ practitionerId })}
          />
        ) : null}
        <DateRangeFilter range={filters} onChange={change} />
      </FilterBar>
      {list.isPending ? (
        <LoadingState label="Loading unbilled sessions…" />
      ) : list.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{list.error.message || 'Could not load the unbilled sessions.'}</span>
          <Button size="sm" variant="outline" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : sessions.length === 0 ? (
        <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted-foreground">
          Every completed session in these dates is on an invoice.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted/40 p-3">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={allChosen}
                onChange={toggleAll}
              />
              Select all {sessions.length} on this page
            </label>
            <p className="text-sm tabular-nums" aria-live="polite">
              {chosen.length > 0
                ? `${plural(chosen.length, 'session', 'sessions')} selected, ${formatMoney(chosenCents)}`
                : 'No sessions selected'}
            </p>
            <Button size="sm" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
              <ReceiptText aria-hidden="true" />
              Invoice selected
            </Button>
          </div>
          <DataTable
            caption={`Unbilled sessions, page ${list.data.page}`}
            columns={['Select', 'Session', 'Patient', 'Practitioner', 'Service', 'Price']}
          >
            {sessions.map((session) => {
              const when = format.fullDateTime(session.startsAt);
              return (
                <tr key={session.appointmentId} className="border-border border-t">
                  <th scope="row" className="px-3 py-2 font-normal">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={selected.has(session.appointmentId)}
                      onChange={() => toggle(session)}
                      aria-label={`${session.patientName}, ${when}`}
                    />
                  </th>
                  <td className="whitespace-nowrap px-3 py-2">{when}</td>
                  <td className="px-3 py-2">{session.patientName}</td>
                  <td className="px-3 py-2">{session.practitionerName}</td>
                  <td className="px-3 py-2">{session.serviceName}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    {formatMoney(session.priceCents)}
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => {
              setFilters((current) => ({ ...current, page }));
              setSelected(new Map());
            }}
          />
        </>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) invoicing.reset();
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Invoice the selected sessions?</DialogTitle>
            <DialogDescription>
              {plural(patients, 'invoice', 'invoices')} for {plural(patients, 'patient', 'patients')} (
              {plural(chosen.length, 'session', 'sessions')}, {formatMoney(chosenCents)} before tax) will be
              numbered, issued and emailed to the patients now.
            </DialogDescription>
          </DialogHeader>
          {invoicing.isError ? <Alert variant="error">{invoicing.error.message}</Alert> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={invoice} disabled={invoicing.isPending || chosen.length === 0}>
              {invoicing.isPending ? 'Issuing…' : `Issue ${plural(patients, 'invoice', 'invoices')}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
