import { Redis } from 'ioredis';

/**
 * What one instance asks every instance to deliver to a user's open sockets of one channel. Sockets close
 * only when their session ends (SessionsEnded below), never by a delivery.
 */
export type Delivery = { userId: string; channel: string; payload?: unknown };

/**
 * Sessions that ended (signed out, revoked, their account deactivated or given another role): every instance
 * forgets what it cached of them and closes their sockets. One session by id, or every session of the user
 * but `exceptSessionId`. A deactivated account's sockets are told why before they close, so its browsers
 * can say so; any other ending closes them as signed out.
 */
export type SessionsEnded = {
  userId: string;
  sessionId?: string;
  exceptSessionId?: string;
  reason?: 'signed-out' | 'deactivated';
};

/** Whether an ending covers one session of a user. */
export function endingCovers(ended: SessionsEnded, userId: string, sessionId: string) {
  if (userId !== ended.userId) return false;
  if (ended.sessionId && sessionId !== ended.sessionId) return false;
  return !(ended.exceptSessionId && sessionId === ended.exceptSessionId);
}

export type RealtimeBus = {
  kind: 'in-process' | 'redis';
  publish(delivery: Delivery): Promise<void>;
  onDelivery(handler: (delivery: Delivery) => void): void;
  publishSessionsEnded(ended: SessionsEnded): Promise<void>;
  onSessionsEnded(handler: (ended: SessionsEnded) => void): void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export function createInProcessBus(): RealtimeBus {
  const handlers: Array<(delivery: Delivery) => void> = [];
  const endedHandlers: Array<(ended: SessionsEnded) => void> = [];
  return {
    kind: 'in-process',
    async publish(delivery) {
      for (const handler of handlers) handler(delivery);
    },
    onDelivery: (handler) => handlers.push(handler),
    async publishSessionsEnded(ended) {
      for (const handler of endedHandlers) handler(ended);
    },
    onSessionsEnded: (handler) => endedHandlers.push(handler),
    ping: async () => true,
    close: async () => {},
  };
}

const CHANNEL = 'clinic:realtime';
const SESSIONS_CHANNEL = 'clinic:sessions-ended';

/** Fans deliveries out to every instance through Redis pub/sub; each instance serves its own sockets. */
export function createRedisBus(url: string): RealtimeBus {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const handlers: Array<(delivery: Delivery) => void> = [];
  const endedHandlers: Array<(ended: SessionsEnded) => void> = [];
  const ready = subscriber.subscribe(CHANNEL, SESSIONS_CHANNEL);
  subscriber.on('message', (channel, message) => {
    if (channel === SESSIONS_CHANNEL) {
      const ended = JSON.parse(message) as SessionsEnded;
      for (const handler of endedHandlers) handler(ended);
      return;
    }
    const delivery = JSON.parse(message) as Delivery;
    for (const handler of handlers) handler(delivery);
  });
  return {
    kind: 'redis',
    async publish(delivery) {
      await ready;
      await publisher.publish(CHANNEL, JSON.stringify(delivery));
    },
    onDelivery: (handler) => handlers.push(handler),
    async publishSessionsEnded(ended) {
      // This instance acts at once, whether or not Redis answers; the others hear of it through Redis (and so
      // does this one again, which changes nothing: forgetting and closing twice is the same as once).
      for (const handler of endedHandlers) handler(ended);
      await ready;
      await publisher.publish(SESSIONS_CHANNEL, JSON.stringify(ended));
    },
    onSessionsEnded: (handler) => endedHandlers.push(handler),
    async ping() {
      try {
        return (await publisher.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
