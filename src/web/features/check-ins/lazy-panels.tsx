import { lazy, Suspense } from 'react';
import { useCareBetweenVisits } from '../clinic-features';
import type { OutcomeReportSectionProps } from './outcome-report';

// The panels load with their own chunk (forms and schemas), so the chart and the editor that show them
// stay as light as they were while the clinic has check-ins off.
const OutcomeScoresPanel = lazy(() => import('./outcome-scores').then((m) => ({ default: m.OutcomeScores })));
const DueCard = lazy(() => import('./due-card').then((m) => ({ default: m.CheckInsDueCard })));
const OutcomeReportPanel = lazy(() =>
  import('./outcome-report').then((m) => ({ default: m.OutcomeReportSection })),
);
const PatientSchedulesPanel = lazy(() =>
  import('./schedules').then((m) => ({ default: m.PatientSchedules })),
);
const ServiceSchedulesPanel = lazy(() =>
  import('./schedules').then((m) => ({ default: m.ServiceSchedules })),
);
const LatestScoresPanel = lazy(() => import('./outcome-scores').then((m) => ({ default: m.LatestScores })));

export function OutcomeScores({ patientId }: { patientId: string }) {
  if (!useCareBetweenVisits()) return null;
  return (
    <Suspense fallback={null}>
      <OutcomeScoresPanel patientId={patientId} />
    </Suspense>
  );
}

export function LatestScores({ patientId }: { patientId: string }) {
  if (!useCareBetweenVisits()) return null;
  return (
    <Suspense fallback={null}>
      <LatestScoresPanel patientId={patientId} />
    </Suspense>
  );
}

export function CheckInsDueCard() {
  if (!useCareBetweenVisits()) return null;
  return (
    <Suspense fallback={null}>
      <DueCard />
    </Suspense>
  );
}

/** The reports page's outcomes section (staff and admin); nothing at all while the clinic has it off. */
export function OutcomeReportSection(props: OutcomeReportSectionProps) {
  if (!useCareBetweenVisits()) return null;
  return (
    <Suspense fallback={null}>
      <OutcomeReportPanel {...props} />
    </Suspense>
  );
}

/** The patient's check-in schedule on their record; a practitioner of their care team manages it. */
export function PatientSchedules(props: { patientId: string; patientName: string; canManage: boolean }) {
  if (!useCareBetweenVisits()) return null;
  return (
    <Suspense fallback={null}>
      <PatientSchedulesPanel {...props} />
    </Suspense>
  );
}

/** The per-service check-in schedules, for staff and admins beside the service types. */
export function ServiceSchedules(props: { services: readonly { id: string; name: string }[] }) {
  if (!useCareBetweenVisits()) return null;
  return (
    <Suspense fallback={null}>
      <ServiceSchedulesPanel {...props} />
    </Suspense>
  );
}
