import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { Contact } from '../../../shared/messaging';
import type { CallPerson, TelehealthSession } from '../../../shared/telehealth';
import { api } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';
import { Select } from '../../ui/select';
import { usePersonAction } from './api';

const ROLE_LABELS: Record<CallPerson['role'], string> = {
  host: 'Practitioner',
  patient: 'Patient',
  guest: 'Invited staff',
};

const whereOf = (person: CallPerson) =>
  !person.present ? 'Not here' : person.admitted ? 'In the call' : 'Waiting to be let in';

/** Staff the host may invite: the clinic's staff accounts they can reach (the messaging contacts). */
function useStaffContacts(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/messages/contacts', { role: 'staff' }],
    queryFn: async ({ signal }) =>
      (await api.get<Contact[]>('/api/messages/contacts', { signal })).filter(
        (contact) => contact.role === 'staff',
      ),
    enabled,
    staleTime: 60_000,
  });
}

function InviteStaff({ session }: { session: TelehealthSession }) {
  const staff = useStaffContacts(true);
  const invite = usePersonAction(session.appointmentId, 'invite');
  const [chosen, setChosen] = useState('');
  const inCall = new Set(session.people.map((person) => person.userId));
  const choices = (staff.data ?? []).filter((contact) => !inCall.has(contact.id));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    try {
      await invite.mutateAsync({ userId: chosen });
      toast.success('Invitation sent');
      setChosen('');
    } catch (caught) {
      toast.error(refusalOf(caught, 'The invitation could not be sent.').message);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor="invite-staff" className="font-medium text-sm">
        Invite a staff member
      </label>
      <div className="flex gap-2">
        <Select id="invite-staff" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{staff.isPending ? 'Loading staff…' : 'Choose a staff member'}</option>
          {choices.map((contact) => (
            <option key={contact.id} value={contact.id}>
              {`${contact.firstName} ${contact.lastName}`}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="outline" disabled={!chosen || invite.isPending}>
          Invite
        </Button>
      </div>
    </form>
  );
}

/**
 * Who belongs to the call and where each stands. The host lets waiting people in from here, and may invite
 * a staff member (they are notified with a link to the call).
 */
export function PeoplePanel({ session, myId }: { session: TelehealthSession; myId: string }) {
  const admit = usePersonAction(session.appointmentId, 'admit');
  const isHost = session.role === 'host';
  const letIn = async (person: CallPerson) => {
    try {
      await admit.mutateAsync({ userId: person.userId });
    } catch (caught) {
      toast.error(refusalOf(caught, `${person.name} could not be let in.`).message);
    }
  };
  return (
    <section aria-labelledby="call-people-heading" className="flex flex-col gap-2">
      <h2 id="call-people-heading" className="font-semibold text-base">
        People
      </h2>
      <ul aria-labelledby="call-people-heading" className="flex flex-col divide-y divide-border text-sm">
        {session.people.map((person) => (
          <li key={person.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="flex flex-col">
              <span className="font-medium">
                {person.userId === myId ? `${person.name} (you)` : person.name}
              </span>
              <span className="text-muted-foreground text-xs">
                {`${ROLE_LABELS[person.role]} · ${whereOf(person)}`}
              </span>
            </div>
            {isHost && person.present && !person.admitted ? (
              <Button
                size="sm"
                onClick={() => letIn(person)}
                disabled={admit.isPending || session.state !== 'live'}
                aria-label={`Admit ${person.name}`}
              >
                Admit
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {isHost && session.state !== 'live' ? (
        <p className="text-muted-foreground text-xs">Start the visit to let people in.</p>
      ) : null}
      {isHost ? <InviteStaff session={session} /> : null}
    </section>
  );
}
