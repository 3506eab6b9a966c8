import { CapabilityCard } from './capability-card';

/**
 * Settings, Billing policy (admins): turns the clinic's care between visits on or off. Off, every screen is as
 * the specification describes it; on, patients get check-ins and the recovery chart shows outcome measures.
 */
export function CareBetweenVisitsCard() {
  return (
    <CapabilityCard
      capability="careBetweenVisits"
      name="Care between visits"
      description="Check-ins with standard outcome measures between sessions, scored and shown on each patient's recovery chart."
      hint="Adds Check-ins to patients' menus, lets practitioners send outcome measures and set schedules, and notifies patients when one is due."
      toasts={{ on: 'Care between visits is on', off: 'Care between visits is off' }}
    />
  );
}
