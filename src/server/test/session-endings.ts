import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { AuthResponse } from '../../shared/auth';
import { DASHBOARD_CHANGED } from '../../shared/dashboard';
import { SOCKET_CLOSE } from '../../shared/realtime';
import type { Role } from '../../shared/roles';
import type { buildApp } from '../app';
import { DEMO_PASSWORD } from '../db/demo-accounts';
import { messages, sessions } from '../db/schema';
import { createAccount } from '../features/accounts/service';
import { hashToken } from '../platform/sessions';
import { bearer } from './app';
import { openSocket, type TestSocket, untilConnections } from './sockets';

/** One instance of the clinic: a test app, or one of two instances on one database and one Redis. */
export type Clinic = Pick<Awaited<ReturnType<typeof buildApp>>, 'app' | 'ctx'>;

/** A staff member signed in twice: `first` is the session that acts (signs out, changes the password). */
export type TwoSessions = { id: string; email: string; password: string; first: string; second: string };

const PASSWORD = 'correct-horse-1';

async function signIn(clinic: Clinic, email: string, password: string) {
  const response = await clinic.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<AuthResponse>();
}

export async function signedInTwice(clinic: Clinic, role: Role = 'staff'): Promise<TwoSessions> {
  const email = `${role}-${randomBytes(5).toString('hex')}@example.test`;
  const account = { email, password: PASSWORD, firstName: 'Casey', lastName: 'Ends', role };
  const { id } = await createAccount(clinic.ctx.db, account, { actorId: null });
  const first = (await signIn(clinic, email, PASSWORD)).token;
  const second = (await signIn(clinic, email, PASSWORD)).token;
  return { id, email, password: PASSWORD, first, second };
}

const asAdmin = async (clinic: Clinic) => (await signIn(clinic, 'admin@demo.clinic', DEMO_PASSWORD)).token;

/** How long a session's sockets may stay open after the answer that ended it. */
export const PROMPTLY_MS = 1_000;

/**
 * Every way a session ends, each with the sessions whose sockets must close and the code they close with.
 * `end` answers once the session has ended, so a frame sent right after it must already be refused.
 */
export type SessionEnding = {
  name: string;
  closes: 'first' | 'second' | 'both';
  code: number;
  /** Runs before the sockets open. */
  prepare?: (clinic: Clinic, person: TwoSessions) => Promise<void>;
  end: (clinic: Clinic, person: TwoSessions) => Promise<void>;
  /** The ending happens on the instance holding the sockets, so it has no two-instance case. */
  local?: boolean;
};

const EXPIRES_IN_MS = 600;

/** Makes a call that ends a session, which must answer 200. */
async function ok(clinic: Clinic, request: InjectOptions) {
  const response = await clinic.app.inject(request);
  expect(response.statusCode, response.body).toBe(200);
}

async function resetByEmail(clinic: Clinic, person: TwoSessions) {
  await ok(clinic, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email } });
  const [mail] = await clinic.ctx.mailer.listTo(person.email);
  const token = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
  const payload = { token: decodeURIComponent(token), newPassword: 'brand-new-password' };
  await ok(clinic, { method: 'POST', url: '/api/auth/reset-password', payload });
}

export const SESSION_ENDINGS: SessionEnding[] = [
  {
    name: 'sign-out',
    closes: 'first',
    code: SOCKET_CLOSE.signedOut,
    end: (clinic, person) =>
      ok(clinic, { method: 'POST', url: '/api/auth/logout', headers: bearer(person.first) }),
  },
  {
    name: 'sign-out of all sessions',
    closes: 'both',
    code: SOCKET_CLOSE.signedOut,
    end: (clinic, person) =>
      ok(clinic, { method: 'POST', url: '/api/auth/logout-all', headers: bearer(person.first) }),
  },
  {
    name: 'password change (the other sessions)',
    closes: 'second',
    code: SOCKET_CLOSE.signedOut,
    end: (clinic, person) =>
      ok(clinic, {
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(person.first),
        payload: { currentPassword: person.password, newPassword: 'a-new-password-9' },
      }),
  },
  { name: 'password reset', closes: 'both', code: SOCKET_CLOSE.signedOut, end: resetByEmail },
  {
    name: 'deactivation by an admin',
    closes: 'both',
    code: SOCKET_CLOSE.deactivated,
    end: async (clinic, person) =>
      ok(clinic, {
        method: 'POST',
        url: `/api/admin/users/${person.id}/deactivate`,
        headers: bearer(await asAdmin(clinic)),
      }),
  },
  {
    name: 'a new role given by an admin',
    closes: 'both',
    code: SOCKET_CLOSE.signedOut,
    end: async (clinic, person) =>
      ok(clinic, {
        method: 'PUT',
        url: `/api/admin/users/${person.id}/role`,
        headers: bearer(await asAdmin(clinic)),
        payload: { role: 'practitioner' },
      }),
  },
  {
    name: 'expiry',
    closes: 'first',
    code: SOCKET_CLOSE.unauthenticated,
    local: true,
    prepare: async (clinic, person) => {
      await clinic.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + EXPIRES_IN_MS) })
        .where(eq(sessions.tokenHash, hashToken(person.first)));
      clinic.ctx.sessionCache.forgetAll();
    },
    end: () => new Promise((resolve) => setTimeout(resolve, EXPIRES_IN_MS + 20)),
  },
  {
    name: 'ending another session from the list of signed-in devices',
    closes: 'second',
    code: SOCKET_CLOSE.signedOut,
    end: async (clinic, person) => {
      const list = await clinic.app.inject({
        method: 'GET',
        url: '/api/auth/sessions',
        headers: bearer(person.first),
      });
      const other = list.json<Array<{ id: string; current: boolean }>>().find((session) => !session.current);
      await ok(clinic, {
        method: 'DELETE',
        url: `/api/auth/sessions/${other?.id}`,
        headers: bearer(person.first),
      });
    },
  },
  {
    name: 'falling idle past the clinic’s limit',
    closes: 'first',
    code: SOCKET_CLOSE.unauthenticated,
    local: true,
    prepare: async (clinic, person) => {
      // A staff member's limit is 30 minutes: the first session's last activity was nearly that long ago.
      const lastActiveAt = new Date(Date.now() - 30 * 60_000 + EXPIRES_IN_MS);
      await clinic.ctx.db
        .update(sessions)
        .set({ lastActiveAt })
        .where(eq(sessions.tokenHash, hashToken(person.first)));
      clinic.ctx.sessionCache.forgetAll();
    },
    end: () => new Promise((resolve) => setTimeout(resolve, EXPIRES_IN_MS + 20)),
  },
];

