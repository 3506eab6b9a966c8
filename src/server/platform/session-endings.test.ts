import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { createPerson } from '../test/people';
import {
  closeWithin,
  endsTheSessionSockets,
  SESSION_ENDINGS,
  socketsOf,
  trySending,
} from '../test/session-endings';
import { hashToken } from './sessions';

// Authenticated requests are served from the session cache (decision 0013); whatever ends what a session may
// do must still hold from the very next request.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** Asks once as the token, so the next request is served from the cache. */
async function cached(token: string) {
  expect((await me(token)).statusCode).toBe(200);
  expect(t.ctx.sessionCache.find(hashToken(token))).toBeDefined();
}

describe('the session cache', () => {
  it('serves a session it resolved without asking the database again', async () => {
    const person = await t.register();
    await cached(person.token);
    // Revoked behind the services' back: only the cache still knows the session, and it still answers.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, person.user.id));
    expect((await me(person.token)).statusCode).toBe(200);
    t.ctx.sessionCache.forget({ userId: person.user.id });
    expect((await me(person.token)).statusCode).toBe(401);
  });

  it('refuses a signed-out session on the very next request', async () => {
    const person = await t.register();
    await cached(person.token);
    expect((await post('/api/auth/logout', person.token)).statusCode).toBe(200);
    const response = await me(person.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid token');
  });

  it('refuses every other session at once after signing out everywhere', async () => {
    const person = await t.register();
    const second = await t.login(person.user.email, person.password);
    for (const token of [person.token, second.token]) await cached(token);
    expect((await post('/api/auth/logout-all', second.token)).statusCode).toBe(200);
    for (const token of [person.token, second.token]) expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps the session that changed the password and refuses the others at once', async () => {
    const person = await t.register();
    const other = await t.login(person.user.email, person.password);
    for (const token of [person.token, other.token]) await cached(token);
    const change = await post('/api/auth/change-password', person.token, {
      currentPassword: person.password,
      newPassword: 'a-new-password-9',
    });
    expect(change.statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
  });

  it('refuses every session at once after a password reset', async () => {
    const person = await t.register();
    await cached(person.token);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.user.email },
    });
    const [mail] = await t.ctx.mailer.listTo(person.user.email);
    const link = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(link?.[1] ?? ''), newPassword: 'brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(401);
  });

  it('refuses a deactivated account at once', async () => {
    const person = await t.register();
    await cached(person.token);
    const deactivate = await t.injectAs('admin', {
      method: 'POST',
      url: `/api/admin/users/${person.user.id}/deactivate`,
    });
    expect(deactivate.statusCode).toBe(200);
    expect((await me(person.token)).statusCode).toBe(401);
  });

  it('gives a new role effect at once: the old session is refused, a new one has the new role', async () => {
    const person = await createPerson(t, 'admin');
    const overview = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/overview', headers: bearer(person.token) });
    expect((await overview()).statusCode).toBe(200);
    expect(t.ctx.sessionCache.find(hashToken(person.token))?.role).toBe('admin');
    const change = await t.injectAs('admin', {
      method: 'PUT',
      url: `/api/admin/users/${person.id}/role`,
      payload: { role: 'staff' },
    });
    expect(change.statusCode).toBe(200);
    expect((await overview()).statusCode).toBe(401);
    const again = await t.login(person.email, 'correct-horse-1');
    const asStaff = await t.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: bearer(again.token),
    });
    expect(asStaff.statusCode).toBe(403);
  });
});

describe('the sockets of an ended session', () => {
  it.each(SESSION_ENDINGS)('close at once on $name, hear nothing more and send nothing', (ending) =>
    endsTheSessionSockets(ending, { acting: t, holding: t }),
  );

  it('refuses a frame once the session no longer stands, even when the news of its end was lost', async () => {
    const person = await createPerson(t, 'staff');
    const peer = await createPerson(t, 'staff');
    const { messaging } = await socketsOf(t, person.token, person.id);
    // Revoked behind the services' back: no ending reached the hub, so the socket is still open.
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(person.token)));
    t.ctx.sessionCache.forgetAll();
    trySending(messaging, person.id, peer.id, 'sent on a revoked session');
    expect(await closeWithin(messaging)).toBe(4401);
    expect((await messaging.closed).reason).toBe('Invalid token');
    const sent = await t.app.inject({
      method: 'GET',
      url: `/api/messages?with=${person.id}`,
      headers: bearer(peer.token),
    });
    expect(sent.json()).toEqual([]);
  });
});
