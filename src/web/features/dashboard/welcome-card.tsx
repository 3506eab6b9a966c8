import { PartyPopper } from 'lucide-react';
import { useState } from 'react';
import type { Role } from '../../../shared/vocabulary/roles';
import { readStorage, welcomeShownKey, writeStorage } from '../../lib/storage';
import { Button } from '../../ui/button';
import { useSession } from '../auth';
import { usePreferences, useUpdatePreferences } from '../preferences';

/** What each role finds where, in the words of its own sidebar. */
const WELCOME: Record<Role, { lead: string; places: [place: string, use: string][] }> = {
  patient: {
    lead: 'This is your own corner of the clinic. Everything about your care is a click away.',
    places: [
      ['Complete Onboarding', 'tell the clinic about your health before your first visit.'],
      ['My Appointments and My Calendar', 'see your visits, ask for a time or cancel one.'],
      ['My Notes', 'read the notes your practitioner shares with you, and your progress.'],
      ['My Messages', 'write to your care team, who will answer here.'],
    ],
  },
  practitioner: {
    lead: 'This page is your day: the sessions ahead, the notes waiting for your signature and your patients.',
    places: [
      ['Treatment Calendar', 'book a free time with a click, and drag a session to move it.'],
      ['Recovery Notes', 'write, sign and share a note after each session.'],
      ['Clients', 'open the records of the patients in your care.'],
      ['Settings', 'set your working hours and what patients may book online.'],
    ],
  },
  staff: {
    lead: 'This page is the clinic today. The front desk’s work lives in the sidebar.',
    places: [
      ['Calendar', 'one column per practitioner in the day view; click a free time to book.'],
      ['Clients', 'find a patient, edit their record and see their consents.'],
      ['Billing', 'raise invoices and take payments.'],
    ],
  },
  admin: {
    lead: 'This page is the clinic today. Running the clinic starts in the Admin Panel.',
    places: [
      ['Admin Panel', 'add staff, practitioners and members, and read the activity log.'],
      ['Reports', 'see how the clinic, the store and events are doing.'],
      ['Calendar and Billing', 'the same screens the front desk uses.'],
      ['Settings', 'your profile, sign-in and appearance.'],
    ],
  },
  member: {
    lead: 'Thank you for supporting the clinic. Everything you do with us starts on this page.',
    places: [
      ['Events', 'register for the clinic’s events, or join a waiting list.'],
      ['Store', 'merchandise whose proceeds go to the clinic.'],
      ['Donate', 'give once, and see what you have given.'],
    ],
  },
};

/**
 * The first-run welcome: a short word on where things are for the user's role, until they put it away. It
 * shows while neither the browser's welcome-shown flag (specification section 1; signing out removes it)
 * nor the account's `welcomed` preference is set, so it greets a new account once and not after every
 * sign-in. Putting it away sets both.
 */
export function WelcomeCard() {
  const { user } = useSession();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const [shown, setShown] = useState(() => (user ? readStorage(welcomeShownKey(user.id)) === 'true' : true));
  if (!user || shown || !preferences.data || preferences.data.welcomed) return null;

  const { lead, places } = WELCOME[user.role];
  const putAway = () => {
    writeStorage(welcomeShownKey(user.id), 'true');
    setShown(true);
    update.mutate({ welcomed: true });
  };
  return (
    <section
      aria-labelledby="welcome-heading"
      className="rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-col gap-3">
          <h2 id="welcome-heading" className="font-semibold text-base">
            Welcome, {user.firstName}
          </h2>
          <p>{lead}</p>
          <ul className="flex flex-col gap-1.5">
            {places.map(([place, use]) => (
              <li key={place}>
                <strong className="font-semibold">{place}</strong>: {use}
              </li>
            ))}
          </ul>
          <div>
            <Button size="sm" onClick={putAway}>
              Got it
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
