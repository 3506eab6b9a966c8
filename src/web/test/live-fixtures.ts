import type { Contact, Conversation, Message } from '../../shared/messaging';
import { defaultNotificationPreference, type Notification } from '../../shared/notifications';
import { NOTIFICATION_TYPES } from '../../shared/vocabulary/notifications';
import type { Role } from '../../shared/vocabulary/roles';
import { userWithRole } from './fixtures';

/** Messages, conversations and notifications as the server answers them, for the messaging and drawer tests. */

let sequence = 0;
/** Ids that sort like the server's (later ones greater), and are valid UUIDs. */
export function nextId(): string {
  sequence += 1;
  return `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`;
}

export function contactOf(role: Role): Contact {
  const user = userWithRole(role);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    profileImage: null,
  };
}

export function messageBetween(
  from: Role,
  to: Role,
  content: string,
  overrides: Partial<Message> = {},
): Message {
  const sender = userWithRole(from);
  return {
    id: nextId(),
    senderId: sender.id,
    recipientId: userWithRole(to).id,
    senderName: `${sender.firstName} ${sender.lastName}`,
    content,
    status: 'unread',
    readAt: null,
    deliveryStatus: 'sent',
    deliveredAt: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function conversationWith(role: Role, lastMessage: Message, unreadCount = 0): Conversation {
  return { participant: contactOf(role), lastMessage, unreadCount };
}

export function notificationOf(overrides: Partial<Notification> = {}): Notification {
  return {
    id: nextId(),
    type: 'appointment_created',
    title: 'Appointment booked',
    message: 'Your session on Monday at 10:00 is booked.',
    priority: 'medium',
    isRead: false,
    createdAt: '2026-03-02T09:00:00.000Z',
    actionUrl: null,
    ...overrides,
  };
}

export const allNotificationPreferences = () => NOTIFICATION_TYPES.map(defaultNotificationPreference);
