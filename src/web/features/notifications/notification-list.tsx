import { Archive, BellOff, Check, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Notification } from '../../../shared/notifications';
import { NOTIFICATION_TYPE_LABELS } from '../../../shared/vocabulary/notifications';
import { cn } from '../../lib/cn';
import { shortTime, useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingState } from '../../ui/spinner';
import {
  NOTIFICATION_PAGE_SIZE,
  useArchiveNotification,
  useLoadOlderNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from './api';
import { useFollowNotification } from './follow';

const ACTION_FAILED = 'That did not work. Please try again.';

function NotificationItem({ notification, onFollow }: { notification: Notification; onFollow: () => void }) {
  const format = useFormatter();
  const follow = useFollowNotification();
  const markRead = useMarkNotificationRead();
  const archive = useArchiveNotification();
  const headingId = `notification-${notification.id}`;
  const isUrgent = notification.priority === 'urgent' || notification.priority === 'high';

  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-2 rounded-md border p-3',
        notification.isRead
          ? 'border-border bg-background'
          : 'border-primary bg-accent text-accent-foreground',
      )}
    >
      <button
        type="button"
        className="flex flex-col gap-1 rounded-sm text-left"
        onClick={() => {
          onFollow();
          follow(notification);
        }}
      >
        <span className="flex items-start justify-between gap-2">
          <span
            id={headingId}
            className={cn('text-sm', notification.isRead ? 'font-medium' : 'font-semibold')}
          >
            {notification.title}
          </span>
          <time
            dateTime={notification.createdAt}
            title={format.dateTime(notification.createdAt)}
            className="shrink-0 text-muted-foreground text-xs"
          >
            {shortTime(format, notification.createdAt)}
          </time>
        </span>
        <span className="text-sm">{notification.message}</span>
        <span className="text-muted-foreground text-xs">
          {NOTIFICATION_TYPE_LABELS[notification.type]}
          {isUrgent ? ` · ${notification.priority === 'urgent' ? 'Urgent' : 'High priority'}` : ''}
          {notification.isRead ? '' : ' · Unread'}
        </span>
      </button>
      <div className="flex justify-end gap-1">
        {notification.isRead ? null : (
          <Button
            variant="ghost"
            size="sm"
            disabled={markRead.isPending}
            aria-label={`Mark read: ${notification.title}`}
            onClick={() => markRead.mutate(notification.id, { onError: () => toast.error(ACTION_FAILED) })}
          >
            <Check aria-hidden="true" />
            Mark read
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={archive.isPending}
          aria-label={`Archive: ${notification.title}`}
          onClick={() => archive.mutate(notification.id, { onError: () => toast.error(ACTION_FAILED) })}
        >
          <Archive aria-hidden="true" />
          Archive
        </Button>
      </div>
    </li>
  );
}

/** The drawer's content: newest first, unread ones marked, with mark read, mark all read and archive. */
export function NotificationList({ unreadCount, onFollow }: { unreadCount: number; onFollow: () => void }) {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const loadOlder = useLoadOlderNotifications();
  // A short page means the server has nothing older; until then a full list may have more behind it.
  const [reachedOldest, setReachedOldest] = useState(false);
  const items = notifications.data ?? [];
  const mayHaveOlder = !reachedOldest && items.length >= NOTIFICATION_PAGE_SIZE;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex items-center justify-between gap-2 pr-8">
        <p className="text-muted-foreground text-sm">
          {unreadCount > 0 ? `${unreadCount} unread` : 'All caught up'}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: () => toast.error(ACTION_FAILED) })}
        >
          <CheckCheck aria-hidden="true" />
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {notifications.isPending ? (
          <LoadingState label="Loading notifications…" />
        ) : notifications.isError ? (
          <Alert variant="error">Could not load your notifications. Please try again.</Alert>
        ) : notifications.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-muted-foreground text-sm">
            <BellOff aria-hidden="true" className="size-8" />
            <p>No notifications. You are all caught up.</p>
          </div>
        ) : (
          <>
            <ul aria-label="Notifications" className="flex flex-col gap-2">
              {notifications.data.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onFollow={onFollow} />
              ))}
            </ul>
            {mayHaveOlder ? (
              <Button
                variant="outline"
                size="sm"
                className="mt-3 w-full"
                disabled={loadOlder.isPending}
                onClick={() =>
                  loadOlder.mutate(items[items.length - 1].id, {
                    onSuccess: (older) => setReachedOldest(older.length < NOTIFICATION_PAGE_SIZE),
                    onError: () => toast.error(ACTION_FAILED),
                  })
                }
              >
                {loadOlder.isPending ? 'Loading…' : 'Load older notifications'}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
