/**
 * The largest frame a browser may send on /ws, in bytes: the socket closes (1009) on anything larger, so every
 * frame a channel's contract accepts must fit well within it (the call's session descriptions: telehealth.ts).
 */
export const SOCKET_FRAME_MAX_BYTES = 64 * 1024;

/** Close codes of /ws in the application range; the browser stops reconnecting on the session ones. */
export const SOCKET_CLOSE = {
  badRequest: 4400,
  unauthenticated: 4401,
  deactivated: 4403,
  signedOut: 4409,
  shuttingDown: 1001,
} as const;

/** The session is over (refused, deactivated, or signed out elsewhere): reconnecting cannot help. */
export const SESSION_CLOSE_CODES: readonly number[] = [
  SOCKET_CLOSE.unauthenticated,
  SOCKET_CLOSE.deactivated,
  SOCKET_CLOSE.signedOut,
];

/** The channels of /ws: each socket subscribes to one. */
export const SOCKET_CHANNELS = ['account-status', 'messaging', 'notifications', 'telehealth'] as const;
export type SocketChannel = (typeof SOCKET_CHANNELS)[number];

/**
 * A guard for a socket event told apart by its `type` alone: the pushes that only say what changed. The
 * browser reads them without schemas (docs/decisions/0015).
 */
export const eventOfType =
  <T extends { type: string }>(type: T['type']) =>
  (data: unknown): data is T =>
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;

/** Account-status socket messages (/ws?token=…&channel=account-status). */
export type AccountStatusEvent = { type: 'account_deactivated' };
export const isAccountStatusEvent = eventOfType<AccountStatusEvent>('account_deactivated');
