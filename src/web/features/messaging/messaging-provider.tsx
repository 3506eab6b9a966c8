import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { TYPING_STOP_AFTER_MS } from '../../../shared/constants';
import type { ClientMessagingEvent } from '../../../shared/messaging';
import type { ReconnectingSocket } from '../../lib/socket-client';
import { useSession } from '../auth';

const MessagingSocket = lazy(() =>
  import('./messaging-socket').then((module) => ({ default: module.MessagingSocket })),
);

type TypingEvent = 'typing_start' | 'typing_stop';

export type Messaging = {
  /** Who is typing to us right now (their user ids). */
  typingUserIds: ReadonlySet<string>;
  /** Answers whether the event went out: it does not while the socket is connecting or down. */
  sendTyping: (type: TypingEvent, to: string) => boolean;
  /** The conversation on screen: its new messages are read at once and raise no toast. */
  setOpenConversation: (userId: string | null) => void;
};

const MessagingContext = createContext<Messaging | null>(null);

/**
 * One messaging socket per signed-in user, whatever the screen (./messaging-socket, loaded on demand): it
 * confirms delivery of what arrives, keeps the message caches live, raises the 'New Message' toast and tracks
 * who is typing.
 */
export function MessagingProvider({ children }: { children: ReactNode }) {
  const { status, token, user } = useSession();
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

  const stopTyping = useCallback(() => {
    for (const timer of typingTimers.current.values()) clearTimeout(timer);
    typingTimers.current.clear();
    setTypingUserIds(new Set());
  }, []);

  const sendTyping = useCallback(
    (type: TypingEvent, to: string) => {
      if (!userId) return false;
      const event: ClientMessagingEvent = { type, from: userId, to, data: {} };
      return socketRef.current?.send(event) ?? false;
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
  return (
    <MessagingContext.Provider value={value}>
      {token && userId ? (
        <Suspense fallback={null}>
          <MessagingSocket
            token={token}
            userId={userId}
            socketRef={socketRef}
            openConversation={openConversation}
            setTyping={setTyping}
            onClose={stopTyping}
          />
        </Suspense>
      ) : null}
      {children}
    </MessagingContext.Provider>
  );
}

export function useMessaging(): Messaging {
  const messaging = useContext(MessagingContext);
  if (!messaging) throw new Error('useMessaging must be used inside MessagingProvider');
  return messaging;
}
