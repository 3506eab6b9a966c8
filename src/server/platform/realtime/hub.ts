import type { WebSocket } from 'ws';
import { SESSION_ERRORS } from '../../../shared/messages';
import { type AccountStatusEvent, SOCKET_CLOSE } from '../../../shared/realtime';
import { AppError } from '../errors';
import { type Delivery, endingCovers, type RealtimeBus, type SessionsEnded } from './bus';

/** setTimeout's longest delay; a session that lives longer is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

type Entry = { channel: string; sessionId: string; socket: WebSocket };

/** The most a socket still being let in holds for its user: a token check takes one query, not a backlog. */
const HELD_MAX = 100;

/** A socket whose token is still being checked: what reaches its claimed user meanwhile is held for it. */
type Waiting = {
  userId?: string;
  channel: string;
  frames: string[];
  endings: SessionsEnded[];
  /** More endings came than are held: the socket is sent away to come back and be checked afresh. */
  overflowed: boolean;
};

/** The socket's session checked out: let it in. */
export type Admission = {
  userId: string;
  sessionId: string;
  expiresAt?: Date;
  recheck?: () => Promise<Date>;
};

/**
 * This instance's open sockets, by user and channel; deliveries arrive through the bus from any instance.
 * A socket lives only as long as its session: every ending the bus carries closes the sockets of the
 * sessions it covers, and a socket closes by itself when its session expires.
 */
export class SocketHub {
  private readonly sockets = new Map<string, Set<Entry>>();
  private readonly waiting = new Set<Waiting>();

  constructor(private readonly bus: RealtimeBus) {
    bus.onDelivery((delivery) => this.deliverLocally(delivery));
    bus.onSessionsEnded((ended) => this.closeEnded(ended));
  }

  /**
   * Takes in a socket at once, before its token is checked, so that nothing meant for it falls between the
   * browser's open and the check's answer: the deliveries to the user it claims to be, and every session
   * ending, are held. `admit` lets it in and sends what was held (only when the checked user is the claimed
   * one), or closes it if an ending held meanwhile covers its session; `refuse` forgets it.
   */
  wait(socket: WebSocket, options: { claimedUserId?: string; channel: string }) {
    const waiting: Waiting = {
      userId: options.claimedUserId,
      channel: options.channel,
      frames: [],
      endings: [],
      overflowed: false,
    };
    this.waiting.add(waiting);
    const forget = () => this.waiting.delete(waiting);
    socket.on('close', forget);
    return {
      admit: (admission: Admission) => {
        forget();
        if (socket.readyState !== socket.OPEN) return;
        const ending = waiting.endings.find((ended) =>
          endingCovers(ended, admission.userId, admission.sessionId),
        );
        if (ending) return this.closeFor(ending, socket);
        if (waiting.overflowed) return socket.close(SOCKET_CLOSE.shuttingDown, 'Try again');
        this.add({ ...admission, channel: options.channel }, socket);
        if (admission.userId !== waiting.userId) return;
        for (const frame of waiting.frames) socket.send(frame);
      },
      refuse: forget,
    };
  }

  /**
   * `expiresAt` is when the session may end by itself; with `recheck`, the hub asks then whether it still
   * stands (a session that falls idle moves this on with every activity) and closes the socket on a refusal.
   */
  add(
    options: {
      userId: string;
      sessionId: string;
      channel: string;
      expiresAt?: Date;
      recheck?: () => Promise<Date>;
    },
    socket: WebSocket,
  ) {
    const { userId, sessionId, channel, recheck } = options;
    let { expiresAt } = options;
    const entry = { channel, sessionId, socket };
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(entry);
    let expiry: NodeJS.Timeout | undefined;
    const closeWhenExpired = () => {
      if (!expiresAt) return;
      const left = expiresAt.getTime() - Date.now();
      if (left > 0) {
        expiry = setTimeout(closeWhenExpired, Math.min(left, LONGEST_TIMER_MS));
        expiry.unref();
        return;
      }
      if (!recheck) return socket.close(SOCKET_CLOSE.unauthenticated, SESSION_ERRORS.expired);
      recheck().then(
        (next) => {
          if (socket.readyState !== socket.OPEN) return;
          if (next.getTime() <= Date.now())
            return socket.close(SOCKET_CLOSE.unauthenticated, SESSION_ERRORS.expired);
          expiresAt = next;
          closeWhenExpired();
        },
        (error: unknown) =>
          socket.close(
            SOCKET_CLOSE.unauthenticated,
            // Only the refusal's own words ('Token expired', 'Invalid token'); a database error says nothing.
            error instanceof AppError ? error.message : SESSION_ERRORS.expired,
          ),
      );
    };
    socket.on('close', () => {
      clearTimeout(expiry);
      set.delete(entry);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
    closeWhenExpired();
  }

  send(delivery: Delivery) {
    return this.bus.publish(delivery);
  }

  get connectionCount() {
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  closeAll(code: number, reason: string) {
    for (const set of this.sockets.values()) for (const { socket } of set) socket.close(code, reason);
  }

  private deliverLocally(delivery: Delivery) {
    if (delivery.payload === undefined) return;
    const frame = JSON.stringify(delivery.payload);
    for (const waiting of this.waiting)
      if (waiting.userId === delivery.userId && waiting.channel === delivery.channel)
        if (waiting.frames.length < HELD_MAX) waiting.frames.push(frame);
    const set = this.sockets.get(delivery.userId);
    if (!set) return;
    for (const { channel, socket } of set)
      if (channel === delivery.channel && socket.readyState === socket.OPEN) socket.send(frame);
  }

  private closeEnded(ended: SessionsEnded) {
    // A socket still being let in may belong to the ended session, whoever it claims to be.
    for (const waiting of this.waiting)
      if (waiting.endings.length < HELD_MAX) waiting.endings.push(ended);
      else waiting.overflowed = true;
    const set = this.sockets.get(ended.userId);
    if (!set) return;
    for (const { sessionId, socket } of [...set])
      if (endingCovers(ended, ended.userId, sessionId)) this.closeFor(ended, socket);
  }

  private closeFor(ended: SessionsEnded, socket: WebSocket) {
    if (ended.reason !== 'deactivated') return socket.close(SOCKET_CLOSE.signedOut, 'Signed out');
    if (socket.readyState === socket.OPEN)
      socket.send(JSON.stringify({ type: 'account_deactivated' } satisfies AccountStatusEvent));
    socket.close(SOCKET_CLOSE.deactivated, 'Account deactivated');
  }
}
