import type { GeneralDashboard } from '../../../shared/dashboard';
import { NEW_PATIENT_DAYS } from '../../../shared/vocabulary/dashboard';
import { dayOf, formatterFor } from '../../lib/format';
import { ClinicScheduleCard } from './appointment-cards';
import { OverdueInvoicesCard, RevenueCard, UnbilledSessionsCard } from './billing-cards';
import { Count, DashboardCard, DashboardLink, ShortList, UnreadMessagesCard } from './cards';

export function GeneralDashboardView({ dashboard }: { dashboard: GeneralDashboard }) {
  const { newPatients } = dashboard;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ClinicScheduleCard schedule={dashboard.clinicSchedule} />
      <DashboardCard id="new-patients" title="New patients">
        <Count
          value={newPatients.count}
          one={`new patient in the last ${NEW_PATIENT_DAYS} days`}
          many={`new patients in the last ${NEW_PATIENT_DAYS} days`}
        />
        <ShortList
          items={newPatients.newest}
          label="Newest patients"
          empty={`No new patients in the last ${NEW_PATIENT_DAYS} days.`}
          keyOf={(patient) => patient.id}
          render={(patient) => {
            const day = dayOf(patient.createdAt);
            const dayText = formatterFor().day(day);
            return (
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <DashboardLink to={`/clients?patient=${patient.id}`}>
                  {patient.firstName} {patient.lastName}
                </DashboardLink>
                <span className="text-muted-foreground">
                  added <time dateTime={day}>{dayText}</time>
                </span>
              </div>
            );
          }}
        />
      </DashboardCard>
      <DashboardCard id="active-patients" title="Active patients">
        <Count value={dashboard.activePatients} one="active patient" many="active patients" />
        <DashboardLink to="/clients?status=active">Open clients</DashboardLink>
      </DashboardCard>
      <DashboardCard id="signed-notes" title="Notes signed this week">
        <Count
          value={dashboard.notesSignedThisWeek}
          one="note signed since Monday"
          many="notes signed since Monday"
        />
        <DashboardLink to="/recovery-notes?status=signed">Open recovery notes</DashboardLink>
      </DashboardCard>
      <RevenueCard billing={dashboard.billing} />
      <OverdueInvoicesCard billing={dashboard.billing} />
      {dashboard.billing.unbilledSessions === undefined ? null : (
        <UnbilledSessionsCard count={dashboard.billing.unbilledSessions} />
      )}
      <UnreadMessagesCard count={dashboard.unreadMessages} />
    </div>
  );
}
