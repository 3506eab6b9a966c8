import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createInProcessBus, createRedisBus, type RealtimeBus } from './bus';
import { SocketHub } from './hub';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close', code, Buffer.from(''));
  }
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

function hubWith(bus: RealtimeBus) {
  const hub = new SocketHub(bus);
  const socket = new FakeSocket();
  return { hub, socket, asWs: socket as unknown as WebSocket };
}

describe('SocketHub', () => {
  it('delivers to the matching user and channel, skips the excepted session, and closes on request', async () => {
    const { hub, socket, asWs } = hubWith(createInProcessBus());
    const other = new FakeSocket();
    hub.add({ userId: 'u1', sessionId: 's1', channel: 'account-status' }, asWs);
    hub.add({ userId: 'u2', sessionId: 's2', channel: 'account-status' }, other as unknown as WebSocket);
    await hub.send({ userId: 'u1', channel: 'account-status', payload: { type: 'ping' } });
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    expect(other.sent).toEqual([]);
    await hub.send({ userId: 'u1', channel: '*', exceptSessionId: 's1', close: { code: 4409, reason: 'x' } });
    expect(socket.closedWith).toBeNull();
    await hub.send({ userId: 'u1', channel: '*', close: { code: 4409, reason: 'x' } });
    expect(socket.closedWith).toBe(4409);
    expect(hub.connectionCount).toBe(1);
  });

  it.runIf(process.env.REDIS_URL)('fans a delivery out to another instance through Redis', async () => {
    const url = process.env.REDIS_URL as string;
    const [busA, busB] = [createRedisBus(url), createRedisBus(url)];
    try {
      const a = hubWith(busA);
      const b = hubWith(busB);
      b.hub.add({ userId: 'redis-user', sessionId: 's', channel: 'account-status' }, b.asWs);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await a.hub.send({
        userId: 'redis-user',
        channel: 'account-status',
        payload: { type: 'account_deactivated' },
      });
      await until(() => b.socket.sent.length > 0);
      expect(b.socket.sent).toEqual(['{"type":"account_deactivated"}']);
      expect(await busA.ping()).toBe(true);
    } finally {
      await busA.close();
      await busB.close();
    }
  });
});
