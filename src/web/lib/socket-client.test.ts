import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketStub } from '../test/setup';
import { openReconnectingSocket } from './socket-client';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const dropLatest = () => WebSocketStub.instances.at(-1)?.dispatchEvent(new Event('close'));

describe('reconnecting socket', () => {
  it('reconnects up to 5 times, 3000 ms apart', () => {
    openReconnectingSocket({ url: 'ws://clinic/ws', onMessage: () => undefined });
    expect(WebSocketStub.instances).toHaveLength(1);
    for (let attempt = 1; attempt <= 5; attempt++) {
      dropLatest();
      vi.advanceTimersByTime(2999);
      expect(WebSocketStub.instances).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(WebSocketStub.instances).toHaveLength(attempt + 1);
    }
    dropLatest();
    vi.advanceTimersByTime(10_000);
    expect(WebSocketStub.instances).toHaveLength(6);
  });

  it('starts counting again after a successful connection', () => {
    openReconnectingSocket({ url: 'ws://clinic/ws', onMessage: () => undefined, maxAttempts: 1 });
    dropLatest();
    vi.advanceTimersByTime(3000);
    WebSocketStub.instances.at(-1)?.dispatchEvent(new Event('open'));
    dropLatest();
    vi.advanceTimersByTime(3000);
    expect(WebSocketStub.instances).toHaveLength(3);
  });

  it('does not reconnect after we close it, and passes JSON messages on', () => {
    const onMessage = vi.fn();
    const socket = openReconnectingSocket({ url: 'ws://clinic/ws', onMessage });
    WebSocketStub.instances[0].dispatchEvent(new MessageEvent('message', { data: '{"type":"ping"}' }));
    WebSocketStub.instances[0].dispatchEvent(new MessageEvent('message', { data: 'not json' }));
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({ type: 'ping' });
    socket.close();
    vi.advanceTimersByTime(10_000);
    expect(WebSocketStub.instances).toHaveLength(1);
  });
});

describe('closes the server meant', () => {
  it('stops reconnecting when onClose says so', () => {
    const onClose = vi.fn((code: number) => (code === 4401 ? ('stop' as const) : undefined));
    openReconnectingSocket({ url: 'ws://clinic/ws', onMessage: () => undefined, onClose });
    WebSocketStub.instances[0].dispatchEvent(new CloseEvent('close', { code: 4401 }));
    vi.advanceTimersByTime(10_000);
    expect(onClose).toHaveBeenCalledWith(4401);
    expect(WebSocketStub.instances).toHaveLength(1);
  });
});

describe('sending and reopening', () => {
  it('sends JSON only while open, and tells onOpen whether it is a reconnect', () => {
    const onOpen = vi.fn();
    const socket = openReconnectingSocket({ url: 'ws://clinic/ws', onMessage: () => undefined, onOpen });
    expect(socket.send({ type: 'typing_start' })).toBe(false);
    WebSocketStub.instances[0].accept();
    expect(socket.send({ type: 'typing_start' })).toBe(true);
    expect(WebSocketStub.instances[0].sent).toEqual([{ type: 'typing_start' }]);
    dropLatest();
    vi.advanceTimersByTime(3000);
    WebSocketStub.instances[1].accept();
    expect(onOpen.mock.calls).toEqual([[false], [true]]);
  });
});
