import { Suspense } from 'react';
import type { PatientDashboard } from '../../../shared/dashboard';
import { dayOf, formatterFor } from '../../lib/format';
import { CheckInsDueCard } from '../check-ins';
import { ExerciseDashboardCard } from '../exercise-programmes';
import { RecoveryProgressChart } from '../recovery-notes';
import { NextAppointmentCard } from './appointment-cards';
import { BalanceDueCard } from './billing-cards';
import { Count, DashboardCard, DashboardLink, ShortList, UnreadMessagesCard } from './cards';

export function OnboardingCard({ onboarding }: { onboarding: PatientDashboard['onboarding'] }) {
  const { completedSteps, totalSteps, complete } = onboarding;
  return (
    <DashboardCard id="onboarding" title="Onboarding">
      {complete ? (
        <p>Your onboarding is complete.</p>
      ) : (
        <>
          <p>
            {completedSteps} of {totalSteps} steps done
          </p>
          <progress
            className="h-2 w-full accent-primary"
            value={completedSteps}
            max={totalSteps}
            aria-label="Onboarding progress"
          >
            {completedSteps} of {totalSteps}
          </progress>
        </>
      )}
      <DashboardLink to="/patient-onboarding">
        {complete ? 'Review your details' : 'Complete Onboarding'}
      </DashboardLink>
    </DashboardCard>
  );
}

export function SharedNotesCard({ notes }: { notes: PatientDashboard['recentSharedNotes'] }) {
  return (
    <DashboardCard id="shared-notes" title="Recent notes from your care team">
      <ShortList
        items={notes}
        label="Recent shared notes"
        empty="No notes have been shared with you yet."
        keyOf={(note) => note.id}
        render={(note) => {
          const day = dayOf(note.signedAt ?? note.createdAt);
          const dayText = formatterFor().day(day);
          return (
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <DashboardLink
                to={`/recovery-notes/${note.id}`}
                label={`Note of ${dayText} by ${note.practitionerName}`}
              >
                <time dateTime={day}>{dayText}</time>
              </DashboardLink>
              <span className="text-muted-foreground">
                {note.practitionerName}
                {note.painScore === null ? '' : ` · pain ${note.painScore}/10`}
              </span>
            </div>
          );
        }}
      />
      <DashboardLink to="/recovery-notes">All my notes</DashboardLink>
    </DashboardCard>
  );
}

export function ProgressCard({ progress }: { progress: PatientDashboard['progress'] }) {
  return (
    <DashboardCard id="progress" title="Recovery progress" className="lg:col-span-2">
      <RecoveryProgressChart patientId={progress.patientId} progress={progress} />
    </DashboardCard>
  );
}

export function PatientDashboardView({ dashboard }: { dashboard: PatientDashboard }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      <NextAppointmentCard appointment={dashboard.nextAppointment} />
      <CheckInsDueCard />
      <Suspense fallback={null}>
        <ExerciseDashboardCard kind="patient" />
      </Suspense>
      <BalanceDueCard billing={dashboard.billing} />
      <UnreadMessagesCard count={dashboard.unreadMessages} />
      <DashboardCard id="notifications" title="Notifications">
        <Count value={dashboard.unreadNotifications} one="unread notification" many="unread notifications" />
        <p className="text-muted-foreground text-sm">Open them from the bell at the top of the page.</p>
      </DashboardCard>
      <OnboardingCard onboarding={dashboard.onboarding} />
      <ProgressCard progress={dashboard.progress} />
      <SharedNotesCard notes={dashboard.recentSharedNotes} />
    </div>
  );
}
