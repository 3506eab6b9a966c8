import { describe, expect, it } from 'vitest';
import { createInProcessBus, type RealtimeBus } from './realtime/bus';
import { SessionCache } from './session-cache';

const silent = { error: () => {} };
const inAnHour = () => new Date(Date.now() + 3_600_000);
const person = (id: string, sessionId: string) => ({ id, role: 'patient' as const, sessionId });

function cacheWith(options: { ttlMs?: number; maxEntries?: number; bus?: RealtimeBus } = {}) {
  let now = 1_000_000;
  const cache = new SessionCache({
    bus: options.bus ?? createInProcessBus(),
    log: silent,
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries,
    now: () => now,
  });
  return { cache, pass: (ms: number) => (now += ms), at: (ms: number) => new Date(now + ms) };
}

describe('SessionCache', () => {
  it('keeps a resolved session for its TTL, then asks again', () => {
    const { cache, pass, at } = cacheWith({ ttlMs: 5_000 });
    cache.remember('hash-a', person('u1', 's1'), { expiresAt: at(3_600_000), mark: cache.mark() });
    expect(cache.find('hash-a')).toEqual(person('u1', 's1'));
    pass(4_999);
    expect(cache.find('hash-a')).toBeDefined();
    pass(1);
    expect(cache.find('hash-a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a session past its own expiry', () => {
    const { cache, pass, at } = cacheWith({ ttlMs: 5_000 });
    cache.remember('hash-a', person('u1', 's1'), { expiresAt: at(1_000), mark: cache.mark() });
    pass(1_000);
    expect(cache.find('hash-a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const { cache } = cacheWith({ maxEntries: 2 });
    for (const n of [1, 2, 3])
      cache.remember(`hash-${n}`, person(`u${n}`, `s${n}`), { expiresAt: inAnHour(), mark: cache.mark() });
    expect(cache.size).toBe(2);
    expect(cache.find('hash-1')).toBeUndefined();
    expect(cache.find('hash-3')).toBeDefined();
  });

  it('forgets one session, every session of a person, or all of them but one', () => {
    const { cache } = cacheWith();
    const fill = () => {
      cache.forgetAll();
      for (const [hash, user] of [
        ['a1', person('u1', 's1')],
        ['a2', person('u1', 's2')],
        ['b1', person('u2', 's3')],
      ] as const)
        cache.remember(hash, user, { expiresAt: inAnHour(), mark: cache.mark() });
    };
    fill();
    cache.forget({ userId: 'u1', sessionId: 's1' });
    expect([cache.find('a1'), cache.find('a2'), cache.find('b1')].map(Boolean)).toEqual([false, true, true]);
    fill();
    cache.forget({ userId: 'u1' });
    expect([cache.find('a1'), cache.find('a2'), cache.find('b1')].map(Boolean)).toEqual([false, false, true]);
    fill();
    cache.forget({ userId: 'u1', exceptSessionId: 's2' });
    expect([cache.find('a1'), cache.find('a2'), cache.find('b1')].map(Boolean)).toEqual([false, true, true]);
  });

  it('does not put back a session whose lookup was under way when a session ended', () => {
    const { cache } = cacheWith();
    const mark = cache.mark();
    cache.forget({ userId: 'u1' });
    cache.remember('hash-a', person('u1', 's1'), { expiresAt: inAnHour(), mark });
    expect(cache.find('hash-a')).toBeUndefined();
  });

  it('hands every request a user it cannot change for the next one', () => {
    const { cache } = cacheWith();
    cache.remember('hash-a', person('u1', 's1'), { expiresAt: inAnHour(), mark: cache.mark() });
    expect(Object.isFrozen(cache.find('hash-a'))).toBe(true);
  });

  it('ends a session on every cache that shares the bus', async () => {
    const bus = createInProcessBus();
    const [here, there] = [cacheWith({ bus }).cache, cacheWith({ bus }).cache];
    for (const cache of [here, there])
      cache.remember('hash-a', person('u1', 's1'), { expiresAt: inAnHour(), mark: cache.mark() });
    await here.end({ userId: 'u1', sessionId: 's1' });
    expect(here.find('hash-a')).toBeUndefined();
    expect(there.find('hash-a')).toBeUndefined();
  });

  it('still ends the session here, and answers, when the bus fails', async () => {
    const bus: RealtimeBus = {
      ...createInProcessBus(),
      publishSessionsEnded: () => Promise.reject(new Error('down')),
    };
    const errors: unknown[] = [];
    const cache = new SessionCache({ bus, log: { error: (entry: unknown) => errors.push(entry) } });
    cache.remember('hash-a', person('u1', 's1'), { expiresAt: inAnHour(), mark: cache.mark() });
    await cache.end({ userId: 'u1' });
    expect(cache.find('hash-a')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
