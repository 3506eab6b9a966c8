import { FilePlus2, FileText, Settings2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { screenHeading } from '../../../shared/routes';
import { formatMoney } from '../../lib/format';
import { isId } from '../../lib/ids';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Pager } from '../../ui/pager';
import { LoadingState } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useUser } from '../auth';
import { PendingFees } from '../billing-fees';
import { HeldPackages } from '../billing-packages';
import { useBillingPolicy, useInvoiceList } from './api';
import { BillingSettingsDialog } from './billing-settings-dialog';
import { CardsOnFile } from './cards-on-file';
import { InvoiceEditorDialog } from './invoice-editor';
import { InvoiceFilters } from './invoice-filters';
import { InvoicePanel } from './invoice-panel';
import { canCreateInvoices } from './invoice-status';
import { InvoiceTable } from './invoice-table';
import { type InvoiceFilters as Filters, invoiceFiltersFrom, withInvoiceFilters } from './list-params';
import { StatementDialog } from './statement-dialog';
import { UnbilledSessions } from './unbilled-sessions';

export const INVOICE_PARAM = 'invoice';
/** ?view=unbilled opens the unbilled sessions (while session billing is on). */
export const VIEW_PARAM = 'view';
export const UNBILLED_VIEW = 'unbilled';

/**
 * /billing: with session billing on, whoever bills (practitioners, staff, admins) has two views, the invoices
 * and the unbilled sessions; otherwise, and for patients, the invoices alone as before.
 */
export function BillingPage() {
  const user = useUser();
  const policy = useBillingPolicy();
  const [params, setParams] = useSearchParams();
  // Whoever bills waits for the policy, so the invoices do not mount twice (once alone, once in a tab) and lose
  // a click made in between; a policy that cannot be read leaves the invoices alone, as before.
  if (canCreateInvoices(user.role) && policy.isPending) return <LoadingState label="Loading billing…" />;
  const bills = canCreateInvoices(user.role) && policy.data?.sessionBilling === true;
  if (!bills) return <InvoicesView />;
  const view = params.get(VIEW_PARAM) === UNBILLED_VIEW ? UNBILLED_VIEW : 'invoices';
  return (
    <Tabs
      value={view}
      onValueChange={(next) =>
        setParams(
          (current) => {
            const changed = new URLSearchParams(current);
            if (next === UNBILLED_VIEW) changed.set(VIEW_PARAM, UNBILLED_VIEW);
            else changed.delete(VIEW_PARAM);
            return changed;
          },
          { replace: true },
        )
      }
    >
      <TabsList aria-label="Billing views">
        <TabsTrigger value="invoices">Invoices</TabsTrigger>
        <TabsTrigger value={UNBILLED_VIEW}>Unbilled sessions</TabsTrigger>
      </TabsList>
      <TabsContent value="invoices">
        <InvoicesView />
      </TabsContent>
      <TabsContent value={UNBILLED_VIEW}>
        <UnbilledSessions showPractitioner={user.role === 'staff' || user.role === 'admin'} />
      </TabsContent>
    </Tabs>
  );
}

/**
 * The invoices the caller may see, server-paged, with their filters and the open invoice (?invoice=ID) kept
 * in the address. Patients see 'My Billing', practitioners 'Service Billing'.
 */
function InvoicesView() {
  const user = useUser();
  const isPatient = user.role === 'patient';
  const isDesk = user.role === 'staff' || user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const read = invoiceFiltersFrom(params);
  // Only staff and admin choose a practitioner; a pasted link does not narrow anyone else's list.
  const filters: Filters = isDesk ? read : { ...read, practitionerId: '' };
  const requested = params.get(INVOICE_PARAM);
  const invoiceId = isId(requested) ? requested.toLowerCase() : null;
  const [isCreating, setCreating] = useState(false);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isStatementOpen, setStatementOpen] = useState(false);
  const list = useInvoiceList(filters);
  // Statements come with session billing; without it the screen is the specification's.
  const statements = useBillingPolicy().data?.sessionBilling === true;

  const changeFilters = useCallback(
    (changes: Partial<Filters>) =>
      setParams(
        (current) =>
          withInvoiceFilters(current, {
            ...invoiceFiltersFrom(current),
            // Any other change starts the list again from its first page.
            page: 1,
            ...changes,
          }),
        { replace: true },
      ),
    [setParams],
  );

  const openInvoice = useCallback(
    (id: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(INVOICE_PARAM, id);
        return next;
      }),
    [setParams],
  );
  const closeInvoice = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(INVOICE_PARAM);
        return next;
      }),
    [setParams],
  );

  const title = screenHeading('billing', user.role).title;
  const filtered = Boolean(
    filters.status || filters.search || filters.practitionerId || filters.from || filters.to,
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold text-lg">{isPatient ? 'Your invoices' : 'Invoices'}</h2>
        <div className="flex flex-wrap gap-2">
          {statements ? (
            <Button size="sm" variant="outline" onClick={() => setStatementOpen(true)}>
              <FileText aria-hidden="true" />
              Statement
            </Button>
          ) : null}
          {isDesk ? (
            <Button size="sm" variant="outline" onClick={() => setSettingsOpen(true)}>
              <Settings2 aria-hidden="true" />
              Billing settings
            </Button>
          ) : null}
          {canCreateInvoices(user.role) ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <FilePlus2 aria-hidden="true" />
              New invoice
            </Button>
          ) : null}
        </div>
      </div>
      {isDesk ? <PendingFees /> : null}
      {list.data ? <Totals totals={list.data.totals} /> : null}
      <InvoiceFilters
        filters={filters}
        onChange={changeFilters}
        forPatient={isPatient}
        showPractitioner={isDesk}
      />
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
        <p className="rounded-lg border border-border border-dashed p-6 text-center text-muted-foreground">
          {filtered ? 'No invoices match your filters.' : 'No invoices yet.'}
        </p>
      ) : (
        <>
          <InvoiceTable
            caption={`${title}: ${list.data.total} invoices, page ${list.data.page}`}
            invoices={list.data.invoices}
            forPatient={isPatient}
            onOpen={openInvoice}
          />
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(page) => changeFilters({ page })}
          />
        </>
      )}
      {isPatient ? <HeldPackages patientId={null} enabled={statements} /> : null}
      {isPatient ? <CardsOnFile /> : null}
      <InvoicePanel invoiceId={invoiceId} onClose={closeInvoice} />
      {canCreateInvoices(user.role) ? (
        <InvoiceEditorDialog
          open={isCreating}
          onOpenChange={setCreating}
          onSaved={(invoice) => openInvoice(invoice.id)}
        />
      ) : null}
      {isDesk ? <BillingSettingsDialog open={isSettingsOpen} onOpenChange={setSettingsOpen} /> : null}
      {statements ? <StatementDialog open={isStatementOpen} onOpenChange={setStatementOpen} /> : null}
    </div>
  );
}

function Totals({
  totals,
}: {
  totals: { outstandingCents: number; overdueCents: number; overdueCount: number };
}) {
  return (
    <p className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      <span>
        Outstanding: <strong className="tabular-nums">{formatMoney(totals.outstandingCents)}</strong>
      </span>
      <span>
        Overdue: <strong className="tabular-nums">{formatMoney(totals.overdueCents)}</strong> (
        {totals.overdueCount} {totals.overdueCount === 1 ? 'invoice' : 'invoices'})
      </span>
    </p>
  );
}
