import type { Contact } from '../../../shared/messaging';
import { initialsOf } from '../../lib/format';

export function PersonAvatar({
  person,
}: {
  person: Pick<Contact, 'firstName' | 'lastName' | 'profileImage'>;
}) {
  if (person.profileImage) {
    return <img src={person.profileImage} alt="" className="size-9 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground text-xs"
    >
      {initialsOf(person.firstName, person.lastName)}
    </span>
  );
}
