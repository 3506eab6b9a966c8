import type { User } from '../../../shared/auth';
import { initialsOf } from '../../lib/format';

export function UserAvatar({ user, size = 'size-8' }: { user: User; size?: string }) {
  if (user.profileImage) {
    return <img src={user.profileImage} alt="" className={`${size} rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} inline-flex items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs`}
    >
      {initialsOf(user.firstName, user.lastName)}
    </span>
  );
}
