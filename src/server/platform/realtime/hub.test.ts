import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { unauthenticated } from '../errors';
import { createInProcessBus } from './bus';
import { FakeSocket, hubWith } from './hub-fakes';

describe('SocketHub', () => {
  it('delivers to the matching user and channel only', async () => {
    const { hub, socket, asWs } = hubWith(createInProcessBus());
    const other = new FakeSocket();
    const otherChannel = new FakeSocket();
    hub.add({ userId: 'u1', sessionId: 's1', channel: 'account-status' }, asWs);
    hub.add({ userId: 'u1', sessionId: 's1', channel: 'messaging' }, otherChannel as unknown as WebSocket);
    hub.add({ userId: 'u2', sessionId: 's2', channel: 'account-status' }, other as unknown as WebSocket);
    await hub.send({ userId: 'u1', channel: 'account-status', payload: { type: 'ping' } });
    expect(socket.sent).toEqual(['{"type":"ping"}']);
    expect(otherChannel.sent).toEqual([]);
    expect(other.sent).toEqual([]);
  });

  it('closes the sockets of the sessions an ending covers, on every channel, and no others', async () => {
    const bus = createInProcessBus();
    const { hub } = hubWith(bus);
    const open = (userId: string, sessionId: string, channel: string) => {
      const socket = new FakeSocket();
      hub.add({ userId, sessionId, channel }, socket as unknown as WebSocket);
      return socket;
    };
    const kept = open('u1', 'kept', 'messaging');
    const ended = [open('u1', 'other', 'messaging'), open('u1', 'other', 'notifications')];
    const stranger = open('u2', 'other', 'messaging');
    await bus.publishSessionsEnded({ userId: 'u1', exceptSessionId: 'kept' });
    expect(ended.map((socket) => socket.closedWith)).toEqual([4409, 4409]);
    expect([kept.closedWith, stranger.closedWith]).toEqual([null, null]);
    await bus.publishSessionsEnded({ userId: 'u1', sessionId: 'kept' });
    expect(kept.closedWith).toBe(4409);
    expect(hub.connectionCount).toBe(1);
  });

  it('tells the sockets of a deactivated account why before closing them', async () => {
    const bus = createInProcessBus();
    const { hub, socket, asWs } = hubWith(bus);
    hub.add({ userId: 'u1', sessionId: 's1', channel: 'account-status' }, asWs);
    await bus.publishSessionsEnded({ userId: 'u1', reason: 'deactivated' });
    expect(socket.sent).toEqual(['{"type":"account_deactivated"}']);
    expect(socket.closedWith).toBe(4403);
  });

  it('closes a socket when its session expires', async () => {
    const { hub, socket, asWs } = hubWith(createInProcessBus());
    const expired = new FakeSocket();
    hub.add(
      { userId: 'u1', sessionId: 's1', channel: 'notifications', expiresAt: new Date(Date.now() + 50) },
      asWs,
    );
    hub.add(
      { userId: 'u2', sessionId: 's2', channel: 'notifications', expiresAt: new Date(Date.now() - 1) },
      expired as unknown as WebSocket,
    );
    expect(expired.closedWith).toBe(4401);
    expect(socket.closedWith).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(socket.closedWith).toBe(4401);
    expect(hub.connectionCount).toBe(0);
  });

  it('asks again when a session would fall idle: activity keeps the socket open, idleness closes it', async () => {
    const { hub, socket, asWs } = hubWith(createInProcessBus());
    let asked = 0;
    const answers: Array<() => Promise<Date>> = [
      async () => new Date(Date.now() + 40), // the person was active: the moment moves on
      async () => {
        throw unauthenticated('Token expired');
      },
    ];
    hub.add(
      {
        userId: 'u1',
        sessionId: 's1',
        channel: 'notifications',
        expiresAt: new Date(Date.now() + 30),
        recheck: () => (answers[asked++] as () => Promise<Date>)(),
      },
      asWs,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toBe(1);
    expect(socket.closedWith).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(asked).toBe(2);
    expect(socket.closedWith).toBe(4401);
  });

  describe('a socket whose token is still being checked', () => {
    it('is sent, once let in, what reached its user meanwhile, in order, then what comes after', async () => {
      const { hub, socket, asWs } = hubWith(createInProcessBus());
      const admission = hub.wait(asWs, { claimedUserId: 'u1', channel: 'messaging' });
      await hub.send({ userId: 'u1', channel: 'messaging', payload: { n: 1 } });
      await hub.send({ userId: 'u1', channel: 'notifications', payload: { n: 'other channel' } });
      await hub.send({ userId: 'u2', channel: 'messaging', payload: { n: 'other user' } });
      await hub.send({ userId: 'u1', channel: 'messaging', payload: { n: 2 } });
      expect(socket.sent).toEqual([]);
      admission.admit({ userId: 'u1', sessionId: 's1' });
      await hub.send({ userId: 'u1', channel: 'messaging', payload: { n: 3 } });
      expect(socket.sent).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
      expect(hub.connectionCount).toBe(1);
    });

    it('is sent nothing held when its token turns out to be someone else’s', async () => {
      const { hub, socket, asWs } = hubWith(createInProcessBus());
      const admission = hub.wait(asWs, { claimedUserId: 'victim', channel: 'messaging' });
      await hub.send({ userId: 'victim', channel: 'messaging', payload: { secret: true } });
      admission.admit({ userId: 'caller', sessionId: 's1' });
      expect(socket.sent).toEqual([]);
    });

    it('is closed on admission when its session ended while it was checked', async () => {
      const bus = createInProcessBus();
      const { hub, socket, asWs } = hubWith(bus);
      const kept = new FakeSocket();
      const admission = hub.wait(asWs, { channel: 'account-status' });
      const keptAdmission = hub.wait(kept as unknown as WebSocket, { channel: 'account-status' });
      await bus.publishSessionsEnded({ userId: 'u1', reason: 'deactivated' });
      admission.admit({ userId: 'u1', sessionId: 's1' });
      keptAdmission.admit({ userId: 'u2', sessionId: 's2' });
      expect(socket.sent).toEqual(['{"type":"account_deactivated"}']);
      expect(socket.closedWith).toBe(4403);
      expect(kept.closedWith).toBeNull();
      expect(hub.connectionCount).toBe(1);
    });

    it('is sent away to come back when more endings came than it holds', async () => {
      const bus = createInProcessBus();
      const { hub, socket, asWs } = hubWith(bus);
      const admission = hub.wait(asWs, { channel: 'account-status' });
      for (let n = 0; n <= 100; n++) await bus.publishSessionsEnded({ userId: `other-${n}` });
      admission.admit({ userId: 'u1', sessionId: 's1' });
      expect(socket.closedWith).toBe(1001);
      expect(hub.connectionCount).toBe(0);
    });

    it('holds nothing once refused or closed, and a closed one is never let in', async () => {
      const { hub, socket, asWs } = hubWith(createInProcessBus());
      const refused = hub.wait(asWs, { claimedUserId: 'u1', channel: 'messaging' });
      refused.refuse();
      const gone = new FakeSocket();
      const goneAdmission = hub.wait(gone as unknown as WebSocket, {
        claimedUserId: 'u1',
        channel: 'messaging',
      });
      gone.close(1000);
      await hub.send({ userId: 'u1', channel: 'messaging', payload: { n: 1 } });
      goneAdmission.admit({ userId: 'u1', sessionId: 's1' });
      expect(gone.sent).toEqual([]);
      expect(socket.sent).toEqual([]);
      expect(hub.connectionCount).toBe(0);
    });
  });
});
