import { BADGE_MAX } from '../../../shared/constants';
import { useUnreadMessageCount } from './api';

/** The unread count beside the Messages navigation entries, kept live by the messaging socket. */
export function UnreadMessagesBadge() {
  const unread = useUnreadMessageCount();
  const count = unread.data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 font-semibold text-primary-foreground text-xs">
      {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
