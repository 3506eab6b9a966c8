import { Bell } from 'lucide-react';
import { useState } from 'react';
import { BADGE_MAX } from '../../../shared/constants';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { useNotificationCount } from './api';
import { NotificationList } from './notification-list';

/** '99+' above 99 (specification section 9). */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

export function notificationButtonLabel(count: number): string {
  return count > 0 ? `Open notifications, ${badgeText(count)} unread` : 'Open notifications';
}

/** The header bell with the unread badge; it opens the notification centre as a side panel. */
export function NotificationButton() {
  const [isOpen, setOpen] = useState(false);
  const count = useNotificationCount().data?.count ?? 0;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={notificationButtonLabel(count)}>
          <Bell aria-hidden="true" />
          {count > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 font-semibold text-[0.65rem] text-destructive-foreground"
            >
              {badgeText(count)}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent side="right" closeLabel="Close notifications" className="gap-3">
        <DialogTitle>Notifications</DialogTitle>
        <DialogDescription className="sr-only">
          Your latest notifications, newest first. Choose one to open it.
        </DialogDescription>
        <NotificationList unreadCount={count} onFollow={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
