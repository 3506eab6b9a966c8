import { describe, expect, it } from 'vitest';
import { createRedisBus } from './bus';
import { hubWith, until } from './hub-fakes';

// Included only when REDIS_URL is set (vitest.config.ts); the suite says when it is left out.
describe('SocketHub over Redis', () => {
  it('fans a delivery out to another instance through Redis', async () => {
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
