import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { CallPerson, TelehealthSession } from '../../../shared/telehealth';
import { fullName } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/button';
import { Combobox } from '../../ui/combobox';
import { refusalOf } from '../../ui/form-dialog';
import { useInvitableStaff, usePersonAction } from './api';

const ROLE_LABELS: Record<CallPerson['role'], string> = {
  host: 'Practitioner',
  patient: 'Patient',
  guest: 'Invited staff',
};

const whereOf = (person: CallPerson) =>
  !person.present ? 'Not here' : person.admitted ? 'In the call' : 'Waiting to be let in';

/** How long the typed search rests before the server is asked. */
export const STAFF_SEARCH_DELAY_MS = 300;

/** The host invites a staff member found by name or email on the server (the clinic may have many). */
function InviteStaff({ session }: { session: TelehealthSession }) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, STAFF_SEARCH_DELAY_MS);
  const staff = useInvitableStaff(session.appointmentId, settled);
  const invite = usePersonAction(session.appointmentId, 'invite');
  const [chosen, setChosen] = useState<{ id: string; name: string }>({ id: '', name: '' });
  const inCall = new Set(session.people.map((person) => person.userId));
  const options = (staff.data?.staff ?? [])
    .filter((member) => !inCall.has(member.id))
    .map((member) => ({ value: member.id, label: fullName(member), hint: member.email }));
  const choose = (id: string) =>
    setChosen({ id, name: options.find((option) => option.value === id)?.label ?? '' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.id) return;
    try {
      await invite.mutateAsync({ userId: chosen.id });
      toast.success(`Invitation sent to ${chosen.name}`);
      setChosen({ id: '', name: '' });
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
        <Combobox
          id="invite-staff"
          className="min-w-0 flex-1"
          listLabel="Staff"
          value={chosen.id}
          onChange={choose}
          options={options}
          placeholder="Search staff by name or email"
          chosenLabel={chosen.name}
          onSearch={setSearch}
          searching={search !== settled || staff.isFetching}
          noMatches="No staff match"
        />
        <Button type="submit" variant="outline" disabled={!chosen.id || invite.isPending}>
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
