import type { DashboardKind } from '../../../shared/routes';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import { useDashboard } from './api';
import { GeneralDashboardView } from './general-dashboard';
import { MemberDashboardView } from './member-dashboard';
import { PatientDashboardView } from './patient-dashboard';
import { PractitionerDashboardView } from './practitioner-dashboard';
import { WelcomeCard } from './welcome-card';

/**
 * The role's dashboard from GET /api/dashboard, which answers by the caller's role; `kind` is the route
 * table's choice for this role and only names the area. It stays live: see useDashboard.
 */
export function DashboardScreen({ kind }: { kind: DashboardKind }) {
  const query = useDashboard();
  return (
    <div data-testid={`${kind}-dashboard`} className="flex flex-col gap-4">
      <WelcomeCard />
      <DashboardBody query={query} />
    </div>
  );
}

export function DashboardBody({ query }: { query: ReturnType<typeof useDashboard> }) {
  if (query.isPending) return <LoadingState label="Loading your dashboard…" />;
  if (query.isError)
    return (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{query.error.message || 'Could not load your dashboard.'}</span>
        <Button size="sm" variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const dashboard = query.data;
  switch (dashboard.kind) {
    case 'patient':
      return <PatientDashboardView dashboard={dashboard} />;
    case 'practitioner':
      return <PractitionerDashboardView dashboard={dashboard} />;
    case 'general':
      return <GeneralDashboardView dashboard={dashboard} />;
    case 'member':
      return <MemberDashboardView dashboard={dashboard} />;
  }
}
