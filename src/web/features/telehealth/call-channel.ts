import { useEffect, useRef } from 'react';
import { SESSION_CLOSE_CODES, SOCKET_CLOSE } from '../../../shared/realtime';
import type { ClientCallEvent, ServerCallEvent } from '../../../shared/telehealth';
import { openReconnectingSocket, type ReconnectingSocket, socketUrl } from '../../lib/socket-client';

const isCallEvent = (data: unknown): data is ServerCallEvent =>
  typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';

/** What the page may send on the call's socket: every frame but join and leave, which the channel sends itself. */
export type CallSend = (event: ClientCallEvent) => boolean;

/**
 * The call's own socket (channel `telehealth`), open while the person is on the call's page past the device
 * check. Every open, the first and each after a drop, says `join` again, so the server has them present and
 * pushes the call's state; leaving the page says `leave`.
 */
export function useCallChannel({
  token,
  userId,
  appointmentId,
  isOpen,
  onEvent,
  onReconnect,
}: {
  token: string | null;
  userId: string;
  appointmentId: string;
  isOpen: boolean;
  onEvent: (event: ServerCallEvent) => void;
  onReconnect?: () => void;
}): CallSend {
  const socketRef = useRef<ReconnectingSocket | null>(null);
  const handlers = useRef({ onEvent, onReconnect });
  handlers.current = { onEvent, onReconnect };

  useEffect(() => {
    if (!isOpen || !token || typeof WebSocket === 'undefined') return;
    let socket: ReconnectingSocket | null = null;
    socket = openReconnectingSocket({
      url: socketUrl({ token, userId, channel: 'telehealth' }),
      onMessage: (data) => {
        if (!isCallEvent(data)) return;
        if (data.appointmentId !== null && data.appointmentId !== appointmentId) return;
        handlers.current.onEvent(data);
      },
      onOpen: (isReconnect) => {
        socket?.send({ type: 'join', appointmentId } satisfies ClientCallEvent);
        if (isReconnect) handlers.current.onReconnect?.();
      },
      onClose: (code) =>
        SESSION_CLOSE_CODES.includes(code) || code === SOCKET_CLOSE.badRequest ? 'stop' : undefined,
    });
    socketRef.current = socket;
    return () => {
      socket?.send({ type: 'leave', appointmentId } satisfies ClientCallEvent);
      socket?.close();
      socketRef.current = null;
    };
  }, [isOpen, token, userId, appointmentId]);

  return (event) => socketRef.current?.send(event) ?? false;
}
