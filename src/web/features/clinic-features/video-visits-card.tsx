import { CapabilityCard } from './capability-card';

/**
 * Settings, Billing policy (admins): turns the clinic's video visits on or off. Off, the sidebar keeps the
 * specification's 'Telehealth (Coming Soon)' placeholder; on, Telehealth lists video visits and calls open.
 */
export function VideoVisitsCard() {
  return (
    <CapabilityCard
      capability="videoVisits"
      name="Video visits"
      description="Calls between a patient and their practitioner in the browser, peer to peer, with no outside service."
      hint="Turns the sidebar's Telehealth entry into a page of today's and upcoming video visits, lets services and appointments be marked as video visits and adds the join link to reminders and calendar feeds."
      toasts={{ on: 'Video visits are on', off: 'Video visits are off' }}
    />
  );
}
