import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { toast } from 'sonner';
import type { ServerMessagingEvent } from '../../../shared/messaging';
import { SESSION_CLOSE_CODES, SOCKET_CLOSE } from '../../../shared/realtime';
import { openReconnectingSocket, type ReconnectingSocket, socketUrl } from '../../lib/socket-client';
import { confirmDelivery, markConversationRead, messagingKeys } from './api';
import { applyNewMessage, applyReceipt } from './cache';

export const NEW_MESSAGE_TOAST_TITLE = 'New Message';
export const newMessageToastDescription = (sender: string) => `${sender} sent you a new message`;

const isServerEvent = (data: unknown): data is ServerMessagingEvent =>
  typeof data === 'object' && data !== null && 'type' in data && 'data' in data;

/**
 * The signed-in user's messaging socket: it confirms delivery of what arrives, keeps the message caches live,
 * raises the 'New Message' toast and reports who is typing. Loaded once someone is signed in, so a visitor's
 * first page carries none of it.
 */
export function MessagingSocket({
  token,
  userId,
  socketRef,
  openConversation,
  setTyping,
  onClose,
}: {
  token: string;
  userId: string;
  socketRef: RefObject<ReconnectingSocket | null>;
  openConversation: RefObject<string | null>;
  setTyping: (from: string, isTyping: boolean) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;

    const onNewMessage = (message: Extract<ServerMessagingEvent, { type: 'new_message' }>['data']) => {
      const isOwn = message.senderId === userId;
      const isOpen = !isOwn && openConversation.current === message.senderId;
      applyNewMessage(queryClient, { message, myId: userId, countsAsUnread: !isOwn && !isOpen });
      if (isOwn) return;
      setTyping(message.senderId, false);
      const receipts = confirmDelivery(message.id).catch(() => undefined);
      if (isOpen) {
        void receipts
          .then(() => markConversationRead(queryClient, message.senderId, userId))
          .catch(() => {
            void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount });
          });
        return;
      }
      toast(NEW_MESSAGE_TOAST_TITLE, { description: newMessageToastDescription(message.senderName) });
    };

    const socket = openReconnectingSocket({
      url: socketUrl({ token, userId, channel: 'messaging' }),
      onMessage: (data) => {
        if (!isServerEvent(data)) return;
        switch (data.type) {
          case 'new_message':
            onNewMessage(data.data);
            break;
          case 'message_delivered':
          case 'message_read':
            applyReceipt(queryClient, {
              kind: data.type === 'message_read' ? 'read' : 'delivered',
              messageIds: data.data.messageIds,
              at: data.data.at,
            });
            break;
          case 'typing_start':
          case 'typing_stop':
            if (data.from !== userId) setTyping(data.from, data.type === 'typing_start');
            break;
        }
      },
      // What the screen read before the socket listened (first open) or while it was down (after a drop) may
      // have changed since: a message, a receipt. Read the lists again.
      onOpen: () => {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.unreadCount });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversationsAll });
        void queryClient.invalidateQueries({ queryKey: messagingKeys.threadsAll });
      },
      onClose: (code) =>
        SESSION_CLOSE_CODES.includes(code) || code === SOCKET_CLOSE.badRequest ? 'stop' : undefined,
    });
    socketRef.current = socket;
    return () => {
      socket.close();
      socketRef.current = null;
      onClose();
    };
  }, [token, userId, queryClient, setTyping, socketRef, openConversation, onClose]);
  return null;
}
