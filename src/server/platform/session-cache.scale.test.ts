import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../shared/auth';
import { DEMO_PASSWORD } from '../db/demo-accounts';
import { bearer } from '../test/app';
import { endsTheSessionSockets, SESSION_ENDINGS } from '../test/session-endings';
import { type Instance, twoInstances } from '../test/two-instances';
import { hashToken } from './sessions';

// Included only when both TEST_DATABASE_URL and REDIS_URL are set (vitest.config.ts): two instances with
// their own session caches on one PostgreSQL database and one Redis. B answers over real HTTP, so its Redis
// subscription and its requests share one event loop as they do in production.
let instances: Awaited<ReturnType<typeof twoInstances>>;
let a: Instance;
let b: Instance;
let bOrigin: string;

beforeAll(async () => {
  instances = await twoInstances();
  ({ a, b } = instances);
  await a.app.ready();
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  bOrigin = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
});

afterAll(() => instances?.close());

async function register() {
  const response = await a.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: `person-${Math.random().toString(36).slice(2)}@example.test`,
      password: 'correct-horse-1',
      firstName: 'Robin',
      lastName: 'Hale',
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<AuthResponse>();
}

const meOnB = (token: string) => fetch(`${bOrigin}/api/auth/me`, { headers: bearer(token) });

/** B has served the token, and keeps nothing of it: beside other instances every request asks the database. */
async function servedOnB(token: string) {
  expect((await meOnB(token)).status).toBe(200);
  expect(b.ctx.sessionCache.find(hashToken(token))).toBeUndefined();
  expect(b.ctx.sessionCache.size).toBe(0);
}

/** Waits until an ending published by A reaches B through Redis, so the test does not race B's subscription. */
async function untilBusConnected() {
  const probe = `probe-${Math.random()}`;
  let seen = false;
  b.ctx.bus.onSessionsEnded((ended) => {
    if (ended.userId === probe) seen = true;
  });
  for (let i = 0; i < 100 && !seen; i++) {
    await a.ctx.sessionCache.end({ userId: probe });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(seen).toBe(true);
}

describe('session endings across two instances', () => {
  it('refuses on instance B, at once, a session signed out on instance A that B had just served', async () => {
    expect(b.ctx.bus.kind).toBe('redis');
    await untilBusConnected();
    const person = await register();
    await servedOnB(person.token);
    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(person.token),
    });
    expect(logout.statusCode).toBe(200);
    const response = await meOnB(person.token);
    expect(response.status).toBe(401);
  });

  it('refuses on instance B, at once, an account deactivated on instance A', async () => {
    const person = await register();
    await servedOnB(person.token);
    const admin = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.clinic', password: DEMO_PASSWORD },
    });
    const deactivate = await a.app.inject({
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/deactivate`,
      headers: bearer(admin.json<AuthResponse>().token),
    });
    expect(deactivate.statusCode).toBe(200);
    expect((await meOnB(person.token)).status).toBe(401);
  });
});

describe('the sockets of a session ended on another instance', () => {
  it.each(SESSION_ENDINGS.filter((ending) => !ending.local))(
    'close at once on instance B on $name on instance A',
    async (ending) => {
      await untilBusConnected();
      await endsTheSessionSockets(ending, { acting: a, holding: b });
    },
  );
});
