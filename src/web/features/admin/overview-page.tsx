import { Link } from 'react-router';
import type { AdminOverview } from '../../../shared/admin';
import { ROUTES, type RouteKey } from '../../../shared/routes';
import type { Role } from '../../../shared/vocabulary/roles';
import { formatMoney } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { LoadingState } from '../../ui/spinner';
import { actionLabel, formatWhen } from './activity-format';
import { AdminNav } from './admin-nav';
import { useOverview } from './api';

export const ROLE_PAGES: Record<Role, RouteKey> = {
  patient: 'adminPatients',
  practitioner: 'adminPractitioners',
  staff: 'adminStaff',
  admin: 'adminAdmins',
  member: 'adminMembers',
};

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /admin: who is in the clinic, what happened today, this month's payments and whether the system is well. */
export function AdminOverviewPage() {
  const overview = useOverview();
  return (
    <div className="flex flex-col gap-4">
      <AdminNav />
      {overview.isPending ? <LoadingState label="Loading the overview…" /> : null}
      {overview.isError ? (
        <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{overview.error.message || 'Could not load the overview.'}</span>
          <Button size="sm" variant="outline" onClick={() => overview.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {overview.data ? <OverviewCards overview={overview.data} /> : null}
    </div>
  );
}

function OverviewCards({ overview }: { overview: AdminOverview }) {
  const { people, today, paymentsThisMonth, health } = overview;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>People</CardTitle>
          <CardDescription>Accounts by role</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable caption="People by role" columns={['Role', 'Active', 'Deactivated']}>
            {people.map((row) => (
              <tr key={row.role} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-normal">
                  <Link to={ROUTES[ROLE_PAGES[row.role]].path} className={linkClass}>
                    {ROUTES[ROLE_PAGES[row.role]].title}
                  </Link>
                </th>
                <td className="px-3 py-2">{row.active}</td>
                <td className="px-3 py-2">{row.inactive}</td>
              </tr>
            ))}
          </DataTable>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Today’s activity</CardTitle>
          <CardDescription>
            {today.entries} {today.entries === 1 ? 'entry' : 'entries'} on {today.day}, {today.failures}{' '}
            refused or failed
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {today.latest.length === 0 ? (
            <p className="text-muted-foreground">Nothing yet today.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {today.latest.map((entry) => (
                <li key={entry.id}>
                  <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time> —{' '}
                  {entry.actorName ?? 'System or visitor'}: {actionLabel(entry.action)}
                </li>
              ))}
            </ul>
          )}
          <Link to={ROUTES.adminActivity.path} className={linkClass}>
            Open the activity log
          </Link>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Payments this month</CardTitle>
          <CardDescription>Succeeded payments in {paymentsThisMonth.month}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="font-semibold text-3xl">{formatMoney(paymentsThisMonth.amountCents)}</p>
          <p className="text-muted-foreground text-sm">
            {paymentsThisMonth.count} {paymentsThisMonth.count === 1 ? 'payment' : 'payments'}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>System health</CardTitle>
          <CardDescription>Version {health.version}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Database</dt>
            <dd>{health.database === 'ok' ? 'Up' : 'Down'}</dd>
            <dt className="font-medium">Live updates</dt>
            <dd>
              {health.bus.status === 'ok' ? 'Up' : 'Down'} (
              {health.bus.kind === 'redis' ? 'Redis' : 'in process'})
            </dd>
            <dt className="font-medium">Jobs</dt>
            <dd>
              {health.jobs.queued} queued, {health.jobs.overdue} overdue, {health.jobs.failed} failed
            </dd>
            <dt className="font-medium">Email</dt>
            <dd>
              {health.email.mode === 'smtp' ? 'Sent by SMTP' : 'Kept in the outbox (no SMTP)'},{' '}
              {health.email.failedToday} failed today
            </dd>
            <dt className="font-medium">Payments</dt>
            <dd>{health.payments.provider === 'stripe' ? 'Stripe' : 'Built-in test provider'}</dd>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
