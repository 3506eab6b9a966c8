import { Suspense } from 'react';
import type { PractitionerDashboard } from '../../../shared/dashboard';
import { RECENT_NOTE_DAYS } from '../../../shared/vocabulary/dashboard';
import { dayOf, formatterFor } from '../../lib/format';
import { ExerciseDashboardCard } from '../exercise-programmes';
import { PendingPublicBookingsCard, TodaysSessionsCard } from './appointment-cards';
import { Count, DashboardCard, DashboardLink, ShortList, UnreadMessagesCard } from './cards';

export function PractitionerDashboardView({ dashboard }: { dashboard: PractitionerDashboard }) {
  const drafts = dashboard.notesAwaitingSignature;
  const recent = dashboard.patientsWithRecentNotes;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TodaysSessionsCard sessions={dashboard.todaysSessions} />
      <PendingPublicBookingsCard count={dashboard.pendingPublicBookings} />
      <DashboardCard id="drafts" title="Notes waiting for signature">
        <Count value={drafts.count} one="draft to sign" many="drafts to sign" />
        <ShortList
          items={drafts.newest}
          label="Newest drafts"
          empty="No drafts are waiting for you."
          keyOf={(note) => note.id}
          render={(note) => (
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <DashboardLink to={`/recovery-notes/${note.id}`} label={`Draft for ${note.patientName}`}>
                {note.patientName}
              </DashboardLink>
              <span className="text-muted-foreground">
                last saved <time dateTime={note.updatedAt}>{formatterFor().day(dayOf(note.updatedAt))}</time>
              </span>
            </div>
          )}
        />
        <DashboardLink to="/recovery-notes?status=draft">All drafts</DashboardLink>
      </DashboardCard>
      <DashboardCard id="my-patients" title="My patients">
        <Count value={dashboard.myPatients} one="patient in your care" many="patients in your care" />
        <DashboardLink to="/clients">Open clients</DashboardLink>
      </DashboardCard>
      <DashboardCard id="recent-notes" title="Patients with recent notes">
        <Count
          value={recent.count}
          one={`patient with notes in the last ${RECENT_NOTE_DAYS} days`}
          many={`patients with notes in the last ${RECENT_NOTE_DAYS} days`}
        />
        <ShortList
          items={recent.newest}
          label="Patients with the newest notes"
          empty={`No notes in the last ${RECENT_NOTE_DAYS} days.`}
          keyOf={(row) => row.patientId}
          render={(row) => {
            const day = dayOf(row.latestNoteAt);
            const dayText = formatterFor().day(day);
            return (
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <DashboardLink to={`/clients?patient=${row.patientId}`}>{row.patientName}</DashboardLink>
                <DashboardLink
                  to={`/recovery-notes/${row.latestNoteId}`}
                  label={`Latest note for ${row.patientName}, ${dayText}`}
                >
                  <time dateTime={day}>{dayText}</time>
                </DashboardLink>
              </div>
            );
          }}
        />
      </DashboardCard>
      <UnreadMessagesCard count={dashboard.unreadMessages} />
      <Suspense fallback={null}>
        <ExerciseDashboardCard kind="practitioner" />
      </Suspense>
    </div>
  );
}
