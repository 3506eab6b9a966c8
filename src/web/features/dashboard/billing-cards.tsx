import type { GeneralDashboard, PatientDashboard } from '../../../shared/dashboard';
import { formatMoney, formatterFor } from '../../lib/format';
import { Count, DashboardCard, DashboardLink } from './cards';

const dueLabel = (day: string) => formatterFor().day(day);

/** What the patient owes on invoices sent to them, and the one due first. */
export function BalanceDueCard({ billing }: { billing: PatientDashboard['billing'] }) {
  const { balanceDueCents, openInvoices, nextDue } = billing;
  return (
    <DashboardCard id="balance-due" title="Balance due">
      {openInvoices === 0 ? (
        <p>Nothing owed.</p>
      ) : (
        <>
          <p className="font-semibold text-3xl tabular-nums">{formatMoney(balanceDueCents)}</p>
          <p className="text-muted-foreground">
            on {openInvoices} open {openInvoices === 1 ? 'invoice' : 'invoices'}
          </p>
          {nextDue ? (
            <p className="text-sm">
              Next due: <time dateTime={nextDue.dueDate}>{dueLabel(nextDue.dueDate)}</time>,{' '}
              <DashboardLink
                to={`/billing?invoice=${nextDue.id}`}
                label={`Invoice ${nextDue.number}, ${formatMoney(nextDue.balanceCents)} due`}
              >
                {nextDue.number}
              </DashboardLink>{' '}
              ({formatMoney(nextDue.balanceCents)})
            </p>
          ) : null}
        </>
      )}
      <DashboardLink to="/billing">My Billing</DashboardLink>
    </DashboardCard>
  );
}

/** The clinic's takings this month, net of refunds. */
export function RevenueCard({ billing }: { billing: GeneralDashboard['billing'] }) {
  return (
    <DashboardCard id="revenue" title="Revenue this month">
      <p className="font-semibold text-3xl tabular-nums">{formatMoney(billing.revenueThisMonthCents)}</p>
      <p className="text-muted-foreground text-sm">Invoice payments received, less refunds</p>
      <DashboardLink to="/billing">Open billing</DashboardLink>
    </DashboardCard>
  );
}

export function OverdueInvoicesCard({ billing }: { billing: GeneralDashboard['billing'] }) {
  return (
    <DashboardCard id="overdue-invoices" title="Overdue invoices">
      <Count value={billing.overdueInvoices} one="overdue invoice" many="overdue invoices" />
      {billing.overdueInvoices > 0 ? (
        <p>{formatMoney(billing.overdueBalanceCents)} past due</p>
      ) : (
        <p className="text-muted-foreground text-sm">Nothing is past due.</p>
      )}
      <DashboardLink to="/billing?status=overdue">Open overdue invoices</DashboardLink>
    </DashboardCard>
  );
}

/** While session billing is on: completed sessions of the last 30 days that no invoice claims. */
export function UnbilledSessionsCard({ count }: { count: number }) {
  return (
    <DashboardCard id="unbilled-sessions" title="Unbilled sessions">
      <Count value={count} one="session to invoice" many="sessions to invoice" />
      <p className="text-muted-foreground text-sm">Completed in the last 30 days, not on an invoice</p>
      <DashboardLink to="/billing?view=unbilled">Open unbilled sessions</DashboardLink>
    </DashboardCard>
  );
}