/** The three sockets a signed-in browser holds, all of one session. */
export async function socketsOf(clinic: Clinic, token: string, userId: string) {
  const before = clinic.ctx.hub.connectionCount;
  const query = `token=${token}&userId=${userId}`;
  const opened = {
    messaging: await openSocket(clinic, `${query}&channel=messaging`),
    notifications: await openSocket(clinic, `${query}&channel=notifications`),
    accountStatus: await openSocket(clinic, `${query}&channel=account-status`),
  };
  await untilConnections(clinic, before + 3);
  return opened;
}

export type SessionSockets = Awaited<ReturnType<typeof socketsOf>>;

export const each = (sockets: SessionSockets): TestSocket[] => Object.values(sockets);

/** How a socket closed within the time allowed, or 'open' when it did not. */
export const closeWithin = (socket: TestSocket, ms = PROMPTLY_MS) =>
  Promise.race([
    socket.closed.then(({ code }) => code),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);

/** Tries to send a message as the socket's user, the way a browser does. */
export function trySending(socket: TestSocket, from: string, to: string, content: string) {
  socket.socket.send(JSON.stringify({ type: 'new_message', from, to, data: { content } }), () => {});
}

export async function messagesSentBy(clinic: Clinic, userId: string) {
  return clinic.ctx.db.select().from(messages).where(eq(messages.senderId, userId));
}

/**
 * What a standing socket hears next, past what the ending itself told the person: a password change raises a
 * security alert (a notification, and the dashboard's nudge to count it), which the kept session must hear.
 */
async function nextAfterTheEnding(socket: TestSocket) {
  for (;;) {
    const message = (await socket.nextMessage()) as { type?: string };
    if (message.type !== 'notification' && message.type !== DASHBOARD_CHANGED.type) return message;
  }
}

/**
 * Opens the sockets of both sessions of a staff member on `holding`, ends a session on `acting` (the same
 * instance or another), and asserts that the ended sessions' sockets close promptly with the ending's code,
 * that nothing pushed afterwards reaches them while the standing session's sockets still hear it, and that a
 * message sent on them right after the ending is not stored.
 */
export async function endsTheSessionSockets(
  ending: SessionEnding,
  { acting, holding }: { acting: Clinic; holding: Clinic },
) {
  const person = await signedInTwice(acting);
  const witness = await signedInTwice(acting);
  await ending.prepare?.(holding, person);
  const first = await socketsOf(holding, person.first, person.id);
  const second = await socketsOf(holding, person.second, person.id);
  const ended = ending.closes === 'first' ? [first] : ending.closes === 'second' ? [second] : [first, second];
  const standing = ending.closes === 'first' ? [second] : ending.closes === 'second' ? [first] : [];

  await ending.end(acting, person);
  for (const sockets of ended) trySending(sockets.messaging, person.id, witness.id, 'after the end');
  const closedByOwnCheck = new Set<TestSocket>();
  for (const { messaging, notifications, accountStatus } of ended) {
    const codes = await Promise.all([notifications, accountStatus].map((socket) => closeWithin(socket)));
    expect(codes).toEqual([ending.code, ending.code]);
    // The frame sent on it may meet the socket's own check before the news of the ending arrives from
    // another instance: either closes it, and a socket its own check closed is told nothing.
    const messagingCode = await closeWithin(messaging);
    expect([ending.code, SOCKET_CLOSE.unauthenticated]).toContain(messagingCode);
    if (messagingCode !== ending.code) closedByOwnCheck.add(messaging);
  }

  // Pushed after the end: the standing session hears it, the ended ones do not. The witness's own socket
  // hears its push last, so by then every push to the person has been delivered or dropped.
  const { messaging: witnessSocket } = await socketsOf(holding, witness.first, witness.id);
  for (const channel of ['messaging', 'notifications', 'account-status'])
    await acting.ctx.hub.send({ userId: person.id, channel, payload: { type: 'after_the_end' } });
  await acting.ctx.hub.send({ userId: witness.id, channel: 'messaging', payload: { type: 'last' } });
  expect(await witnessSocket.nextMessage()).toEqual({ type: 'last' });
  for (const sockets of standing)
    for (const socket of each(sockets))
      expect(await nextAfterTheEnding(socket)).toEqual({ type: 'after_the_end' });
  const told = ending.code === SOCKET_CLOSE.deactivated ? [{ type: 'account_deactivated' }] : [];
  for (const sockets of ended)
    for (const socket of each(sockets))
      expect(socket.messages).toEqual(closedByOwnCheck.has(socket) ? [] : told);
  expect(await messagesSentBy(acting, person.id)).toEqual([]);
}
