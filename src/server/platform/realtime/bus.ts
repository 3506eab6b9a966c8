import { Redis } from 'ioredis';

/** What one instance asks every instance to deliver to a user's open sockets. */
export type Delivery = {
  userId: string;
  /** A socket channel, or '*' for every channel the user has open. */
  channel: string;
  payload?: unknown;
  /** Leave the sockets of this session alone (a password change keeps the caller's own session). */
  exceptSessionId?: string;
  /** Close the matching sockets after delivering. */
  close?: { code: number; reason: string };
};

export type RealtimeBus = {
  kind: 'in-process' | 'redis';
  publish(delivery: Delivery): Promise<void>;
  onDelivery(handler: (delivery: Delivery) => void): void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export function createInProcessBus(): RealtimeBus {
  const handlers: Array<(delivery: Delivery) => void> = [];
  return {
    kind: 'in-process',
    async publish(delivery) {
      for (const handler of handlers) handler(delivery);
    },
    onDelivery: (handler) => handlers.push(handler),
    ping: async () => true,
    close: async () => {},
  };
}

const CHANNEL = 'clinic:realtime';

/** Fans deliveries out to every instance through Redis pub/sub; each instance serves its own sockets. */
export function createRedisBus(url: string): RealtimeBus {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: false });
  const handlers: Array<(delivery: Delivery) => void> = [];
  const ready = subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel, message) => {
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
