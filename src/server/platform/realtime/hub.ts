import type { WebSocket } from 'ws';
import type { Delivery, RealtimeBus } from './bus';

/** This instance's open sockets, by user and channel; deliveries arrive through the bus from any instance. */
export class SocketHub {
  private readonly sockets = new Map<
    string,
    Set<{ channel: string; sessionId: string; socket: WebSocket }>
  >();

  constructor(private readonly bus: RealtimeBus) {
    bus.onDelivery((delivery) => this.deliverLocally(delivery));
  }

  add(options: { userId: string; sessionId: string; channel: string }, socket: WebSocket) {
    const { userId, sessionId, channel } = options;
    const entry = { channel, sessionId, socket };
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(entry);
    socket.on('close', () => {
      set.delete(entry);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
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
    const set = this.sockets.get(delivery.userId);
    if (!set) return;
    for (const { channel, sessionId, socket } of [...set]) {
      if (delivery.channel !== '*' && delivery.channel !== channel) continue;
      if (delivery.exceptSessionId === sessionId) continue;
      if (delivery.payload !== undefined && socket.readyState === socket.OPEN) {
        socket.send(JSON.stringify(delivery.payload));
      }
      if (delivery.close) socket.close(delivery.close.code, delivery.close.reason);
    }
  }
}
