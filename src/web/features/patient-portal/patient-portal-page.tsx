import { Link } from 'react-router';
import { Alert } from '../../ui/alert';
import { useUser } from '../auth';
import {
  DashboardBody,
  DashboardCard,
  NextAppointmentCard,
  OnboardingCard,
  ProgressCard,
  SharedNotesCard,
  UnreadMessagesCard,
  useDashboard,
} from '../dashboard';
import { AccessLog } from '../record-access';

/**
 * /patient-portal: the patient's care on one page, from the same single request as their dashboard, with
 * who opened their record: their next appointment, onboarding, shared notes, messages and progress. Documents
 * and the balance join as their features land.
 */
export function PatientPortalPage() {
  const user = useUser();
  if (user.role !== 'patient')
    return (
      <Alert variant="info">
        The patient portal is where patients see their own care: their next appointment, notes shared with
        them, their progress and who opened their record.{' '}
        <Link to="/" className="font-medium text-primary underline">
          Go to your dashboard
        </Link>
      </Alert>
    );
  return <PortalForPatient />;
}

function PortalForPatient() {
  const query = useDashboard();
  const dashboard = query.data;
  return (
    <div data-testid="patient-portal" className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {dashboard?.kind === 'patient' ? (
        <>
          <NextAppointmentCard appointment={dashboard.nextAppointment} />
          <OnboardingCard onboarding={dashboard.onboarding} />
          <SharedNotesCard notes={dashboard.recentSharedNotes} />
          <UnreadMessagesCard count={dashboard.unreadMessages} />
          <ProgressCard progress={dashboard.progress} />
        </>
      ) : (
        <div className="md:col-span-2 lg:col-span-3">
          <DashboardBody query={query} />
        </div>
      )}
      <DashboardCard id="access-log" title="Who opened my record" className="md:col-span-2 lg:col-span-3">
        <p className="text-muted-foreground text-sm">
          Everyone who opened or changed your record or your notes, newest first. Your own visits show as You.
        </p>
        <AccessLog />
      </DashboardCard>
    </div>
  );
}
