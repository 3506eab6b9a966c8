import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import { TYPING_STOP_AFTER_MS } from '../../../shared/constants';
import type { ClientMessagingEvent, ServerMessagingEvent } from '../../../shared/messaging';
import { SESSION_CLOSE_CODES, SOCKET_CLOSE } from '../../../shared/realtime';
import { openReconnectingSocket, type ReconnectingSocket, socketUrl } from '../../lib/socket-client';
import { useSession } from '../auth/session';
import { confirmDelivery, markConversationRead, messagingKeys } from './api';
import { applyNewMessage, applyReceipt } from './cache';

export const NEW_MESSAGE_TOAST_TITLE = 'New Message';
export const newMessageToastDescription = (sender: string) => `${sender} sent you a new message`;

type TypingEvent = 'typing_start' | 'typing_stop';

export type Messaging = {
  /** Who is typing to us right now (their user ids). */
  typingUserIds: ReadonlySet<string>;
  sendTyping: (type: TypingEvent, to: string) => void;
  /** The conversation on screen: its new messages are read at once and raise no toast. */
  setOpenConversation: (userId: string | null) => void;
};

const MessagingContext = createContext<Messaging | null>(null);

const isServerEvent = (data: unknown): data is ServerMessagingEvent =>
  typeof data === 'object' && data !== null && 'type' in data && 'data' in data;

/**
 * One messaging socket per signed-in user, whatever the screen: it confirms delivery of what arrives, keeps
 * the message caches live, raises the 'New Message' toast and tracks who is typing.
 */
export function MessagingProvider({ children }: { children: ReactNode }) {
  const { status, token, user } = useSession();
  const queryClient = useQueryClient();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const socketRef = useRef<ReconnectingSocket | null>(null);
  const openConversation = useRef<string | null>(null);
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const [typingUserIds, setTypingUserIds] = useState<ReadonlySet<string>>(new Set());

  const setTyping = useCallback((from: string, isTyping: boolean) => {
    const timers = typingTimers.current;
    const existing = timers.get(from);
    if (existing) clearTimeout(existing);
    timers.delete(from);
    // Someone whose stop never arrives (closed tab, lost frame) stops typing 3 s after their last start.
    if (isTyping)
      timers.set(
        from,
        setTimeout(() => setTyping(from, false), TYPING_STOP_AFTER_MS),
      );
    setTypingUserIds((current) => {
      if (current.has(from) === isTyping) return current;
      const next = new Set(current);
      if (isTyping) next.add(from);
      else next.delete(from);
      return next;
    });
  }, []);

  useEffect(() => {
    if (!token || !userId || typeof WebSocket === 'undefined') return;
    const timers = typingTimers.current;

    const onNewMessage = (message: Extract<ServerMessagingEvent, { type: 'new_message' }>['data']) => {
      const isOwn = message.senderId === userId;
      const isOpen = !isOwn && openConversation.current === message.senderId;
      applyNewMessage(queryClient, message, userId, { countsAsUnread: !isOwn && !isOpen });
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
            applyReceipt(
              queryClient,
              data.type === 'message_read' ? 'read' : 'delivered',
              data.data.messageIds,
              data.data.at,
            );
            break;
          case 'typing_start':
          case 'typing_stop':
            if (data.from !== userId) setTyping(data.from, data.type === 'typing_start');
            break;
        }
      },
      // After a drop, anything may have arrived meanwhile: read the lists again.
      onOpen: (isReconnect) => {
        if (!isReconnect) return;
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
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      setTypingUserIds(new Set());
    };
  }, [token, userId, queryClient, setTyping]);

  const sendTyping = useCallback(
    (type: TypingEvent, to: string) => {
      if (!userId) return;
      const event: ClientMessagingEvent = { type, from: userId, to, data: {} };
      socketRef.current?.send(event);
    },
    [userId],
  );

  const setOpenConversation = useCallback((id: string | null) => {
    openConversation.current = id;
  }, []);

  const value = useMemo<Messaging>(
    () => ({ typingUserIds, sendTyping, setOpenConversation }),
    [typingUserIds, sendTyping, setOpenConversation],
  );
  return <MessagingContext.Provider value={value}>{children}</MessagingContext.Provider>;
}

export function useMessaging(): Messaging {
  const messaging = useContext(MessagingContext);
  if (!messaging) throw new Error('useMessaging must be used inside MessagingProvider');
  return messaging;
}
