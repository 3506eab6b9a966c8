import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createInProcessBus } from './bus';
import { FakeSocket, hubWith } from './hub-fakes';

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
});
