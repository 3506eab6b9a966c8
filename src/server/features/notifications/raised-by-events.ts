import type { AppContext } from '../../platform/context';
import { raise } from './service';
import { messageReceivedMessage } from './wording';

/** Notifications are raised from domain events, never by the browser; later features add theirs here. */
export function raiseNotificationsFromEvents(ctx: AppContext) {
  ctx.events.subscribe('message.sent', ({ message }) =>
    raise(ctx, message.recipientId, {
      type: 'message_received',
      title: 'New Message',
      message: messageReceivedMessage(message.senderName),
      priority: 'medium',
      actionUrl: '/messages',
      data: { messageId: message.id, senderId: message.senderId },
      emailText: `You have a new message from ${message.senderName}.`,
    }),
  );
}
