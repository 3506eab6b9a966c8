import type { AccountStatusEvent } from '../../../shared/auth';
import type { ServerMessagingEvent } from '../../../shared/messaging';
import type { NotificationSocketEvent } from '../../../shared/notifications';
import { SOCKET_CLOSE } from '../../../shared/realtime';
import type { AppContext } from '../../platform/context';
import type { MessageReceipt } from '../../platform/events';

/**
 * Domain events become socket pushes here and nowhere else. The hub hands each push to the bus, so it
 * reaches the person's sockets on whichever instance holds them.
 */
export function pushDomainEvents(ctx: AppContext) {
  const push = (userId: string, channel: string, payload: unknown) =>
    ctx.hub.send({ userId, channel, payload });

  ctx.events.subscribe('account.deactivated', ({ userId }) =>
    ctx.hub.send({
      userId,
      channel: '*',
      payload: { type: 'account_deactivated' } satisfies AccountStatusEvent,
      close: { code: SOCKET_CLOSE.deactivated, reason: 'Account deactivated' },
    }),
  );
  ctx.events.subscribe('account.sessions-revoked', ({ userId, exceptSessionId }) =>
    ctx.hub.send({
      userId,
      channel: '*',
      exceptSessionId,
      close: { code: SOCKET_CLOSE.signedOut, reason: 'Signed out' },
    }),
  );

  // The sender's own sockets get the stored message too: other tabs show it, and a socket that sent it
  // learns its id. Browsers tell their own echo apart by the id.
  ctx.events.subscribe('message.sent', async ({ message }) => {
    const event: ServerMessagingEvent = {
      type: 'new_message',
      from: message.senderId,
      to: message.recipientId,
      data: message,
    };
    await Promise.all([
      push(message.recipientId, 'messaging', event),
      push(message.senderId, 'messaging', event),
    ]);
  });

  const receipt = (type: 'message_delivered' | 'message_read') => (event: MessageReceipt) =>
    push(event.senderId, 'messaging', {
      type,
      from: event.recipientId,
      to: event.senderId,
      data: { messageIds: event.messageIds, at: event.at },
    } satisfies ServerMessagingEvent);
  ctx.events.subscribe('message.delivered', receipt('message_delivered'));
  ctx.events.subscribe('message.read', receipt('message_read'));

  ctx.events.subscribe('notification.created', ({ userId, notification, delivery }) =>
    push(userId, 'notifications', {
      type: 'notification',
      data: notification,
      delivery,
    } satisfies NotificationSocketEvent),
  );
}
