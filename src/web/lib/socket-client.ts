import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_DELAY_MS } from '../../shared/constants';

export type { SocketChannel } from '../../shared/realtime';

export function socketUrl(params: Record<string, string>): string {
  const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${protocol}://${window.location.host}/ws?${new URLSearchParams(params).toString()}`;
}

type ReconnectingSocketOptions = {
  url: string;
  onMessage: (data: unknown) => void;
  /** Return 'stop' for closes that another attempt cannot fix (the server refused the session). */
  onClose?: (code: number) => 'stop' | undefined;
  /** Called on every open; `isReconnect` says events may have been missed while the socket was down. */
  onOpen?: (isReconnect: boolean) => void;
  maxAttempts?: number;
  delayMs?: number;
};

export type ReconnectingSocket = {
  /** Sends JSON when the socket is open; answers false (and drops the frame) while it is not. */
  send: (data: unknown) => boolean;
  close: () => void;
};

/** A WebSocket that reconnects after a drop: up to 5 attempts, 3000 ms apart (specification section 9). */
export function openReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const maxAttempts = options.maxAttempts ?? SOCKET_RECONNECT_ATTEMPTS;
  const delayMs = options.delayMs ?? SOCKET_RECONNECT_DELAY_MS;
  let attempts = 0;
  let closedByUs = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hasOpened = false;

  const connect = () => {
    socket = new WebSocket(options.url);
    socket.addEventListener('open', () => {
      attempts = 0;
      options.onOpen?.(hasOpened);
      hasOpened = true;
    });
    socket.addEventListener('message', (event) => {
      try {
        options.onMessage(JSON.parse(String(event.data)));
      } catch {
        // a frame that is not JSON carries nothing for us
      }
    });
    socket.addEventListener('close', (event) => {
      if (closedByUs) return;
      if (options.onClose?.((event as CloseEvent).code) === 'stop' || attempts >= maxAttempts) return;
      attempts += 1;
      timer = setTimeout(connect, delayMs);
    });
  };

  connect();
  return {
    send(data) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(data));
      return true;
    },
    close() {
      closedByUs = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
