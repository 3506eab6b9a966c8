import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '../../../shared/notifications';
import { useMarkNotificationRead } from './api';

/**
 * Where a notification leads: a message goes to /messages, anything else to its action URL. Only addresses
 * inside the portal are followed, so a stored link can never send someone to another site.
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.type === 'message_received') return '/messages';
  const url = notification.actionUrl;
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.origin !== window.location.origin) return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}

/** Clicking a notification (in the drawer or on the desktop) marks it read and follows it. */
export function useFollowNotification() {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const { mutate } = markRead;
  return useCallback(
    (notification: Notification) => {
      if (!notification.isRead) mutate(notification.id);
      const target = notificationTarget(notification);
      if (target) void navigate(target);
    },
    [mutate, navigate],
  );
}
